// The brand's settings (PRODUCT section 8, decision 029): one row holding the settings as a JSON document. Reads
// fill whatever the row lacks with the defaults (a fresh shop's row is `{}`); a change is merged field by field into
// what is there, under the row's lock, and the whole settings are written back.
import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ORDER_SETTINGS, DEFAULT_RETURN_SETTINGS, DEFAULT_SETTINGS } from '@shop/core/brand';
import { announcementProblem, type Settings, type SettingsChange } from '@shop/core/contract/settings';
import type { Db } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';
import { changedFields, recordChange, type Actor } from '../audit/audit.ts';
import { invalid } from '../errors.ts';

const ROW = 1;

/** Stored settings over the defaults, group by group: a field added to the shop later reads as its default. */
export function withDefaults(stored: Partial<Settings> | undefined): Settings {
  const saved = stored ?? {};
  return {
    ...DEFAULT_SETTINGS,
    ...saved,
    contact: { ...DEFAULT_SETTINGS.contact, ...saved.contact },
    social: { ...DEFAULT_SETTINGS.social, ...saved.social },
    announcement: { ...DEFAULT_SETTINGS.announcement, ...saved.announcement },
    pages: { ...DEFAULT_SETTINGS.pages, ...saved.pages },
    security: { ...DEFAULT_SETTINGS.security, ...saved.security },
    marketing: { ...DEFAULT_SETTINGS.marketing, ...saved.marketing },
    feeds: { token: '', ...saved.feeds },
    // decision 054: the hero field by field; the tiles are the saved list when there is one (an empty list: none)
    home: { hero: { ...DEFAULT_SETTINGS.home.hero, ...saved.home?.hero }, tiles: saved.home?.tiles ?? DEFAULT_SETTINGS.home.tiles },
    holds: { ...DEFAULT_SETTINGS.holds, ...saved.holds },
    orders: { ...DEFAULT_ORDER_SETTINGS, ...saved.orders },
    returns: { ...DEFAULT_RETURN_SETTINGS, ...saved.returns },
  };
}

/** The change applied to the settings: each field sent replaces its value, every other field stays. */
export function applyChange(settings: Settings, change: SettingsChange): Settings {
  const { contact, social, announcement, pages, security, marketing, feeds, home, holds, orders, returns, ...top } = change;
  const defined = <T extends object>(fields: T | undefined) =>
    Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
  return {
    ...settings,
    ...defined(top),
    contact: { ...settings.contact, ...defined(contact) },
    social: { ...settings.social, ...defined(social) },
    announcement: { ...settings.announcement, ...defined(announcement) },
    pages: { ...settings.pages, ...defined(pages) },
    security: { ...settings.security, ...defined(security) },
    marketing: { ...settings.marketing, ...defined(marketing) },
    feeds: { token: '', ...settings.feeds, ...defined(feeds) },
    home: { hero: { ...settings.home.hero, ...defined(home?.hero) }, tiles: home?.tiles ?? settings.home.tiles },
    holds: { ...settings.holds, ...defined(holds) },
    orders: { ...DEFAULT_ORDER_SETTINGS, ...settings.orders, ...defined(orders) },
    returns: { ...DEFAULT_RETURN_SETTINGS, ...settings.returns, ...defined(returns) },
  };
}

export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select({ settings: shopSettings.settings }).from(shopSettings).where(eq(shopSettings.id, ROW));
  return withDefaults(row?.settings);
}

/**
 * Applies a change the schema has checked (SettingsChangeSchema: each field's own rules, the accent's contrast) and
 * answers the settings now, and whether they changed (a change to what is already there writes nothing). Two admins
 * saving at once each change what they sent: the second merges into the first.
 */
export async function changeSettings(db: Db, change: SettingsChange, actor?: Actor): Promise<{ settings: Settings; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: shopSettings.settings }).from(shopSettings).where(eq(shopSettings.id, ROW)).for('update');
    const before = withDefaults(row?.settings);
    const settings = applyChange(before, change);
    const problem = announcementProblem(settings.announcement);
    if (problem) throw invalid(problem);
    if (isDeepStrictEqual(settings, before)) return { settings, changed: false };
    await tx
      .insert(shopSettings)
      .values({ id: ROW, settings })
      .onConflictDoUpdate({ target: shopSettings.id, set: { settings, updatedAt: sql`now()` } });
    if (actor) await recordChange(tx as unknown as Db, actor, { entity: 'settings', entityId: 'shop', action: 'update', ...changedFields(before, settings) });
    return { settings, changed: true };
  });
}
