// Delivery by governorate (PRODUCT section 8): one row per governorate the owner priced; a governorate without a row
// costs the default (SPEC's EGP 30, no cash fee), so a fresh shop and SPEC's client pay what SPEC says.
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY, GOVERNORATES, type Governorate } from '@shop/core/constants';
import { noDeliveryTo } from '@shop/core/messages';
import { toEgp, toPiastres, type DeliveryRate } from '@shop/core/money';
import type { ShippingRate } from '@shop/core/contract/delivery';
import type { Db } from '../../db/client.ts';
import { shippingRates } from '../../db/schema.ts';
import { changedFields, recordChange, type Actor } from '../audit/audit.ts';
import { invalid } from '../errors.ts';

type Row = typeof shippingRates.$inferSelect;

const defaultRow = (governorate: Governorate): Row => ({ governorate, ...DEFAULT_DELIVERY });

function toRate(row: Row): ShippingRate {
  return {
    governorate: row.governorate,
    fee: toEgp(row.feePiastres),
    codFee: toEgp(row.codFeePiastres),
    minDays: row.minDays,
    maxDays: row.maxDays,
    freeOver: row.freeOverPiastres === null ? null : toEgp(row.freeOverPiastres),
    enabled: row.enabled,
  };
}

function toRow(rate: ShippingRate): Row {
  return {
    governorate: rate.governorate,
    feePiastres: toPiastres(rate.fee),
    codFeePiastres: toPiastres(rate.codFee),
    minDays: rate.minDays,
    maxDays: rate.maxDays,
    freeOverPiastres: rate.freeOver === null ? null : toPiastres(rate.freeOver),
    enabled: rate.enabled,
  };
}

/** The 27 governorates in the shop's order, each priced as stored or by default. */
export async function shippingTable(db: Db): Promise<ShippingRate[]> {
  const stored = new Map((await db.select().from(shippingRates)).map((row) => [row.governorate, row]));
  return GOVERNORATES.map((governorate) => toRate(stored.get(governorate) ?? defaultRow(governorate)));
}

/** What delivery to one governorate costs and takes; 400 "We do not deliver to X yet" when it is switched off. */
export async function deliveryTo(db: Db, governorate: Governorate): Promise<{ rate: DeliveryRate; minDays: number; maxDays: number }> {
  const [row = defaultRow(governorate)] = await db.select().from(shippingRates).where(eq(shippingRates.governorate, governorate));
  if (!row.enabled) throw invalid(noDeliveryTo(governorate));
  return {
    rate: { feePiastres: row.feePiastres, codFeePiastres: row.codFeePiastres, freeOverPiastres: row.freeOverPiastres },
    minDays: row.minDays,
    maxDays: row.maxDays,
  };
}

/**
 * Replaces the table (a governorate left out goes back to the default) and records what changed, row by row, in the
 * same transaction. Rows equal to the default are not stored.
 */
export async function replaceShippingTable(db: Db, table: ShippingRate[], actor: Actor): Promise<ShippingRate[]> {
  return db.transaction(async (tx) => {
    const before = await shippingTable(tx as unknown as Db);
    const given = new Map(table.map((rate) => [rate.governorate, rate]));
    const after = GOVERNORATES.map((governorate) => given.get(governorate) ?? toRate(defaultRow(governorate)));
    const stored = after.map(toRow).filter((row) => !isDefault(row));
    await tx.delete(shippingRates);
    if (stored.length > 0) await tx.insert(shippingRates).values(stored);
    const changed = changedFields(Object.fromEntries(before.map((rate) => [rate.governorate, rate])), Object.fromEntries(after.map((rate) => [rate.governorate, rate])));
    if (Object.keys(changed.after).length > 0) {
      await recordChange(tx as unknown as Db, actor, { entity: 'shipping', entityId: 'table', action: 'update', ...changed });
    }
    return after;
  });
}

function isDefault(row: Row): boolean {
  const fallback = defaultRow(row.governorate);
  return (Object.keys(fallback) as (keyof Row)[]).every((key) => fallback[key] === row[key]);
}

/** The lowest fee of the governorates delivered to, for "Delivery from EGP N" (null when none is). */
export function lowestFee(table: ShippingRate[]): number | null {
  const fees = table.filter((rate) => rate.enabled).map((rate) => rate.fee);
  return fees.length === 0 ? null : Math.min(...fees);
}
