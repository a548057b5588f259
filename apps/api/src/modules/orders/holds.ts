// What one shopper may hold without paying (decision 051). An order without an account, or one waiting for its online
// payment, takes its pieces from stock before anyone has paid for them: a guest's lines are capped (after the same
// product in the same size is merged into one line), and the pieces one client address or one mailbox holds at once in
// such orders are bounded, so a throwaway email cannot take a size's whole stock.
import { sql } from 'drizzle-orm';
import { GUEST_LINE_PIECES_MAX, GUEST_ORDER_PIECES_MAX, QUANTITY_MAX } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';
import { conflict, invalid } from '../errors.ts';
import type { BrowserLine } from './pricing.ts';

/**
 * The same product in the same size twice is one line of both quantities; a merged line over 99 is refused for anyone
 * (3 x 99 is not one line of 297), and a guest's over her caps.
 */
export function joined(lines: readonly BrowserLine[], who: 'guest' | 'anyone'): BrowserLine[] {
  const byKey = new Map<string, BrowserLine>();
  for (const line of lines) {
    const key = `${line.product} ${line.size}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const merged = [...byKey.values()];
  if (merged.some((line) => line.quantity > QUANTITY_MAX)) throw invalid(MESSAGES.lineTooMany);
  if (who === 'guest') {
    if (merged.some((line) => line.quantity > GUEST_LINE_PIECES_MAX)) throw invalid(MESSAGES.guestLineTooMany);
    if (merged.reduce((sum, line) => sum + line.quantity, 0) > GUEST_ORDER_PIECES_MAX) throw invalid(MESSAGES.guestOrderTooMany);
  }
  return merged;
}

/**
 * Who holds an order's pieces until it is paid: the client address it came from and its email's key, and how many
 * pieces each may hold at once (UNPAID_HOLD_PIECES; 0 bounds nothing).
 */
export interface Holder {
  clientIp: string;
  emailKey: string;
  maxPieces: number;
}

/** The orders that hold pieces unpaid: a guest's until it ships, and any order waiting for its online payment. */
const held = sql`(${orders.status} = 'awaiting-payment' or (${orders.userId} is null and ${orders.status} = 'accepted'))`;

/**
 * Refuses (409) an order that would make its address or its mailbox hold more than `maxPieces` pieces unpaid, in
 * the order's transaction. The holder is locked first (a transaction lock on each key, in one order), so two orders
 * from one address at once are counted one after the other.
 */
export async function assertHoldAllowed(tx: Db, holder: Holder, pieces: number): Promise<void> {
  // 0: not bounded (the tests and the browser journeys, whose every order comes from one address and one mailbox)
  if (holder.maxPieces === 0) return;
  const keys = [`ip:${holder.clientIp}`, `email:${holder.emailKey}`].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 51))`);
  const [row] = await queryRows<{ pieces: number }>(
    tx,
    sql`select coalesce(max(p), 0)::int as pieces from (
      select sum(line.quantity) as p from ${orders}, jsonb_to_recordset(${orders.lines}) as line(quantity int)
      where ${held} and ${orders.clientIp} = ${holder.clientIp}
      union all
      select sum(line.quantity) from ${orders}, jsonb_to_recordset(${orders.lines}) as line(quantity int)
      where ${held} and ${orders.emailKey} = ${holder.emailKey}
    ) each`,
  );
  if ((row?.pieces ?? 0) + pieces > holder.maxPieces) throw conflict(MESSAGES.heldTooMany);
}
