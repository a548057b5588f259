import type { Db } from '../../db/client.ts';
import { claimUnusedPayments } from './payments.ts';
import type { PaymentProvider } from './providers.ts';

/**
 * A paid payment that no order took belongs to a cart that has since changed (the checkout reuses a paid payment
 * while the total is the same). When the customer starts paying for a new total, the old money goes back. Which
 * payments are unused is decided, and they are marked, in one transaction; the provider is called only for
 * those, so a payment that a concurrent checkout took is never refunded.
 */
export async function refundUnusedPayments(db: Db, provider: PaymentProvider, userId: string, log?: { error(obj: unknown, msg: string): void }): Promise<number> {
  const claimed = await claimUnusedPayments(db, userId);
  for (const paymentId of claimed) {
    try {
      await provider.refund(paymentId);
    } catch (error) {
      // left `refunding`: no order can take it, and the next call retries the refund
      log?.error({ err: error, paymentId }, 'refund failed');
    }
  }
  return claimed.length;
}
