// The audit trail's rows of hers (PRODUCT section 9): the changes she made from the dashboard (staff, admins) are
// exported; on erasure they stay, by "Deleted", and her username leaves the rows about her account.
import { asc, eq, sql } from 'drizzle-orm';
import { auditEntries } from '../../db/schema.ts';
import { ERASED, paged, type PersonalData } from '../privacy/personal-data.ts';

const withoutName = (column: typeof auditEntries.before | typeof auditEntries.after) =>
  sql`case when ${column} ? 'username' then ${column} || jsonb_build_object('username', ${ERASED}::text) else ${column} end`;

export const auditData: PersonalData = {
  section: 'audit',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(auditEntries).where(eq(auditEntries.actorId, userId)).orderBy(asc(auditEntries.at), asc(auditEntries.id)).limit(limit).offset(offset)),
  async erase(tx, account) {
    await tx.update(auditEntries).set({ actorUsername: ERASED }).where(eq(auditEntries.actorId, account.id));
    await tx
      .update(auditEntries)
      .set({ before: withoutName(auditEntries.before), after: withoutName(auditEntries.after) })
      .where(sql`${auditEntries.entity} = 'user' and ${auditEntries.entityId} = ${account.id}`);
  },
};
