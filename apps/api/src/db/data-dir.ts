// The embedded database's data directory, checked before PGlite opens it and locked to one process.
// PGlite's own postmaster.pid holds pid -42 and locks nothing: two processes on one directory both start and
// write blind to each other, which loses orders and damages indexes. So the shop keeps a lock file of its own.
import { linkSync, mkdirSync, readFileSync, rmSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
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
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    throw dataDirError(dir, error);
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
      writeFileSync(mine, `${process.pid}\n`);
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

function releaseLock(file: string): void {
  if (!held.delete(file)) return;
  if (Number.parseInt(readLock(file) ?? '', 10) === process.pid) rmSync(file, { force: true });
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}
