// The refund share of a return (PRODUCT section 9, decision 065): every kind of code, free delivery, the cash fee,
// several lines, part of a line, and returns of one order that together never give back more than it cost.
import { describe, expect, it } from 'vitest';
import { couponDiscountPiastres, returnShare, shareOut, type PaidOrder, type ReturnedPieces } from './money.ts';

const totalOf = (order: PaidOrder) =>
  order.lines.reduce((sum, line) => sum + line.unitPiastres * line.quantity, 0) - order.discountPiastres + order.shippingPiastres + order.codFeePiastres;

/** an order of these lines with this code, delivery and cash fee, priced as the checkout prices it */
function orderOf(lines: PaidOrder['lines'], code: Parameters<typeof couponDiscountPiastres>[1], shipping = 3000, codFee = 0): PaidOrder {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPiastres * line.quantity, 0);
  return { lines, discountPiastres: couponDiscountPiastres(subtotal, code), shippingPiastres: shipping, codFeePiastres: codFee };
}

const piece = (line: number, quantity: number, reason: ReturnedPieces['reason'] = 'too-small'): ReturnedPieces => ({ line, quantity, reason });

describe('shareOut', () => {
  it('shares in proportion and the shares sum to the amount exactly (largest remainders take the piastres left)', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1000, [29_997, 15_000])).toEqual([667, 333]); // 666.62.. and 333.37..
    expect(shareOut(7, [1, 2, 4])).toEqual([1, 2, 4]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(5, [0, 0])).toEqual([0, 0]);
    for (const [amount, weights] of [[12_345, [333, 777, 1]], [1, [50, 50]], [99_999, [10_001, 7, 89_991]]] as const) {
      expect(shareOut(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });
});

describe('returnShare without a code', () => {
  const order = orderOf([{ unitPiastres: 45_000, quantity: 2 }, { unitPiastres: 19_999, quantity: 1 }], null);

  it('gives back the returned pieces\' paid price and keeps the delivery', () => {
    expect(returnShare(order, [], [piece(0, 1)])).toEqual({ piastres: 45_000, lines: [{ line: 0, piastres: 45_000 }], deliveryPiastres: 0 });
    expect(returnShare(order, [], [piece(0, 2), piece(1, 1)]).piastres).toBe(109_999);
  });

  it('gives the delivery back with the last piece when every piece came back defective or wrong', () => {
    expect(returnShare(order, [], [piece(0, 2, 'defective'), piece(1, 1, 'wrong-item')])).toEqual({
      piastres: 112_999, lines: [{ line: 0, piastres: 90_000 }, { line: 1, piastres: 19_999 }], deliveryPiastres: 3000,
    });
    // the shop's fault for one line only: the delivery was still the shopper's for the other
    expect(returnShare(order, [], [piece(0, 2, 'defective'), piece(1, 1, 'changed-mind')]).deliveryPiastres).toBe(0);
    // not the whole order: the delivery brought the pieces she keeps
    expect(returnShare(order, [], [piece(0, 1, 'defective')]).deliveryPiastres).toBe(0);
  });

  it('gives the delivery back with a second return that completes an order returned defective', () => {
    const first = returnShare(order, [], [piece(0, 2, 'defective')]);
    const second = returnShare(order, [piece(0, 2, 'defective')], [piece(1, 1, 'wrong-item')], first.piastres);
    expect(first.deliveryPiastres).toBe(0);
    expect(second.deliveryPiastres).toBe(3000);
    expect(first.piastres + second.piastres).toBe(totalOf(order));
  });
});

describe('returnShare with a percent code', () => {
  // subtotal 1,199.97 + 450 = 1,649.97; 10% = 165.00 (164.997 rounded), shared 3:1-ish over the lines
  const order = orderOf([{ unitPiastres: 39_999, quantity: 3 }, { unitPiastres: 45_000, quantity: 1 }], { kind: 'percent', value: 10 });

  it('takes the line\'s share of the discount off, to the piastre', () => {
    expect(order.discountPiastres).toBe(16_500);
    const [first, second] = shareOut(16_500, [119_997, 45_000]);
    expect(first! + second!).toBe(16_500);
    expect(returnShare(order, [], [piece(1, 1)]).piastres).toBe(45_000 - second!);
    expect(returnShare(order, [], [piece(0, 3)]).piastres).toBe(119_997 - first!);
  });

  it('shares a line\'s paid amount over its pieces so partial returns add up to the line exactly', () => {
    const [lineDiscount] = shareOut(16_500, [119_997, 45_000]);
    const linePaid = 119_997 - lineDiscount!;
    const one = returnShare(order, [], [piece(0, 1)]);
    const two = returnShare(order, [piece(0, 1)], [piece(0, 1)], one.piastres);
    const three = returnShare(order, [piece(0, 1), piece(0, 1)], [piece(0, 1)], one.piastres + two.piastres);
    expect(one.piastres).toBe(Math.floor(linePaid / 3));
    expect(one.piastres + two.piastres + three.piastres).toBe(linePaid);
    for (const share of [one, two, three]) expect(Math.abs(share.piastres - linePaid / 3)).toBeLessThan(1);
  });

  it('a 100% code: nothing was paid for the lines, nothing comes back for them', () => {
    const free = orderOf([{ unitPiastres: 10_000, quantity: 2 }], { kind: 'percent', value: 100 });
    expect(returnShare(free, [], [piece(0, 2)]).piastres).toBe(0);
    expect(returnShare(free, [], [piece(0, 2, 'defective')]).piastres).toBe(3000); // the delivery she paid
  });
});

