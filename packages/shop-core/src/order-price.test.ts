// PRODUCT section 8, "The price of a cart": every kind of code against a threshold, a cash fee and rounding.
import { describe, expect, it } from 'vitest';
import { COUPON_KINDS } from './constants.ts';
import { couponDiscountPiastres, moreForFreeDelivery, priceOrder, type CouponTerms, type DeliveryRate } from './money.ts';

const flat: DeliveryRate = { feePiastres: 3000, codFeePiastres: 0, freeOverPiastres: null };
const aswan: DeliveryRate = { feePiastres: 8500, codFeePiastres: 1500, freeOverPiastres: 200_000 };

describe('priceOrder with the default table', () => {
  it('is SPEC\'s subtotal plus EGP 30, cash or card, with no code', () => {
    for (const way of ['cash', 'credit'] as const) {
      expect(priceOrder(79_950, flat, way)).toEqual({
        subtotalPiastres: 79_950, discountPiastres: 0, shippingPiastres: 3000, codFeePiastres: 0, totalPiastres: 82_950, freeShippingFromPiastres: null,
      });
    }
  });
});

describe('priceOrder: every kind of code × below/at the threshold × cash/card', () => {
  const codes: Record<(typeof COUPON_KINDS)[number], CouponTerms> = {
    percent: { kind: 'percent', value: 10 },
    fixed: { kind: 'fixed', value: 5000 },
    'free-shipping': { kind: 'free-shipping', value: 0 },
  };
  const expected = {
    // subtotal 1,999.99 (below 2,000): delivery 85 unless the code is free delivery
    below: { subtotal: 199_999, percent: 20_000, fixed: 5000, 'free-shipping': 0 },
    // subtotal 2,000 (at the threshold): delivery free whatever the code
    at: { subtotal: 200_000, percent: 20_000, fixed: 5000, 'free-shipping': 0 },
  } as const;

  for (const [where, figures] of Object.entries(expected)) {
    for (const kind of COUPON_KINDS) {
      for (const way of ['cash', 'credit'] as const) {
        it(`${kind} code, subtotal ${where} the threshold, ${way}`, () => {
          const price = priceOrder(figures.subtotal, aswan, way, codes[kind]);
          const shipping = where === 'at' || kind === 'free-shipping' ? 0 : 8500;
          const codFee = way === 'cash' ? 1500 : 0;
          expect(price.discountPiastres).toBe(figures[kind]);
          expect(price.shippingPiastres).toBe(shipping);
          expect(price.codFeePiastres).toBe(codFee);
          expect(price.totalPiastres).toBe(figures.subtotal - figures[kind] + shipping + codFee);
          expect(price.freeShippingFromPiastres).toBe(200_000);
        });
      }
    }
  }

  it('the threshold is checked on the subtotal before the code, so a code does not take free delivery away', () => {
    expect(priceOrder(200_000, aswan, 'credit', { kind: 'percent', value: 50 }).shippingPiastres).toBe(0);
  });
});

describe('rounding and limits', () => {
  it('rounds a percent to the piastre, half up', () => {
    expect(couponDiscountPiastres(12_345, { kind: 'percent', value: 10 })).toBe(1235); // 1234.5
    expect(couponDiscountPiastres(12_344, { kind: 'percent', value: 10 })).toBe(1234); // 1234.4
    expect(couponDiscountPiastres(999, { kind: 'percent', value: 15 })).toBe(150); // 149.85
    expect(couponDiscountPiastres(1, { kind: 'percent', value: 50 })).toBe(1); // 0.5
  });

  it('never takes more than the subtotal: the total keeps delivery and the cash fee', () => {
    expect(priceOrder(3000, aswan, 'cash', { kind: 'fixed', value: 10_000 })).toMatchObject({ discountPiastres: 3000, totalPiastres: 8500 + 1500 });
    expect(priceOrder(3000, aswan, 'credit', { kind: 'percent', value: 100 })).toMatchObject({ discountPiastres: 3000, totalPiastres: 8500 });
  });

  it('a free-delivery code keeps the cash fee', () => {
    expect(priceOrder(10_000, aswan, 'cash', { kind: 'free-shipping', value: 0 })).toMatchObject({ shippingPiastres: 0, codFeePiastres: 1500, totalPiastres: 11_500 });
  });
});

describe('moreForFreeDelivery', () => {
  it('is what the subtotal lacks, and null when free already or never', () => {
    expect(moreForFreeDelivery(priceOrder(150_000, aswan, 'cash'))).toBe(50_000);
    expect(moreForFreeDelivery(priceOrder(200_000, aswan, 'cash'))).toBeNull();
    expect(moreForFreeDelivery(priceOrder(150_000, flat, 'cash'))).toBeNull();
    expect(moreForFreeDelivery(priceOrder(150_000, aswan, 'cash', { kind: 'free-shipping', value: 0 }))).toBeNull();
  });
});
