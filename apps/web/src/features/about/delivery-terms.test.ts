import { describe, expect, it } from 'vitest';
import type { ShippingRate } from '@shop/core/contract/delivery';
import { deliveryTerms } from './delivery-terms.ts';

const rate = (governorate: ShippingRate['governorate'], fee: number, more: Partial<ShippingRate> = {}): ShippingRate => ({
  governorate, fee, codFee: 0, minDays: 2, maxDays: 5, freeOver: null, enabled: true, ...more,
});

describe('the Delivery & payment page’s table', () => {
  it('puts the governorates with the same terms in one row, cheapest first, and names those not delivered to', () => {
    const { rows, off } = deliveryTerms([
      rate('Alexandria', 45),
      rate('Aswan', 75, { codFee: 10, minDays: 3, maxDays: 6 }),
      rate('Cairo', 30, { freeOver: 1500 }),
      rate('Giza', 30, { freeOver: 1500 }),
      rate('Luxor', 75, { codFee: 10, minDays: 3, maxDays: 6 }),
      rate('North Sinai', 30, { enabled: false }),
      rate('Qena', 75, { codFee: 10, minDays: 4, maxDays: 7 }),
    ]);
    expect(rows).toEqual([
      { governorates: ['Cairo', 'Giza'], fee: 30, codFee: 0, minDays: 2, maxDays: 5, freeOver: 1500 },
      { governorates: ['Alexandria'], fee: 45, codFee: 0, minDays: 2, maxDays: 5, freeOver: null },
      { governorates: ['Aswan', 'Luxor'], fee: 75, codFee: 10, minDays: 3, maxDays: 6, freeOver: null },
      { governorates: ['Qena'], fee: 75, codFee: 10, minDays: 4, maxDays: 7, freeOver: null },
    ]);
    expect(off).toEqual(['North Sinai']);
  });

  it('is one row for a table of one price', () => {
    const { rows, off } = deliveryTerms([rate('Cairo', 30), rate('Giza', 30)]);
    expect(rows).toEqual([{ governorates: ['Cairo', 'Giza'], fee: 30, codFee: 0, minDays: 2, maxDays: 5, freeOver: null }]);
    expect(off).toEqual([]);
  });
});
