// The deletion log (PRODUCT section 9, docs/reliability.md): one line per erased account, its id and when, appended
// beside the backups (DATA_DIR/backups, what the operator copies off the machine) before the erasure commits. A
// backup restored later brings her rows back; the next start reads this log and erases them again (erasure.ts), so a
// restore never brings her back silently. Ids only: nothing in it names her.
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ERASURE_LOG_FILE = 'erasures.log';

export class ErasureLog {
  constructor(readonly file: string) {}

  static in(dir: string): ErasureLog {
    return new ErasureLog(path.join(dir, ERASURE_LOG_FILE));
  }

  /** Written and flushed to the disk before the caller commits the erasure. */
  append(userId: string, at = new Date()): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    appendFileSync(this.file, `${JSON.stringify({ user: userId, at: at.toISOString() })}\n`, { mode: 0o600 });
    const fd = openSync(this.file, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Every id the log holds; a line cut short by a crash is skipped. */
  ids(): string[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = new Set<string>();
    for (const line of text.split('\n')) {
      try {
        const entry = JSON.parse(line) as { user?: unknown };
        if (typeof entry.user === 'string') ids.add(entry.user);
      } catch {
        // an empty or torn line
      }
    }
    return [...ids];
  }
}
