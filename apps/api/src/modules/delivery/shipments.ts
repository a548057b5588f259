// An order's parcel with the courier (PRODUCT section 9, decision 064): made once per order however often staff ask.
// The order is locked and checked (placed, confirmed, not yet gone), and a `pending` shipment row is committed before
// the courier is called; the call carries the row's reference (the order's id: Bosta's uniqueBusinessReference), so a
// request made again, after a lost answer, a timeout or a crash, is answered by the courier with the parcel it already
// made. The call itself is made holding the shipment row's lock, so of many asking at once one calls and the others
// read what it got.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { toEgp } from '@shop/core/money';
import type { Order } from '@shop/core/contract/orders';
import type { Shipment, ShipmentOptions, ShipmentsAnswer } from '@shop/core/contract/shipping';
import type { Governorate } from '@shop/core/constants';
import type { Db } from '../../db/client.ts';
import { orders, shipments } from '../../db/schema.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { conflict, notFound, ShopError, unavailable } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { ShopContext } from '../shop-context.ts';
import { CourierRefusedAddress, CourierRefusedPickup, CourierUnavailable, type Courier, type PickupRefusal } from './port.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What sending orders to the courier reaches. */
export type ShippingContext = Pick<ShopContext, 'db' | 'jobs' | 'courier' | 'catalogChanged' | 'log' | 'config'>;

// the courier is called while its shipment row is locked: a second asker waits as long as the call may take
const CALL_LOCK_TIMEOUT = '30s';

/** A shipment as the wire says it. */
export function toShipment(row: ShipmentRow, courier: Courier | null): Shipment {
  return {
    courier: row.courier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingNumber && courier?.name === row.courier ? courier.trackingUrl(row.trackingNumber) : null,
    state: row.state,
    stateCode: row.stateCode,
    cod: toEgp(row.codPiastres),
    codCollected: row.codCollectedPiastres === null ? null : toEgp(row.codCollectedPiastres),
    attempts: row.attempts,
    exception: row.exception,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each order's shipment: its open one, else its latest ended one. */
export async function shipmentsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, ShipmentRow>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, ids))
    .orderBy(sql`(${shipments.state} = 'ended')`, desc(shipments.createdAt));
  const byOrder = new Map<string, ShipmentRow>();
  for (const row of rows) if (!byOrder.has(row.orderId)) byOrder.set(row.orderId, row);
  return byOrder;
}

/** Orders' answers with their shipments (staff's, the admin's and the owner's: PRODUCT section 9). */
export async function withShipments(db: Db, courier: Courier | null, list: readonly Order[]): Promise<Order[]> {
  const found = await shipmentsOf(db, list.map((order) => order._id));
  return list.map((order) => {
    const row = found.get(order._id);
    return row ? { ...order, shipment: toShipment(row, courier) } : order;
  });
}

/** What the courier collects: the total of a cash order, nothing of a paid one. */
const codOf = (order: OrderRow) => (order.wayForPayment === 'cash' ? order.totalPiastres : 0);

/**
 * Locks the order, checks it may be sent, and answers its open shipment, or writes a `pending` one (committed before
 * the courier is called). An order sent before whose parcel the courier ended is sent again under a reference of its
 * own (`<order id>-2`, ...): the courier would answer the first reference with the ended parcel.
 */
async function openShipment(ctx: ShippingContext, courier: Courier, orderId: string, options: ShipmentOptions, actor: Actor): Promise<ShipmentRow> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(MESSAGES.orderNotFound);
    const [open] = await tx.select().from(shipments).where(and(eq(shipments.orderId, orderId), ne(shipments.state, 'ended')));
    if (open) return open;
    if (order.confirmationStatus === 'pending' && order.status === 'accepted') throw conflict(MESSAGES.confirmOrderFirst);
    if (order.status !== 'accepted') throw conflict(MESSAGES.shipmentNotAccepted);
    const [ended] = await tx.select({ n: sql<number>`count(*)::int` }).from(shipments).where(eq(shipments.orderId, orderId));
    const reference = ended!.n === 0 ? orderId : `${orderId}-${ended!.n + 1}`;
    const [row] = await tx
      .insert(shipments)
      .values({ orderId, courier: courier.name, reference, codPiastres: codOf(order), packageType: options.packageType, notes: options.notes, allowOpening: options.allowOpening })
      .returning();
    await recordChange(tx, actor, { entity: 'order', entityId: orderId, action: 'ship', before: null, after: { courier: courier.name, cod: toEgp(row!.codPiastres) } });
    return row!;
  });
}

/** What the courier needs of the order, in the port's words. */
function requestOf(ctx: ShippingContext, courier: Courier, row: ShipmentRow, order: OrderRow) {
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const description = order.lines.map((line) => `${line.product.name} (${line.size}) x${line.quantity}`).join(', ').slice(0, 200);
  return {
    reference: row.reference,
    orderNumber: order.number,
    receiver: { firstName: order.firstName, lastName: order.secondName, phone: order.phoneNumber, email: order.email },
    address: { governorate: order.governorate as Governorate, city: order.city, street: order.address },
    codPiastres: row.codPiastres,
    packageType: row.packageType,
    itemsCount: pieces,
    description,
    notes: row.notes,
    allowOpening: row.allowOpening,
    webhookUrl: `${ctx.config.publicUrl}/api/shipping/${courier.name}/webhook`,
  };
}

