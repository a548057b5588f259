// What the sizes editor's rows send, and how they follow a stock that changed while the form was open (issue 25).
import type { SizeStock } from '@shop/core/contract/catalog';
import type { SizeRow } from './sizes-editor.tsx';

const loadedOf = (loaded: readonly SizeStock[], size: string) => loaded.find((entry) => entry.size === size);

/** The row still shows the stock the form loaded for its size. */
function showsLoaded(row: SizeRow, entry: SizeStock): boolean {
  if (entry.stock === null) return !row.tracked;
  return row.tracked && row.stock.trim() !== '' && Number(row.stock) === entry.stock;
}

/**
 * The rows as the contract's `sizes`, each with the stock the form loaded for its size (`loadedStock`, when it loaded
 * that size): the API leaves a size the admin did not change as it is now, so the pieces sold meanwhile stay sold, and
 * refuses a change made on a figure that has moved since (409). A tracked size left blank is sent as "not a number"
 * so the form says so.
 */
export function sizesToSave(rows: readonly SizeRow[], loaded: readonly SizeStock[]) {
  return rows.map(({ size, stock, tracked }) => {
    const entry = loadedOf(loaded, size);
    return {
      size,
      stock: tracked ? (stock.trim() === '' ? 'blank' : stock) : null,
      ...(entry ? { loadedStock: entry.stock } : {}),
    };
  });
}

/**
 * The rows after a save was refused because a stock moved: those the admin had not changed show the stock as it is
 * `now`; those the admin changed keep the admin's figure, to be checked against the one the refusal named.
 */
export function rowsOnStockNow(rows: readonly SizeRow[], loaded: readonly SizeStock[], now: readonly SizeStock[]): SizeRow[] {
  return rows.map((row) => {
    const entry = loadedOf(loaded, row.size);
    const current = loadedOf(now, row.size);
    if (!entry || !current || !showsLoaded(row, entry)) return row;
    return { ...row, stock: current.stock === null ? '' : String(current.stock), tracked: current.stock !== null };
  });
}
