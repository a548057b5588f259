import { describe, expect, it } from 'vitest';
import {
  cartItemLine, discountedPiastres, discountedPrice, formatEgp, priceCart, subtotalPiastres, toEgp, toPiastres,
  totalPiastres, totalsAgree, type CartLine,
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

describe('priceCart', () => {
  const same = (line: CartLine) => line;

  it('prices each line: the unit after its discount, rounded to the piastre, times the quantity', () => {
    const cart = priceCart(
      [
        { pricePiastres: 19999, discountPercent: 15, quantity: 2 }, // 169.9915 -> 169.99
        { pricePiastres: 45000, discountPercent: 0, quantity: 1 },
        { pricePiastres: 29, discountPercent: 50, quantity: 3 }, // 0.145 -> 0.15
      ],
      same,
    );
    expect(cart.lines.map(({ unitPiastres, quantity, linePiastres }) => ({ unitPiastres, quantity, linePiastres }))).toEqual([
      { unitPiastres: 16999, quantity: 2, linePiastres: 33998 },
      { unitPiastres: 45000, quantity: 1, linePiastres: 45000 },
      { unitPiastres: 15, quantity: 3, linePiastres: 45 },
    ]);
    expect(cart.quantity).toBe(6);
    expect(cart.subtotalPiastres).toBe(33998 + 45000 + 45);
    expect(cart.shippingPiastres).toBe(3000);
    expect(cart.totalPiastres).toBe(33998 + 45000 + 45 + 3000);
  });

  it('keeps each item beside its line, in the order given', () => {
    const rows = [
      { id: 'a', product: { pricePiastres: 10000, discountPercent: 10 }, quantity: 1 },
      { id: 'b', product: { pricePiastres: 5000, discountPercent: 0 }, quantity: 4 },
    ];
    const cart = priceCart(rows, (row) => ({ ...row.product, quantity: row.quantity }));
    expect(cart.lines.map((line) => [line.item.id, line.linePiastres])).toEqual([['a', 9000], ['b', 20000]]);
  });

  it('charges an empty cart only the shipping, and a card the total in piastres (total times 100)', () => {
    expect(priceCart([], same)).toEqual({ lines: [], quantity: 0, subtotalPiastres: 0, shippingPiastres: 3000, totalPiastres: 3000 });
    expect(priceCart([{ pricePiastres: 12050, discountPercent: 10, quantity: 2 }], same).totalPiastres).toBe(24690); // 2 x 108.45 + 30
  });

  it("reads a cart item of the API's answer once, from its product's EGP price", () => {
    const item = { quantaty: 3, product: { price: 349.9, disCountPrecent: 15 } } as Parameters<typeof cartItemLine>[0];
    expect(cartItemLine(item)).toEqual({ pricePiastres: 34990, discountPercent: 15, quantity: 3 });
    const cart = priceCart([item], cartItemLine);
    expect(cart.lines[0]?.unitPiastres).toBe(29742); // 297.415 rounds up
    expect(cart.totalPiastres).toBe(3 * 29742 + 3000);
  });

  it('is within the tolerance of what a client rounding only at the end sends for the same cart', () => {
    // 3 x 297.415 + 30 = 922.245: such a client sends 922.25 (or 922.24); the server's own total is 922.26
    const client = Number(((349.9 - (349.9 * 15) / 100) * 3 + 30).toFixed(2));
    const cart = priceCart([{ pricePiastres: 34990, discountPercent: 15, quantity: 3 }], same);
    expect(cart.totalPiastres).toBe(92226);
    expect(totalsAgree(client, cart.totalPiastres, cart.quantity)).toBe(true);
    expect(totalsAgree(client - 0.03, cart.totalPiastres, cart.quantity)).toBe(false);
  });
});

describe('subtotal and total of lines read from the wire', () => {
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

  it('are what priceCart makes of the same lines in piastres', () => {
    const cart = priceCart(lines, (line) => ({ pricePiastres: toPiastres(line.price), discountPercent: line.disCountPrecent, quantity: line.quantity }));
    expect(subtotalPiastres(lines)).toBe(cart.subtotalPiastres);
    expect(totalPiastres(lines)).toBe(cart.totalPiastres);
    expect(totalPiastres([{ price: 120.5, disCountPrecent: 10, quantity: 2 }])).toBe(24690); // 2 x 108.45 + 30 = 246.90
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

describe('formatEgp: amounts as shops write them (PRODUCT section 2)', () => {
  it('writes a whole amount with no decimals', () => {
    expect(formatEgp(1099)).toBe('EGP 1,099');
    expect(formatEgp(0)).toBe('EGP 0');
    expect(formatEgp(30)).toBe('EGP 30');
    expect(formatEgp(1234567)).toBe('EGP 1,234,567');
    expect(formatEgp(1099, 'ar')).toBe('١٬٠٩٩ ج.م.');
    expect(formatEgp(0, 'ar')).toBe('٠ ج.م.');
  });

  it('writes an amount of one decimal with two', () => {
    expect(formatEgp(1439.2)).toBe('EGP 1,439.20');
    expect(formatEgp(0.5)).toBe('EGP 0.50');
    expect(formatEgp(1439.2, 'ar')).toBe('١٬٤٣٩٫٢٠ ج.م.');
  });

  it('writes an amount of two decimals with two', () => {
    expect(formatEgp(466.65)).toBe('EGP 466.65');
    expect(formatEgp(0.01)).toBe('EGP 0.01');
    expect(formatEgp(1234567.25)).toBe('EGP 1,234,567.25');
    expect(formatEgp(466.65, 'ar')).toBe('٤٦٦٫٦٥ ج.م.');
  });

  it('is whole when its piastres round to none', () => {
    expect(formatEgp(99.999)).toBe('EGP 100');
    expect(formatEgp(1.004)).toBe('EGP 1');
  });

  it('writes every amount as Intl does, two decimals or none, in English and in Arabic', () => {
    const en = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const ar = new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = (format: Intl.NumberFormat, amount: number) => format.format(amount).replace(/[.٫]0{2}$|[.٫]٠{2}$/, '');
    // every piastre amount up to EGP 200, then the big ones and the halves that round
    const amounts = [...Array.from({ length: 20_001 }, (_, piastres) => piastres / 100), 999.95, 1000, 1234.05, 99_999.99, 1_234_567.25, 12_345_678.9, 0.005, 1.005, 2.675, 284.97, 1329.45];
    for (const amount of amounts) {
      expect(formatEgp(amount)).toBe(`EGP ${whole(en, amount)}`);
      expect(formatEgp(amount, 'ar')).toBe(`${whole(ar, amount)} ج.م.`);
    }
  }, 30_000);
});
