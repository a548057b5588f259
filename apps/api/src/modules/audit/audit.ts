// The audit trail (PRODUCT section 8, decision 036): each change made from the dashboard writes one row, inside the
// transaction of the change itself, so a change is never without its row and a refused one leaves none.
import { isDeepStrictEqual } from 'node:util';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntity } from '@shop/core/constants';
import type { AuditEntry } from '@shop/core/contract/reports';
import type { Db } from '../../db/client.ts';
import { auditEntries, orders } from '../../db/schema.ts';
import type { Page } from '../paging.ts';

/** Who made a change: the signed-in staff member or admin. */
export interface Actor {
  id: string;
  username: string;
}

type Fields = Record<string, unknown>;

export interface Change {
  entity: AuditEntity;
  entityId: string;
  /** create, update, delete, or what moved: move (an order), role (an account) */
  action: string;
  before: Fields | null;
  after: Fields | null;
}

/** Of two states of a thing, the fields that differ, each side with its own value. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !isDeepStrictEqual(before[key], after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) };
}

/** Writes the change's row; `db` is the change's own transaction. */
export async function recordChange(db: Db, actor: Actor, change: Change): Promise<void> {
  await db.insert(auditEntries).values({ actorId: actor.id, actorUsername: actor.username, ...change });
}

function toEntry(row: typeof auditEntries.$inferSelect, orderNumber: number | null): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, username: row.actorUsername },
    entity: row.entity,
    entityId: row.entityId,
    ...(orderNumber === null ? {} : { orderNumber }),
    action: row.action,
    before: row.before,
    after: row.after,
  };
}

/** Newest first, of one kind of thing or all. */
export async function listAudit(db: Db, page: Page, entity?: AuditEntity) {
  const where: SQL | undefined = entity ? eq(auditEntries.entity, entity) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditEntries, orderNumber: orders.number })
      .from(auditEntries)
      // an order's entry names it by its number
      .leftJoin(orders, eq(orders.id, sql`case when ${auditEntries.entity} = 'order' then ${auditEntries.entityId}::uuid end`))
      .where(and(where))
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(auditEntries).where(and(where)),
  ]);
  return { entries: rows.map((row) => toEntry(row.entry, row.orderNumber)), total: total?.value ?? 0 };
}
