import { describe, expect, it } from 'vitest';
import {
  cardAmount, discountedPiastres, discountedPrice, formatEgp, formatTotal, subtotalPiastres, toEgp, toPiastres, totalPiastres,
  totalsAgree,
} from './money.ts';

describe('toPiastres and toEgp', () => {
  it('convert exactly, without float error', () => {
    expect(toPiastres(0.1 + 0.2)).toBe(30);
    expect(toPiastres(799.5)).toBe(79950);
    expect(toPiastres(19.99)).toBe(1999);
    expect(toEgp(1999)).toBe(19.99);
  });
});

describe('discounted price', () => {
  it('is the price less the percent, rounded to the piastre', () => {
    expect(discountedPrice(200, 25)).toBe(150);
    expect(discountedPrice(199.99, 15)).toBe(169.99); // 169.9915
    expect(discountedPrice(99.99, 33)).toBe(66.99); // 66.9933
    expect(discountedPrice(0.29, 50)).toBe(0.15); // 0.145, half a piastre rounds up
    expect(discountedPiastres(1001, 50)).toBe(501);
  });

  it('is the price itself with no discount, and a piastre at least for 99% off a small price', () => {
    expect(discountedPrice(450, 0)).toBe(450);
    expect(discountedPrice(1, 99)).toBe(0.01);
  });
});

describe('subtotal, total and card amount', () => {
  const lines = [
    { price: 199.99, disCountPrecent: 15, quantity: 2 }, // 2 x 169.99
    { price: 450, disCountPrecent: 0, quantity: 1 },
    { price: 0.29, disCountPrecent: 50, quantity: 3 }, // 3 x 0.15
  ];

  it('adds the discounted unit prices times the quantities', () => {
    expect(subtotalPiastres(lines)).toBe(2 * 16999 + 45000 + 3 * 15);
    expect(subtotalPiastres([])).toBe(0);
  });

  it('adds the flat EGP 30 shipping to the total', () => {
    expect(totalPiastres(lines)).toBe(2 * 16999 + 45000 + 3 * 15 + 3000);
    expect(totalPiastres([{ price: 100, disCountPrecent: 0, quantity: 1 }])).toBe(13000);
  });

  it('charges the card the total in piastres (total times 100)', () => {
    expect(cardAmount(lines)).toBe(totalPiastres(lines));
    expect(cardAmount([{ price: 120.5, disCountPrecent: 10, quantity: 2 }])).toBe(24690); // 2 x 108.45 + 30 = 246.90
  });
});

describe('totalsAgree', () => {
  it('accepts the exact total', () => {
    expect(totalsAgree(330, 33000, 3)).toBe(true);
  });

  it('accepts a difference within half a piastre per item plus half a piastre of final rounding, either way', () => {
    expect(totalsAgree(330.02, 33000, 3)).toBe(true);
    expect(totalsAgree(329.98, 33000, 3)).toBe(true);
    expect(totalsAgree(130.01, 13000, 1)).toBe(true);
    expect(totalsAgree(129.99, 13000, 1)).toBe(true);
  });

  it('refuses a larger difference', () => {
    expect(totalsAgree(330.03, 33000, 3)).toBe(false);
    expect(totalsAgree(329.97, 33000, 3)).toBe(false);
    expect(totalsAgree(130.02, 13000, 1)).toBe(false);
    expect(totalsAgree(100, 13000, 1)).toBe(false);
  });

  it('accepts the total of a client rounding only at the end when the unit price rounds up on the server', () => {
    // 349.90 at 15% is 297.415: the server's unit is 297.42 (total 327.42), the client sends 327.41
    const client = Number((349.9 - (349.9 * 15) / 100 + 30).toFixed(2));
    expect(client).toBe(327.41);
    expect(totalsAgree(client, totalPiastres([{ price: 349.9, disCountPrecent: 15, quantity: 1 }]), 1)).toBe(true);
  });

  it("accepts what a client rounding only at the end sends, when the unit prices round the client's way", () => {
    // 3 x 84.9915 + 30 = 284.9745, sent as 284.97; the server's 3 x 84.99 + 30 = 284.97
    const price = 99.99;
    const client = Number(((price - (price * 15) / 100) * 3 + 30).toFixed(2));
    expect(totalsAgree(client, totalPiastres([{ price, disCountPrecent: 15, quantity: 3 }]), 3)).toBe(true);
  });
});

describe('formatting', () => {
  it('shows totals with one decimal and thousands separators', () => {
    expect(formatTotal(1329.5)).toBe('EGP 1,329.5');
    expect(formatTotal(30)).toBe('EGP 30.0');
    expect(formatTotal(284.97)).toBe('EGP 285.0');
    expect(formatTotal(1234567.25)).toBe('EGP 1,234,567.3');
  });

  it('shows prices with up to two decimals', () => {
    expect(formatEgp(1299.5)).toBe('EGP 1,299.5');
    expect(formatEgp(169.99)).toBe('EGP 169.99');
    expect(formatEgp(100)).toBe('EGP 100');
  });
});
