// What the product page and the admin's low stock say of a size (issue 42: never "Only 0 left").
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_MAX } from './constants.ts';
import { stockNote } from './stock.ts';

describe('stockNote', () => {
  it('says a size with nothing left is sold out, never "0 left"', () => {
    expect(stockNote(0)).toEqual({ kind: 'sold-out' });
  });

  it('counts the pieces left from 1 to LOW_STOCK_MAX', () => {
    expect(stockNote(1)).toEqual({ kind: 'few', left: 1 });
    expect(stockNote(LOW_STOCK_MAX)).toEqual({ kind: 'few', left: LOW_STOCK_MAX });
  });

  it('says nothing of plenty, or of a size whose stock is not tracked', () => {
    expect(stockNote(LOW_STOCK_MAX + 1)).toBeNull();
    expect(stockNote(null)).toBeNull();
  });
});