/**
 * Asks the courier for a pending shipment's parcel, holding its row's lock, and keeps its tracking number. A shipment
 * already made answers as it is. The courier refusing the address removes the pending row (the address may be put
 * right and the order sent again) and is a 409 with the shop's sentence; the courier not answering leaves it pending
 * (a 503: asked again, by staff or by the job, it makes no second parcel).
 */
export async function finishShipment(ctx: ShippingContext, courier: Courier, shipmentId: string): Promise<ShipmentRow> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${CALL_LOCK_TIMEOUT}'`));
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    if (!row) return { refused: null, row: null };
    if (row.trackingNumber) return { refused: null, row };
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    try {
      const parcel = await courier.createParcel(requestOf(ctx, courier, row, order!));
      const [made] = await tx
        .update(shipments)
        .set({ trackingNumber: parcel.trackingNumber, courierId: parcel.courierId, state: 'created', updatedAt: new Date() })
        .where(eq(shipments.id, row.id))
        .returning();
      return { refused: null, row: made! };
    } catch (error) {
      if (error instanceof CourierRefusedAddress) {
        await tx.delete(shipments).where(eq(shipments.id, row.id));
        return { refused: error, row: null };
      }
      throw error;
    }
  }).catch((error: unknown) => {
    if (error instanceof CourierUnavailable) {
      ctx.log.warn({ shipmentId, err: error.message }, 'the courier did not make the parcel: the shipment stays pending');
      throw unavailable(MESSAGES.courierUnavailable);
    }
    throw error;
  });
  if (outcome.refused) {
    ctx.log.info({ shipmentId, courier: courier.name, said: outcome.refused.detail }, 'the courier refused the address');
    throw conflict(MESSAGES.courierRefusedAddress);
  }
  if (!outcome.row) throw notFound(MESSAGES.shipmentNotFound);
  return outcome.row;
}

/** POST /api/orders/{id}/shipment: the order's shipment, made once (PRODUCT section 9). */
export async function sendToCourier(ctx: ShippingContext, orderId: string, options: ShipmentOptions, actor: Actor): Promise<ShipmentRow> {
  const courier = ctx.courier;
  if (!courier) throw conflict(MESSAGES.courierNotConfigured);
  const row = await openShipment(ctx, courier, orderId, options, actor);
  return row.trackingNumber ? row : finishShipment(ctx, courier, row.id);
}

/**
 * POST /api/shipments: each order sent in turn, as one would be, each answering its own result (one refused stops
 * none of the others). `say` puts a sentence in the asker's language.
 */
export async function sendManyToCourier(ctx: ShippingContext, orderIds: readonly string[], options: ShipmentOptions, actor: Actor, say: (message: string) => string): Promise<ShipmentsAnswer> {
  if (!ctx.courier) throw conflict(MESSAGES.courierNotConfigured);
  const results: ShipmentsAnswer['results'] = [];
  for (const orderId of [...new Set(orderIds)]) {
    try {
      const row = await sendToCourier(ctx, orderId, options, actor);
      results.push({ order: orderId, ok: true, message: say(MESSAGES.shipmentCreated), shipment: toShipment(row, ctx.courier) });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      results.push({ order: orderId, ok: false, message: say(error.message) });
    }
  }
  return { results };
}

/** GET /api/orders/{id}/shipment/waybill: the courier's PDF for the order's parcel, and the order's number to name it. */
export async function waybillOf(ctx: Pick<ShippingContext, 'db' | 'courier'>, orderId: string): Promise<{ pdf: Buffer; number: number }> {
  const courier = ctx.courier;
  if (!courier) throw conflict(MESSAGES.courierNotConfigured);
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [order] = await ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MESSAGES.orderNotFound);
  const row = (await shipmentsOf(ctx.db, [orderId])).get(orderId);
  if (!row?.trackingNumber || row.courier !== courier.name) throw notFound(MESSAGES.shipmentNotFound);
  try {
    return { pdf: await courier.waybills([{ trackingNumber: row.trackingNumber, courierId: row.courierId }]), number: order.number };
  } catch (error) {
    if (error instanceof CourierUnavailable) throw unavailable(MESSAGES.courierUnavailable);
    throw error;
  }
}

const PICKUP_REFUSED: Record<PickupRefusal, string> = {
  friday: MESSAGES.pickupFriday,
  'cut-off': MESSAGES.pickupPastCutoff,
  holiday: MESSAGES.pickupHoliday,
  'already-booked': MESSAGES.pickupAlreadyBooked,
  other: MESSAGES.pickupRefused,
};

/** POST /api/shipments/pickup: the courier asked to collect `parcels` on a Cairo date; its refusal as one sentence. */
export async function bookPickup(ctx: Pick<ShippingContext, 'courier' | 'log'>, date: string, parcels: number): Promise<{ id: string; date: string; parcels: number }> {
  const courier = ctx.courier;
  if (!courier) throw conflict(MESSAGES.courierNotConfigured);
  try {
    const { id } = await courier.bookPickup(date, parcels);
    return { id, date, parcels };
  } catch (error) {
    if (error instanceof CourierRefusedPickup) {
      ctx.log.info({ date, reason: error.reason, said: error.detail }, 'the courier refused a pickup');
      throw conflict(PICKUP_REFUSED[error.reason]);
    }
    if (error instanceof CourierUnavailable) throw unavailable(MESSAGES.courierUnavailable);
    throw error;
  }
}
