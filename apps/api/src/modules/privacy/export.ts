// "Take my data" (PRODUCT section 9): everything the shop holds about her, one JSON document written section by
// section, a page of rows at a time, so a long history is never held in memory whole.
import type { Db } from '../../db/client.ts';
import { PERSONAL_DATA } from './sections.ts';

export async function* accountExport(db: Db, userId: string, now = new Date()): AsyncGenerator<string> {
  yield `{"format":"shop-export","exportedAt":${JSON.stringify(now.toISOString())}`;
  for (const data of PERSONAL_DATA) {
    const rows = data.rows(db, userId);
    if (data.section === 'profile') {
      const first = await rows.next();
      yield `,"profile":${JSON.stringify(first.done ? null : first.value)}`;
      continue;
    }
    let written = 0;
    yield `,${JSON.stringify(data.section)}:[`;
    for await (const row of rows) yield `${written++ === 0 ? '' : ','}${JSON.stringify(row)}`;
    yield ']';
  }
  yield '}\n';
}
