// The courier's word on its parcels (PRODUCT section 9, decision 064), from its webhook or from the job that asks it
// about the parcels not yet final (a lost webhook is caught within the job's period). Each (tracking number, code,
// time) is applied once (shipment_events); a word older than the shipment's latest changes nothing, nor does any word
// after a final one. The order moves only through the lifecycle (modules/orders/lifecycle.ts, by `courier`): picked
// up or on its way ships an accepted order; delivered delivers it (shipping it first when that word was lost); back at
// the shop cancels it as `returned`, its pieces back on the shelf (counted as refused in the phone's history); an
// ended parcel leaves the order accepted, to be sent again or shipped by hand.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { FINAL_SHIPMENT_STATES, isFinalShipment } from '@shop/core/contract/shipping';
import type { Db } from '../../db/client.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema.ts';
import { moveTo, type MovedBy } from '../orders/lifecycle.ts';
import { ShopError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { finishShipment, type ShipmentRow, type ShippingContext } from './shipments.ts';
import { CourierUnavailable, type ShipmentEvent } from './port.ts';

type OrderRow = typeof orders.$inferSelect;

export type Applied = 'applied' | 'duplicate' | 'stale' | 'unknown';

/** Moves the order as the parcel's new state says, in the caller's transaction, its row locked. */
async function moveOrderFor(jobs: JobQueue, tx: Db, order: OrderRow, event: ShipmentEvent, courier: string): Promise<boolean> {
  const by: MovedBy = { by: 'courier', courier };
  let current = order;
  let stockChanged = false;
  const move = async (to: 'shipped' | 'delivered' | 'canceled', who: MovedBy = by) => {
    const moved = await moveTo(jobs, tx, current, to, who);
    current = moved.order;
    stockChanged ||= moved.stockChanged;
  };
  switch (event.state) {
    case 'picked-up':
    case 'in-transit':
    case 'out-for-delivery':
      if (current.status === 'accepted') await move('shipped');
      break;
    case 'delivered':
      if (current.status === 'accepted') await move('shipped');
      if (current.status === 'shipped') await move('delivered');
      break;
    case 'returned':
      if (current.status === 'accepted' || current.status === 'shipped') await move('canceled', { by: 'courier', courier, reason: 'returned' });
      break;
    default:
      // created, an exception, an ended parcel: the order stays where it is
      break;
  }
  return stockChanged;
}

/**
 * Applies one word of the courier about one of its parcels, once. `applied`: the shipment (and maybe its order) moved;
 * `duplicate`: heard before; `stale`: older than what the shipment already says, or after it was final; `unknown`: a
 * parcel the shop did not make.
 */
export async function applyShipmentEvent(ctx: Pick<ShippingContext, 'db' | 'jobs' | 'catalogChanged'>, courier: string, event: ShipmentEvent): Promise<Applied> {
  const { applied, stockChanged } = await ctx.db.transaction(async (tx) => {
    const heard = await tx
      .insert(shipmentEvents)
      .values({ courier, trackingNumber: event.trackingNumber, code: event.code, at: event.at.toISOString() })
      .onConflictDoNothing()
      .returning({ code: shipmentEvents.code });
    if (heard.length === 0) return { applied: 'duplicate' as const, stockChanged: false };
    const [row] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.courier, courier), eq(shipments.trackingNumber, event.trackingNumber)))
      .for('update');
    if (!row) return { applied: 'unknown' as const, stockChanged: false };
    if (isFinalShipment(row.state) || (row.stateAt && event.at.getTime() < row.stateAt.getTime())) return { applied: 'stale' as const, stockChanged: false };

    // the order first, under its lock (a staff member's move waits for this one, and the other way round)
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    const delivered = event.state === 'delivered';
    await tx
      .update(shipments)
      .set({
        state: event.state,
        stateCode: event.code,
        stateAt: event.at,
        ...(event.attempts === null ? {} : { attempts: sql`greatest(${shipments.attempts}, ${event.attempts})` }),
        ...(event.state === 'exception' ? { exception: event.exception ?? `code ${event.code}` } : {}),
        ...(delivered ? { codCollectedPiastres: event.codCollectedPiastres ?? row.codPiastres, deliveredAt: event.at } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shipments.id, row.id));
    const moved = order ? await moveOrderFor(ctx.jobs, tx, order, event, courier) : false;
    return { applied: 'applied' as const, stockChanged: moved };
  });
  if (stockChanged) ctx.catalogChanged();
  return applied;
}

/**
 * The job's round (PRODUCT section 9): each shipment not yet final is asked about (a lost webhook is caught), and a
 * pending one (its courier's answer lost, or the shop stopped before it came) is asked for again with its reference,
 * so it gets its parcel, never a second. The courier away ends the round; the next one tries again.
 */
export async function pollShipments(ctx: ShippingContext, limit = 500): Promise<{ asked: number; applied: number; made: number }> {
  const courier = ctx.courier;
  const tally = { asked: 0, applied: 0, made: 0 };
  if (!courier) return tally;
  const open = await ctx.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.courier, courier.name), notInArray(shipments.state, [...FINAL_SHIPMENT_STATES])))
    .orderBy(asc(shipments.updatedAt))
    .limit(limit);
  for (const row of open) {
    try {
      if (!row.trackingNumber) {
        await finishShipment(ctx, courier, row.id);
        tally.made++;
        continue;
      }
      tally.asked++;
      const event = await courier.parcel(row.trackingNumber);
      await touched(ctx.db, row);
      if (event && event.code !== row.stateCode && (await applyShipmentEvent(ctx, courier.name, event)) === 'applied') tally.applied++;
    } catch (error) {
      if (error instanceof CourierUnavailable || (error instanceof ShopError && error.kind === 'unavailable')) {
        ctx.log.warn({ err: error.message }, 'the courier could not be asked about its parcels: the next round asks again');
        break;
      }
      ctx.log.warn({ shipmentId: row.id, err: (error as Error).message }, 'a shipment could not be brought up to date');
    }
  }
  return tally;
}

/** A shipment asked about goes to the back of the round's line. */
async function touched(db: Db, row: ShipmentRow): Promise<void> {
  await db.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, row.id));
}
