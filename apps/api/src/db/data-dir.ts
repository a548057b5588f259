// The data directory: checked before the embedded database opens it, locked to one shop, and closed to other users.
// The lock is the shop's own (PostgreSQL's postmaster.pid only guards the server, not the shop's other files, and
// PGlite's held pid -42 and locked nothing): a second shop on one directory refuses to start.
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A start that cannot go on, with a sentence that says why; server.ts prints it alone. */
export class StartupError extends Error {}

/** Below this much free space the embedded database is not opened (it aborts without a word when it cannot write). */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export type DiskSpaceProbe = (dir: string) => { availableBytes: number };

const realDiskSpace: DiskSpaceProbe = (dir) => {
  const stats = statfsSync(dir);
  return { availableBytes: stats.bavail * stats.bsize };
};

/** Creates the directory and proves a file can be written in it. */
export function checkWritable(dir: string): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    throw dataDirError(dir, error);
  }
}

/** The bytes free for the data directory (the stand-in's, in tests); a statfs that fails says there is room. */
export function freeSpace(dir: string, diskSpace: DiskSpaceProbe = realDiskSpace): number {
  try {
    return diskSpace(dir).availableBytes;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export function checkFreeSpace(dir: string, diskSpace: DiskSpaceProbe = realDiskSpace): void {
  const { availableBytes } = diskSpace(dir);
  if (availableBytes < MIN_FREE_BYTES) {
    throw new StartupError(
      `No space left on device for the data directory ${dir}: ${megabytes(availableBytes)} free, the embedded database needs at least ${megabytes(MIN_FREE_BYTES)}; free some space and start again.`,
    );
  }
}

/** A file-system error met while using the data directory, in words. */
export function dataDirError(dir: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new StartupError(`No space left on device for the data directory ${dir}; free some space and start again.`);
    case 'EROFS':
      return new StartupError(`The data directory ${dir} is not writable: it is on a read-only file system.`);
    case 'EACCES':
    case 'EPERM':
      return new StartupError(`The data directory ${dir} is not writable: permission denied (${code}).`);
    case 'ENOTDIR':
    case 'EEXIST':
      return new StartupError(`The data directory ${dir} cannot be created: part of its path is a file, not a directory.`);
    default:
      return new StartupError(`The data directory ${dir} cannot be used: ${(error as Error)?.message ?? String(error)}.`);
  }
}

const held = new Set<string>();
let releaseOnExit = false;

function lockFileOf(dir: string): string {
  return `${dir}.lock`;
}

function readLock(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number, file: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // after a restart in a container the shop may get the pid of the process that left the lock
  if (pid === process.pid) return held.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process: `<dir>.lock` holds the pid. It is made by link(2), which fails when
 * the file exists, so of two processes starting at once exactly one gets it; the file appears with its pid already
 * written. A lock whose process is gone (killed with SIGKILL, a power cut) is stale and taken over.
 */
export function lockDataDir(dir: string): { release(): void } {
  const file = lockFileOf(dir);
  const mine = `${file}.${process.pid}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
      try {
        linkSync(mine, file);
        held.add(file);
        if (!releaseOnExit) {
          releaseOnExit = true;
          process.once('exit', () => {
            for (const lock of held) rmSync(lock, { force: true });
          });
        }
        return { release: () => releaseLock(file) };
      } finally {
        rmSync(mine, { force: true });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw dataDirError(dir, error);
    }
    const content = readLock(file);
    if (content === null) continue; // its holder just let it go
    const pid = Number.parseInt(content, 10);
    if (isAlive(pid, file)) {
      throw new StartupError(
        `The data directory ${dir} is in use by another process (pid ${pid}): stop that process or point DATA_DIR at another directory.`,
      );
    }
    // stale: removed unless another starting process has replaced it meanwhile
    if (readLock(file) === content) rmSync(file, { force: true });
  }
  throw new StartupError(`The data directory ${dir} is being taken by another process starting at the same time: start again.`);
}

/** The pid of the live process that holds `dir`'s lock, or null. */
export function readLockHolder(dir: string): number | null {
  const file = lockFileOf(dir);
  const pid = Number.parseInt(readLock(file) ?? '', 10);
  return isAlive(pid, file) ? pid : null;
}

function releaseLock(file: string): void {
  if (!held.delete(file)) return;
  if (Number.parseInt(readLock(file) ?? '', 10) === process.pid) rmSync(file, { force: true });
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}

/**
 * The data directory holds the token secret, the database password, customers' mail (password-reset links), the
 * backups and the database itself: its folders are 0700 and its files 0600 (issue 25). The shop writes new ones so;
 * whatever is found looser (made by an older version, or by hand) is closed at start. `except` names folders another
 * program keeps (the embedded PostgreSQL's cluster, whose modes PostgreSQL itself enforces).
 */
export function closeToOthers(dataDir: string, except: string[] = []): void {
  try {
    closeTree(dataDir, except);
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
}

function closeTree(dataDir: string, except: string[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const close = (file: string, mode: number) => {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, mode);
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (except.includes(full)) continue;
      if (entry.isDirectory()) {
        close(full, 0o700);
        walk(full);
      } else if (entry.isFile()) {
        close(full, 0o600);
      }
    }
  };
  // 0710 is the embedded PostgreSQL's way in when the shop runs as root (embedded.ts), set there
  if ((statSync(dataDir).mode & 0o067) !== 0) chmodSync(dataDir, 0o700);
  walk(dataDir);
}
