// Queries built once per database and kept prepared (named statements on PostgreSQL, which then also skips parsing and
// planning them). Building the SQL from the schema objects on every request was 11-14% of the CPU of an uncached read
// and of a checkout (docs/performance.md, sections 7 and 9). A prepared query runs on the database's own connections,
// never inside a transaction: use it only for reads and single statements outside one.
import type { Db } from './client.ts';

export function preparedFor<Queries>(make: (db: Db) => Queries): (db: Db) => Queries {
  const made = new WeakMap<Db, Queries>();
  return (db) => {
    let queries = made.get(db);
    if (!queries) {
      queries = make(db);
      made.set(db, queries);
    }
    return queries;
  };
}
