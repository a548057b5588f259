// A notification of the messaging channel, applied (PRODUCT section 9, decision 063): each message once, whatever
// number of times the service delivers it (its id recorded in the transaction that applies it: whatsapp_messages), and
// a button's answer handed to the order's confirmation (modules/orders/confirmation.ts), which moves only the order
// whose phone sent it.
import type { Db } from '../../db/client.ts';
import { whatsappMessages } from '../../db/schema.ts';
import { answerFromMessage, type MessageAnswerOutcome } from '../orders/confirmation.ts';
import type { ShopContext } from '../shop-context.ts';
import type { ShopperAnswer } from './port.ts';

/** True the first time a message id is heard (in the caller's transaction). */
async function firstHeard(tx: Db, messageId: string): Promise<boolean> {
  const [fresh] = await tx.insert(whatsappMessages).values({ id: messageId }).onConflictDoNothing().returning({ id: whatsappMessages.id });
  return Boolean(fresh);
}

export type HeardOutcome = MessageAnswerOutcome | 'duplicate';

/** A shopper's answer, applied once: what it came to ('duplicate' when its message was heard before). */
export async function applyAnswer(ctx: Pick<ShopContext, 'db' | 'jobs' | 'catalogChanged'>, answer: ShopperAnswer): Promise<HeardOutcome> {
  const { outcome, stockChanged } = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await firstHeard(tx, answer.messageId))) return { outcome: 'duplicate' as const, stockChanged: false };
    return answerFromMessage(ctx, tx, { orderId: answer.orderId, answer: answer.answer, fromPhone: answer.fromPhone, at: answer.at, channel: 'whatsapp' });
  });
  if (stockChanged) ctx.catalogChanged();
  return outcome;
}

/** A message that is no answer (a text, a sticker): heard once, changes nothing. Answers whether it was new. */
export async function noteHeard(db: Db, messageId: string): Promise<boolean> {
  return firstHeard(db, messageId);
}
