// A discount code's start and end are typed as Cairo's wall-clock time (PRODUCT section 8, "Discount codes"), whatever
// the admin's computer says: a `datetime-local` value ("2026-12-01T09:00") is read as Africa/Cairo and sent as ISO
// with Cairo's offset of that moment (Egypt keeps summer time); a saved moment is shown back the same way.
import { SHOP_TIME_ZONE } from '@shop/core/report-dates';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
});

/** Cairo's wall-clock time at a moment, as the milliseconds of that time read as UTC. */
function cairoWall(at: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
}

/** Cairo's offset from UTC at a moment, in minutes (120 in winter, 180 in summer). */
function offsetAt(at: number): number {
  return Math.round((cairoWall(at) - Math.floor(at / 60_000) * 60_000) / 60_000);
}

const two = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value read as Cairo time, as ISO with its offset ("2026-12-01T09:00:00+02:00"); null when blank or not one. */
export function cairoInputToIso(local: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // the offset of the moment it names: guessed from the wall time read as UTC, then checked at the moment found
  let offset = offsetAt(asUtc - offsetAt(asUtc) * 60_000);
  if (offsetAt(asUtc - offset * 60_000) !== offset) offset = offsetAt(asUtc - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const size = Math.abs(offset);
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/** A saved moment as a `datetime-local` value in Cairo time; '' for none. */
export function isoToCairoInput(iso: string | null): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Date(cairoWall(at)).toISOString().slice(0, 16);
}
