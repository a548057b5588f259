// What PostgreSQL's errors mean for the shop: a name taken, text it cannot store, a conflict to try again, the
// database away or full. Modules read them to answer in the shop's words; app.ts's error handler reads the rest, and
// a start or a command-line tool that fails says why in one sentence (startFailureMessage).
import { StartupError } from './data-dir.ts';

/** PostgreSQL's unique-violation code, raised when two writers race for the same name. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = pgError(error);
  return cause?.code === '23505' && (constraint === undefined || cause.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}

/** Text PostgreSQL cannot store (a NUL character): the client's input is wrong, not the server. */
export function isInvalidText(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled the transaction back because another one
 * held what it needed. Nothing was written and the same request can simply be sent again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * A statement cancelled: it waited for a lock past lock_timeout (55P03) or ran past statement_timeout (57014), the
 * pool's DB_LOCK_TIMEOUT and DB_STATEMENT_TIMEOUT. Its transaction was rolled back; the shop is busy, not broken.
 */
export function isTimedOut(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '55P03' || code === '57014';
}

// Connection failures and a server shutting down: the shop is unavailable, not broken. Every error of the cause
// chain is looked at: drizzle wraps the driver's "Connection terminated unexpectedly", which has no code.
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError & { cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03'].includes(code) ||
      // the embedded server's socket file, gone while it is started again
      (code === 'ENOENT' && (candidate as { syscall?: string }).syscall === 'connect') ||
      code.startsWith('08') ||
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i.test(
        candidate.message ?? '',
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

// The database cannot store more: a full disk (SQLSTATE 53100, what PostgreSQL and the embedded engine raise on
// ENOSPC), out of memory (53200) or another resource (53000), or the file system's own ENOSPC. The shop is not
// broken and the request was fine: it can be tried again once there is room.
export function isOutOfStorage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError & { cause?: unknown };
    if (['53000', '53100', '53200', 'ENOSPC'].includes(candidate.code ?? '')) return true;
    if (/No space left on device/i.test(candidate.message ?? '')) return true;
    current = candidate.cause;
  }
  return false;
}

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

function pgError(error: unknown): PgLikeError | undefined {
  // drizzle wraps driver errors in `cause`
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError & { cause?: unknown };
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return typeof error === 'object' && error ? (error as PgLikeError) : undefined;
}

/** Why a start failed, in one sentence where the cause is known: the disk, the data directory, the database. */
export function startFailureMessage(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const chain: (Error & { code?: string; path?: string; address?: string; port?: number })[] = [];
  for (let current = error; current instanceof Error && chain.length < 6; current = current.cause) chain.push(current);
  const codes = chain.map((link) => link.code).filter(Boolean);
  const where = chain.find((link) => link.path)?.path;
  if (codes.includes('ENOSPC') || codes.includes('EDQUOT')) return `No space left on device${where ? ` (writing ${where})` : ''}; free some space and start again.`;
  if (codes.includes('EROFS')) return `${where ?? 'A file the shop needs'} is not writable: it is on a read-only file system.`;
  if (codes.includes('EACCES') || codes.includes('EPERM')) return `${where ?? 'A file the shop needs'} is not writable: permission denied.`;
  if (codes.includes('28P01') || codes.includes('28000')) return 'The database refused to log in with the user and password in DATABASE_URL.';
  if (codes.includes('3D000')) return `The database named in DATABASE_URL does not exist: create it first (createdb).`;
  if (isDatabaseUnavailable(error)) {
    const link = chain.find((candidate) => candidate.address) ?? chain.find((candidate) => candidate.code) ?? chain.at(-1);
    const target = link?.address ? ` at ${link.address}:${link.port}` : '';
    return `The database${target} is unreachable (${link?.code ?? link?.message}): check DATABASE_URL and that PostgreSQL is running.`;
  }
  return `The shop could not start: ${String((error as Error)?.stack ?? error)}`;
}
