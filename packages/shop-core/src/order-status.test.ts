import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, givesBack, moveMakers, nextStatuses, refusedCustomerCancel, refusedMove } from './order-status.ts';

describe('the order lifecycle', () => {
  it('moves accepted → shipped → delivered, or to canceled from accepted or shipped, and nothing else', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => refusedMove(from, to) === null).map((to) => `${from}>${to}`));
    expect(allowed).toEqual(['accepted>shipped', 'accepted>canceled', 'shipped>delivered', 'shipped>canceled']);
    for (const from of ORDER_STATUSES) {
      expect(nextStatuses(from)).toEqual(ORDER_STATUSES.filter((to) => refusedMove(from, to) === null));
    }
  });

  it('says why a move is refused in a sentence', () => {
    expect(refusedMove('delivered', 'canceled')).toBe('A delivered order cannot be canceled');
    expect(refusedMove('canceled', 'canceled')).toBe('This order is already canceled');
    expect(refusedMove('accepted', 'delivered')).toBe('An order must be shipped before it is delivered');
    expect(refusedMove('shipped', 'accepted')).toBe('A shipped order cannot go back to accepted');
  });

  it("moves no order that waits for its payment or was not paid: Paymob's answer does (PRODUCT section 4)", () => {
    for (const to of ORDER_STATUSES) {
      expect(refusedMove('awaiting-payment', to)).toBe('This order is waiting for its payment');
      expect(refusedMove('payment-failed', to)).toBe('This order was not paid');
    }
    expect(refusedCustomerCancel('awaiting-payment')).toBe('This order is waiting for its payment');
  });

  it('lets a customer cancel only an accepted order', () => {
    expect(refusedCustomerCancel('accepted')).toBeNull();
    expect(refusedCustomerCancel('shipped')).toBe('This order has been shipped and can no longer be canceled');
    expect(refusedCustomerCancel('delivered')).toBe('A delivered order cannot be canceled');
    expect(refusedCustomerCancel('canceled')).toBe('This order is already canceled');
  });
});

describe('the table of moves the lifecycle writes by (decision 058)', () => {
  it("has a person's moves, the courier's and the payment's, and no other", () => {
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => moveMakers(from, to).length > 0).map((to) => `${from}>${to} by ${moveMakers(from, to).join(', ')}`));
    expect(moves).toEqual([
      'accepted>shipped by person, courier',
      'accepted>canceled by person, courier',
      'shipped>delivered by person, courier',
      'shipped>canceled by person, courier',
      'awaiting-payment>accepted by payment',
      'awaiting-payment>payment-failed by payment',
    ]);
  });

  it('gives an order back when it is canceled or its payment failed, and only then', () => {
    expect(ORDER_STATUSES.filter(givesBack)).toEqual(['canceled', 'payment-failed']);
  });
});
