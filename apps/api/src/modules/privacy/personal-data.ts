// What each module holds about a person, for her export and her erasure (PRODUCT section 9). A module whose tables
// hold rows of hers declares one `PersonalData` in its own folder (`<module>/personal-data.ts`) and adds it to the list
// in sections.ts: the export then writes its section, and the erasure runs its `erase` in the erasure's transaction.
import type { Db } from '../../db/client.ts';

/** The account being erased, as it was. */
export interface ErasedAccount {
  id: string;
  email: string;
  username: string;
}

export interface PersonalData {
  /** the export's key for these rows */
  section: string;
  /** her rows, read a page at a time; secrets (hashes, tokens) left out */
  rows(db: Db, userId: string): AsyncGenerator<unknown>;
  /**
   * What erasing her account does to these rows, in the erasure's transaction, before the account's row is deleted
   * (the rows that cascade with it need nothing here).
   */
  erase?(tx: Db, account: ErasedAccount): Promise<void>;
}

const PAGE_ROWS = 500;

/** The rows a query reads, a page at a time (the query orders them by a key, so pages neither skip nor repeat). */
export async function* paged<T>(read: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const rows = await read(PAGE_ROWS, offset);
    yield* rows;
    if (rows.length < PAGE_ROWS) return;
  }
}

/** What replaces her name, email, phone and address in the rows the shop keeps (her orders). */
export const ERASED = 'Deleted';
