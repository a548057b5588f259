import { useCallback, useRef } from 'react';
import { MESSAGES } from '@shop/core/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { CardError, type CardEntry, type CardHolder } from '../card-entry.ts';
import { createPayment, type PaymentPricing } from './create-payment.ts';

interface OpenPayment {
  /** the governorate and code it was priced for: another one is another amount, so another payment */
  pricing: string;
  id: string;
  clientSecret: string;
  amount: number;
  paid: boolean;
}

/** The cart's total changed on the server since the page loaded: nothing was charged. */
export class AmountChangedError extends Error {
  constructor() {
    super(MESSAGES.pricesChanged);
    this.name = 'AmountChangedError';
  }
}

/**
 * Takes the card payment for the cart, once. One payment is kept open across attempts while the total stays
 * the same: a declined card is retried on the same payment (as processors expect), and a payment that went
 * through is not taken again if placing the order then fails; the order is retried with it instead.
 */
export function useCardPayment() {
  const open = useRef<OpenPayment | null>(null);

  /** Answers the id of a payment that went through for `amount` piastres, or throws with the sentence to show. */
  const pay = useCallback(async (entry: CardEntry, amount: number, holder: CardHolder, pricing: PaymentPricing): Promise<{ paymentIntentId: string; charged: boolean }> => {
    const priced = `${pricing.governorate}:${pricing.couponCode ?? ''}`;
    if (open.current && (open.current.amount !== amount || open.current.pricing !== priced)) open.current = null;
    if (open.current?.paid) return { paymentIntentId: open.current.id, charged: false };

    const missing = entry.missing();
    if (missing) throw new CardError(missing);

    let payment = open.current;
    if (!payment) {
      const answer = await createPayment(pricing);
      payment = { pricing: priced, id: answer.paymentIntentId, clientSecret: answer.client_secret, amount: answer.amount, paid: false };
      open.current = payment;
      // the server priced the cart differently from the page: show the shopper the real total before charging
      if (answer.amount !== amount) throw new AmountChangedError();
    }
    try {
      await entry.confirm(payment.clientSecret, holder);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) open.current = null;
      throw error;
    }
    payment.paid = true;
    return { paymentIntentId: payment.id, charged: true };
  }, []);

  /** The server refused the payment for an order (402): the next attempt starts a new one. */
  const forget = useCallback(() => {
    open.current = null;
  }, []);

  return { pay, forget };
}