describe('returnShare with a fixed code', () => {
  // EGP 50 off 300 + 3 x 100: shared 50/50
  const order = orderOf([{ unitPiastres: 30_000, quantity: 1 }, { unitPiastres: 10_000, quantity: 3 }], { kind: 'fixed', value: 5000 });

  it('shares the fixed amount in proportion to the lines', () => {
    expect(returnShare(order, [], [piece(0, 1)]).piastres).toBe(27_500);
    expect(returnShare(order, [], [piece(1, 1)]).piastres).toBe(9166); // 27,500 / 3 rounded down
    expect(returnShare(order, [piece(1, 1)], [piece(1, 2)], 9166).piastres).toBe(18_334);
  });

  it('a fixed code larger than the subtotal: the lines were free', () => {
    const covered = orderOf([{ unitPiastres: 2000, quantity: 1 }], { kind: 'fixed', value: 5000 });
    expect(covered.discountPiastres).toBe(2000);
    expect(returnShare(covered, [], [piece(0, 1)]).piastres).toBe(0);
  });
});

describe('returnShare with free delivery and a cash fee', () => {
  it('free delivery (a code or the threshold): nothing to give back for it', () => {
    const order = orderOf([{ unitPiastres: 50_000, quantity: 1 }], { kind: 'free-shipping', value: 0 }, 0);
    expect(returnShare(order, [], [piece(0, 1, 'defective')])).toEqual({ piastres: 50_000, lines: [{ line: 0, piastres: 50_000 }], deliveryPiastres: 0 });
  });

  it('the cash fee comes back with the delivery, and stays with it otherwise', () => {
    const order = orderOf([{ unitPiastres: 50_000, quantity: 2 }], { kind: 'percent', value: 15 }, 8500, 1500);
    expect(returnShare(order, [], [piece(0, 2, 'wrong-item')])).toEqual({ piastres: 85_000 + 10_000, lines: [{ line: 0, piastres: 85_000 }], deliveryPiastres: 10_000 });
    expect(returnShare(order, [], [piece(0, 2, 'too-large')]).piastres).toBe(85_000);
  });
});

describe('returnShare never gives back more than was paid', () => {
  const orders: PaidOrder[] = [
    orderOf([{ unitPiastres: 33_333, quantity: 3 }, { unitPiastres: 1, quantity: 7 }, { unitPiastres: 99_999, quantity: 1 }], { kind: 'percent', value: 33 }, 4500, 1000),
    orderOf([{ unitPiastres: 12_345, quantity: 5 }, { unitPiastres: 6789, quantity: 2 }], { kind: 'fixed', value: 9999 }, 3000, 0),
    orderOf([{ unitPiastres: 70_000, quantity: 1 }], null, 0, 2000),
  ];

  it('every way of returning an order one piece at a time sums to its lines (and its delivery, for the shop\'s fault)', () => {
    for (const order of orders) {
      for (const reason of ['changed-mind', 'defective'] as const) {
        const earlier: ReturnedPieces[] = [];
        let given = 0;
        // last line first, one piece at a time
        for (let line = order.lines.length - 1; line >= 0; line -= 1) {
          for (let n = 0; n < order.lines[line]!.quantity; n += 1) {
            const share = returnShare(order, earlier, [piece(line, 1, reason)], given);
            expect(share.piastres).toBeGreaterThanOrEqual(0);
            given += share.piastres;
            earlier.push(piece(line, 1, reason));
          }
        }
        const withoutDelivery = totalOf(order) - order.shippingPiastres - order.codFeePiastres;
        expect(given).toBe(reason === 'defective' ? totalOf(order) : withoutDelivery);
      }
    }
  });

  it('asking for more pieces than were bought gives back only the pieces there were', () => {
    const [order] = orders;
    const all = returnShare(order!, [], [piece(0, 3)]);
    expect(returnShare(order!, [], [piece(0, 9)]).piastres).toBe(all.piastres);
    expect(returnShare(order!, [piece(0, 3)], [piece(0, 1)], all.piastres).piastres).toBe(0);
  });

  it('an earlier return that gave back more than its share leaves only what the order still holds', () => {
    const order = orders[2]!; // 700 + cash fee 20
    const share = returnShare(order, [], [piece(0, 1, 'defective')], 71_000);
    expect(share.piastres).toBe(1000);
    expect(share.lines[0]!.piastres + share.deliveryPiastres).toBe(1000);
  });
});
