// How an error is written to the log (pino's `err` serializer, set once in app.ts for every logger of the app).
// A database error carries the statement's parameters: drizzle's message ends with "params: Mona,mona@...", and the
// driver's error has them as `params` (the embedded engine's) or the row in `detail` ("Key (email)=(...)"). Those
// are the customer's data: the log keeps the SQL text, the SQLSTATE, the table and the database's own words.
import { stdSerializers } from 'pino';

interface DatabaseErrorLike {
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  table?: unknown;
  constraint?: unknown;
  query?: unknown;
  cause?: unknown;
}

// PostgreSQL's classes: two digits, or F0, HV, P0, XX (an errno such as EPIPE is no SQLSTATE)
const SQLSTATE = /^(?:[0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;
const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function loggableError(error: unknown): LoggedError {
  const chain: DatabaseErrorLike[] = [];
  for (let current: unknown = error; chain.length < 6 && current && typeof current === 'object'; current = (current as DatabaseErrorLike).cause) {
    chain.push(current as DatabaseErrorLike);
  }
  const query = chain.map((link) => link.query).find((text): text is string => typeof text === 'string');
  const reported = chain.find((link) => typeof link.code === 'string' && SQLSTATE.test(link.code));
  if (query === undefined && !reported) return stdSerializers.err(error as Error);

  const code = reported?.code as string | undefined;
  const origin = reported ?? chain[chain.length - 1]!;
  const table = typeof reported?.table === 'string' ? reported.table : query?.match(WRITTEN_TABLE)?.[1];
  const outer = chain[0]!;
  return {
    type: (error as object).constructor?.name ?? 'Error',
    message: databaseWords(origin.message, code),
    ...(code ? { code } : {}),
    ...(table ? { table } : {}),
    ...(typeof reported?.constraint === 'string' ? { constraint: reported.constraint } : {}),
    ...(query !== undefined ? { query } : {}),
    // the frames only: the first line of a stack repeats the message, parameters and all
    stack: String(outer.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}

function databaseWords(message: unknown, code: string | undefined): string {
  const words = typeof message === 'string' ? message : 'database error';
  // drizzle's own message is the statement and its parameters: said by `query` already
  if (words.startsWith('Failed query:')) return 'query failed';
  // a data exception quotes the value it could not take ('invalid input syntax for type uuid: "..."')
  if (code?.startsWith('22')) return words.split(': ')[0]!;
  return words;
}
