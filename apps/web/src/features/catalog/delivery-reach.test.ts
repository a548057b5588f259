import { describe, expect, it } from 'vitest';
import { lowestFee } from './delivery-reach.ts';

describe('the product page’s "Delivery from", read from the table', () => {
  const row = (fee: number, enabled = true) => ({ governorate: 'Cairo' as const, fee, codFee: 0, minDays: 2, maxDays: 5, freeOver: null, enabled });
  it('is the lowest fee of the governorates delivered to, none when none is', () => {
    expect(lowestFee([row(85), row(30), row(10, false)])).toBe(30);
    expect(lowestFee([row(30, false)])).toBeNull();
    expect(lowestFee([])).toBeNull();
  });
});
