// Consent (PRODUCT section 9, Egypt's law 151/2020): marketing by email, marketing by WhatsApp and analytics, each
// given only by a tick of the shopper's own, each change logged with its time, address and the privacy page's version.
// Marketing and analytics code asks `hasConsent` and nothing else, so no sender can forget to.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { CONSENT_PURPOSES, type ConsentPurpose } from '@shop/core/constants';
import type { ConsentChoices, ConsentLogEntry, Consents } from '@shop/core/contract/privacy';
import type { Settings } from '@shop/core/contract/settings';
import type { Db } from '../../db/client.ts';
import { consentLog, orders } from '../../db/schema.ts';

/** Whose consent: an account's, or a guest's given with her order. */
export type ConsentHolder = { user: string } | { order: string };

/** Where and under which privacy text a change was made. */
export interface ConsentContext {
  ip: string;
  version: string;
}

/** The privacy page's version: a digest of its English and Arabic texts, so any change of either is a new version. */
export function privacyVersion(settings: Pick<Settings, 'pages'>): string {
  const digest = createHash('sha256').update(`${settings.pages.privacy}\n${settings.pages.privacyAr}`).digest('hex');
  return `sha256:${digest.slice(0, 16)}`;
}

const holderIs = (holder: ConsentHolder) => ('user' in holder ? eq(consentLog.userId, holder.user) : eq(consentLog.orderId, holder.order));

async function latest(db: Db, holder: ConsentHolder, purpose: ConsentPurpose): Promise<boolean | undefined> {
  const [row] = await db
    .select({ granted: consentLog.granted })
    .from(consentLog)
    .where(and(holderIs(holder), eq(consentLog.purpose, purpose)))
    .orderBy(desc(consentLog.at), desc(consentLog.id))
    .limit(1);
  return row?.granted;
}

/**
 * THE question every marketing mail, WhatsApp message, pixel and conversion event asks first: may the shop use this
 * person's data for this purpose now? An order answers with the choice made at its checkout, else with its account's
 * consent now. Nothing recorded is no.
 */
export async function hasConsent(db: Db, who: ConsentHolder, purpose: ConsentPurpose): Promise<boolean> {
  if ('user' in who) return (await latest(db, who, purpose)) ?? false;
  const ofOrder = await latest(db, who, purpose);
  if (ofOrder !== undefined) return ofOrder;
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, who.order));
  return order?.userId ? hasConsent(db, { user: order.userId }, purpose) : false;
}

/** An account's three consents now. */
export async function consentsOf(db: Db, userId: string): Promise<Consents> {
  const rows = await db
    .selectDistinctOn([consentLog.purpose], { purpose: consentLog.purpose, granted: consentLog.granted })
    .from(consentLog)
    .where(eq(consentLog.userId, userId))
    .orderBy(consentLog.purpose, desc(consentLog.at), desc(consentLog.id));
  const now = { marketingEmail: false, marketingWhatsapp: false, analytics: false };
  for (const row of rows) now[row.purpose] = row.granted;
  return now;
}

/** Her log, newest first. */
export async function consentHistory(db: Db, holder: ConsentHolder): Promise<ConsentLogEntry[]> {
  const rows = await db.select().from(consentLog).where(holderIs(holder)).orderBy(desc(consentLog.at), desc(consentLog.id));
  return rows.map((row) => ({ purpose: row.purpose, granted: row.granted, at: row.at.toISOString(), ip: row.ip, version: row.version }));
}

/**
 * Logs each choice that changes the holder's consent (a choice equal to the consent now is no change, so nothing is
 * written). `onlyGrants`: the checkout of a signed-in shopper, whose unticked box withdraws nothing she gave before.
 * `asked`: a first choice is logged even when it is "no" (a registration or a guest's checkout: the boxes were shown).
 */
export async function recordConsents(
  db: Db,
  holder: ConsentHolder,
  choices: ConsentChoices,
  context: ConsentContext,
  { onlyGrants = false, asked = false }: { onlyGrants?: boolean; asked?: boolean } = {},
): Promise<number> {
  const now = 'user' in holder ? await consentsOf(db, holder.user) : null;
  const changes = CONSENT_PURPOSES.flatMap((purpose) => {
    const granted = choices[purpose];
    if (granted === undefined || (onlyGrants && !granted)) return [];
    const before = now?.[purpose] ?? false;
    if (granted === before && !asked) return [];
    return [{ purpose, granted }];
  });
  if (changes.length === 0) return 0;
  const whose = 'user' in holder ? { userId: holder.user } : { orderId: holder.order };
  await db.insert(consentLog).values(changes.map((change) => ({ ...whose, ...change, ip: context.ip, version: context.version })));
  return changes.length;
}
