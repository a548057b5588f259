import { describe, expect, it } from 'vitest';
import { SizesSchema } from '@shop/core/contract/catalog';
import type { SizeStock } from '@shop/core/contract/catalog';
import type { SizeRow } from './sizes-editor.tsx';
import { rowsOnStockNow, sizesToSave } from './sizes-to-save.ts';

const LOADED: SizeStock[] = [{ size: 'S', stock: 5 }, { size: 'M', stock: 5 }, { size: 'L', stock: null }];
const row = (size: string, stock: string, tracked = true): SizeRow => ({ key: size, size, stock, tracked });

describe('sizesToSave', () => {
  it('sends with each size the stock the form loaded for it, and none with a size it did not load', () => {
    const rows = [row('M', '9'), row('S', '5'), row('L', '', false), row('XL', '3'), row('XS', ' ')];
    expect(sizesToSave(rows, LOADED)).toEqual([
      { size: 'M', stock: '9', loadedStock: 5 },
      { size: 'S', stock: '5', loadedStock: 5 },
      { size: 'L', stock: null, loadedStock: null },
      { size: 'XL', stock: '3' },
      { size: 'XS', stock: 'blank' },
    ]);
  });

  it('is what the shared schema takes: the update call carries the loaded figures', () => {
    const parsed = SizesSchema.parse(sizesToSave([row('M', '9'), row('S', '5'), row('L', '', false)], LOADED));
    expect(parsed).toEqual([
      { size: 'M', stock: 9, loadedStock: 5 },
      { size: 'S', stock: 5, loadedStock: 5 },
      { size: 'L', stock: null, loadedStock: null },
    ]);
  });

  it('sends no loaded figures on a new product', () => {
    expect(sizesToSave([row('M', '4')], [])).toEqual([{ size: 'M', stock: '4' }]);
  });
});

describe('rowsOnStockNow', () => {
  it('shows the stock now in the rows the admin left alone, and keeps the figures the admin typed', () => {
    const rows = [row('S', '5'), row('M', '9'), row('L', '', false), row('XL', '2')];
    const now: SizeStock[] = [{ size: 'S', stock: 3 }, { size: 'M', stock: 2 }, { size: 'L', stock: 4 }, { size: 'XL', stock: 6 }];
    expect(rowsOnStockNow(rows, LOADED, now)).toEqual([row('S', '3'), row('M', '9'), row('L', '4'), row('XL', '2')]);
  });

  it('turns an untouched row to "not tracked" when the size is no longer tracked', () => {
    expect(rowsOnStockNow([row('S', '5')], LOADED, [{ size: 'S', stock: null }])).toEqual([row('S', '', false)]);
  });
});
