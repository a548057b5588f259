import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/core/contract/orders';
import { formatHoldTime, groupReference, minutesLeft, paymentFlow, paymentState, paymentWayName, pollDelay, timeLeft } from './payment.ts';
import { startPolling } from './use-poll.ts';

const payment = (method: 'card' | 'wallet' | 'kiosk', reference: string | null = null) =>
  ({ provider: 'paymob', method, holdUntil: '2026-11-26T14:30:00.000Z', reference }) as const;

describe("choosing Paymob's flow by the way", () => {
  it('pays a card in the page and a wallet or a kiosk on Paymob’s page', () => {
    expect(paymentFlow('card')).toBe('pixel');
    expect(paymentFlow('wallet')).toBe('redirect');
    expect(paymentFlow('kiosk')).toBe('redirect');
  });
});

describe("an order's payment state", () => {
  it('is nothing for cash or SPEC’s card', () => {
    expect(paymentState({ status: 'accepted' })).toEqual({ kind: 'none' });
    expect(paymentState({ status: 'canceled' })).toEqual({ kind: 'none' });
  });

  it('waits, with its hold and a kiosk’s reference', () => {
    expect(paymentState({ status: 'awaiting-payment', payment: payment('kiosk', '9912345678') })).toEqual({
      kind: 'awaiting', method: 'kiosk', holdUntil: '2026-11-26T14:30:00.000Z', reference: '9912345678',
    });
  });

  it('is paid once Paymob placed the order, whatever happened to it after', () => {
    for (const status of ['accepted', 'shipped', 'delivered', 'canceled'] as const) {
      expect(paymentState({ status, payment: payment('wallet') })).toEqual({ kind: 'paid', method: 'wallet' });
    }
  });

  it('failed when it was not paid, even without its payment', () => {
    expect(paymentState({ status: 'payment-failed', payment: payment('card') })).toEqual({ kind: 'failed', method: 'card' });
    expect(paymentState({ status: 'payment-failed' })).toEqual({ kind: 'failed', method: null });
  });

  it('names the way on an order in words: Paymob’s when it has one', () => {
    expect(paymentWayName({ wayForPayment: 'cash' })).toBe('Cash on delivery');
    expect(paymentWayName({ wayForPayment: 'credit' })).toBe('Card');
    expect(paymentWayName({ wayForPayment: 'credit', payment: payment('wallet') } as Pick<Order, 'wayForPayment' | 'payment'>)).toBe('Mobile wallet');
    expect(paymentWayName({ wayForPayment: 'credit', payment: payment('kiosk') } as Pick<Order, 'wayForPayment' | 'payment'>)).toBe('Kiosk');
  });
});

describe('the hold', () => {
  // ICU writes a narrow no-break space before AM/PM in some versions
  const spaced = (text: string) => text.replace(/\s/g, ' ');
  const holdUntil = '2026-11-26T14:30:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole minutes left, rounded up, never below 0', () => {
    expect(minutesLeft(holdUntil, at('2026-11-26T14:00:00.000Z'))).toBe(30);
    expect(minutesLeft(holdUntil, at('2026-11-26T14:29:01.000Z'))).toBe(1);
    expect(minutesLeft(holdUntil, at('2026-11-26T14:30:00.000Z'))).toBe(0);
    expect(minutesLeft(holdUntil, at('2026-11-26T15:00:00.000Z'))).toBe(0);
    expect(minutesLeft('not a date', at('2026-11-26T14:00:00.000Z'))).toBe(0);
  });

  it('says the time left in the units people use: days and hours, hours and minutes, or minutes (never "2870 minutes")', () => {
    const now = at('2026-11-26T14:00:00.000Z');
    const left = (minutes: number) => timeLeft(new Date(now + minutes * 60_000).toISOString(), now);
    expect(left(2870)).toEqual([{ unit: 'days', count: 1 }, { unit: 'hours', count: 23 }]);
    expect(left(2880)).toEqual([{ unit: 'days', count: 2 }]);
    expect(left(125)).toEqual([{ unit: 'hours', count: 2 }, { unit: 'minutes', count: 5 }]);
    expect(left(60)).toEqual([{ unit: 'hours', count: 1 }]);
    expect(left(59)).toEqual([{ unit: 'minutes', count: 59 }]);
    expect(timeLeft(holdUntil, at('2026-11-26T14:29:01.000Z'))).toEqual([{ unit: 'minutes', count: 1 }]);
    expect(timeLeft(holdUntil, at('2026-11-26T14:30:00.000Z'))).toEqual([]);
  });

  it('ends at Cairo’s time (UTC+2 in November), in Arabic digits in Arabic', () => {
    const now = at('2026-11-26T14:00:00.000Z');
    expect(spaced(formatHoldTime(holdUntil, 'en', now))).toBe('4:30 PM');
    expect(formatHoldTime(holdUntil, 'ar', now)).toMatch(/^٤:٣٠/);
  });

  it('says the day when the hold ends on another day in Cairo', () => {
    const text = spaced(formatHoldTime('2026-11-28T08:00:00.000Z', 'en', at('2026-11-26T14:00:00.000Z')));
    expect(text).toContain('November 28');
    expect(text).toContain('10:00 AM');
  });

  it('keeps Cairo’s day, not UTC’s: 23:30 UTC is already the next day in Cairo', () => {
    expect(spaced(formatHoldTime('2026-11-26T23:30:00.000Z', 'en', at('2026-11-26T23:00:00.000Z')))).toBe('1:30 AM');
  });
});

describe('a kiosk reference', () => {
  it('is grouped by 4 digits to be read out at the counter', () => {
    expect(groupReference('9912345678')).toBe('9912 3456 78');
    expect(groupReference('9912 3456 78')).toBe('9912 3456 78');
  });

  it('stays as it is when it is not only digits', () => {
    expect(groupReference('AB-12')).toBe('AB-12');
  });
});

describe('reading a waiting order again', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is every 3 s for a minute, then every 10 s', () => {
    expect(pollDelay(0)).toBe(3_000);
    expect(pollDelay(59_999)).toBe(3_000);
    expect(pollDelay(60_000)).toBe(10_000);
    expect(pollDelay(600_000)).toBe(10_000);
  });

  it('reads on that schedule, one read at a time, and stops when told', async () => {
    vi.useFakeTimers();
    const read = vi.fn(() => Promise.resolve());
    const stop = startPolling(read);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(read).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(1);
    // the first minute: 20 reads in all, 3 s apart
    await vi.advanceTimersByTimeAsync(57_000);
    expect(read).toHaveBeenCalledTimes(20);
    // then 10 s apart
    await vi.advanceTimersByTimeAsync(9_999);
    expect(read).toHaveBeenCalledTimes(20);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(21);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(21);
  });

  it('waits for a slow read before the next, and keeps going after a failed one', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const read = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('offline')))
      .mockImplementation(() => Promise.resolve());
    const stop = startPolling(read);
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(read).toHaveBeenCalledTimes(2);
    // the second read failed: the next still comes, 3 s later (still the first minute)
    await vi.advanceTimersByTimeAsync(3_000);
    expect(read).toHaveBeenCalledTimes(3);
    stop();
  });
});
