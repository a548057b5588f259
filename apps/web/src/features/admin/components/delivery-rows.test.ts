import { describe, expect, it } from 'vitest';
import { GOVERNORATES } from '@shop/core/constants';
import { checkRow, rowOfMessage, rowsOf, type Row } from './delivery-rows.ts';

const aswan: Row = { governorate: 'Aswan', fee: '85', codFee: '15', minDays: '3', maxDays: '6', freeOver: '2000', enabled: true };

describe("the Delivery page's rows", () => {
  it('lists the 27 governorates in the shop order, one the answer lacks at the default (EGP 30, no cash fee, 2-5 days)', () => {
    const rows = rowsOf([{ governorate: 'Aswan', fee: 85, codFee: 15, minDays: 3, maxDays: 6, freeOver: 2000, enabled: false }]);
    expect(rows.map((row) => row.governorate)).toEqual([...GOVERNORATES]);
    expect(rows.find((row) => row.governorate === 'Aswan')).toEqual({ ...aswan, enabled: false });
    expect(rows[0]).toEqual({ governorate: 'Cairo', fee: '30', codFee: '0', minDays: '2', maxDays: '5', freeOver: '', enabled: true });
  });

  it('reads a row as the API will, a blank free-over amount as never free', () => {
    expect(checkRow(aswan)).toEqual({ rate: { governorate: 'Aswan', fee: 85, codFee: 15, minDays: 3, maxDays: 6, freeOver: 2000, enabled: true } });
    expect(checkRow({ ...aswan, freeOver: '' })).toEqual({ rate: expect.objectContaining({ freeOver: null }) });
  });

  it('names the field of a bad row, and the slowest days when they come before the fastest', () => {
    expect(checkRow({ ...aswan, codFee: '-1' })).toEqual({ error: { field: 'codFee', message: 'Cash fee cannot be negative' } });
    expect(checkRow({ ...aswan, fee: '' })).toEqual({ error: { field: 'fee', message: 'Delivery fee is required' } });
    expect(checkRow({ ...aswan, freeOver: '0' })).toEqual({ error: { field: 'freeOver', message: 'Free delivery from must be more than zero' } });
    expect(checkRow({ ...aswan, minDays: '7' })).toEqual({ error: { field: 'maxDays', message: 'the fastest delivery cannot be slower than the slowest' } });
  });

  it("traces the API's refusal of the table to the row it names, the longer name first", () => {
    expect(rowOfMessage('Aswan: Delivery fee cannot be negative')).toEqual({ index: GOVERNORATES.indexOf('Aswan'), error: { field: 'fee', message: 'Delivery fee cannot be negative' } });
    expect(rowOfMessage('Luxor: the fastest delivery cannot be slower than the slowest')).toEqual({
      index: GOVERNORATES.indexOf('Luxor'),
      error: { field: 'maxDays', message: 'the fastest delivery cannot be slower than the slowest' },
    });
    expect(rowOfMessage('North Sinai is listed twice')).toEqual({ index: GOVERNORATES.indexOf('North Sinai'), error: { field: null, message: 'North Sinai is listed twice' } });
    expect(rowOfMessage('The delivery table must be a list of governorates')).toBeNull();
  });
});
