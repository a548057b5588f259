// The Delivery page's rows (PRODUCT section 8, "Delivery by governorate"): the table as typed, checked by the schema
// the API reads it with, and a refusal of the whole table traced back to the row it names.
import { DEFAULT_DELIVERY, GOVERNORATES, type Governorate } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { toEgp } from '@shop/core/money';
import { ShippingTableBodySchema, type ShippingRate } from '@shop/core/contract/delivery';
import { governorateName } from '../../../lib/i18n.ts';
import type { AdminText } from '../i18n.ts';

/** One governorate's row as typed: amounts and days stay text until the shared schema reads them. */
export interface Row {
  governorate: Governorate;
  fee: string;
  codFee: string;
  minDays: string;
  maxDays: string;
  /** blank: delivery is never free */
  freeOver: string;
  enabled: boolean;
}
export type NumberField = 'fee' | 'codFee' | 'minDays' | 'maxDays' | 'freeOver';
export type Field = NumberField | 'enabled';
/** A row's problem: the field it is about (null: the row as a whole) and the sentence. */
export interface RowError {
  field: Field | null;
  message: string;
}

/** Each number of a row: its column's short label, the name its input is read by, and how it is typed. */
export const COLUMNS: readonly { field: NumberField; label: AdminText; name: AdminText; money: boolean }[] = [
  { field: 'fee', label: 'Delivery fee (EGP)', name: '{governorate} delivery fee', money: true },
  { field: 'codFee', label: 'Cash fee (EGP)', name: '{governorate} cash fee', money: true },
  { field: 'minDays', label: 'Fastest (days)', name: '{governorate} fastest delivery in days', money: false },
  { field: 'maxDays', label: 'Slowest (days)', name: '{governorate} slowest delivery in days', money: false },
  { field: 'freeOver', label: 'Free over (EGP)', name: '{governorate} free delivery over', money: true },
];

const DEFAULT_RATE: Omit<ShippingRate, 'governorate'> = {
  fee: toEgp(DEFAULT_DELIVERY.feePiastres),
  codFee: toEgp(DEFAULT_DELIVERY.codFeePiastres),
  minDays: DEFAULT_DELIVERY.minDays,
  maxDays: DEFAULT_DELIVERY.maxDays,
  freeOver: null,
  enabled: DEFAULT_DELIVERY.enabled,
};

/** The 27 rows in the shop's order of governorates, a governorate the answer lacks at the default. */
export function rowsOf(table: readonly ShippingRate[]): Row[] {
  return GOVERNORATES.map((governorate) => {
    const rate = table.find((each) => each.governorate === governorate) ?? { governorate, ...DEFAULT_RATE };
    return {
      governorate,
      fee: String(rate.fee),
      codFee: String(rate.codFee),
      minDays: String(rate.minDays),
      maxDays: String(rate.maxDays),
      freeOver: rate.freeOver === null ? '' : String(rate.freeOver),
      enabled: rate.enabled,
    };
  });
}

/**
 * A row read by the schema the API reads the table with (its amounts, its days in order), as a table of one: the
 * rate, or the sentence the API would answer, with the field it names.
 */
export function checkRow(row: Row): { rate: ShippingRate } | { error: RowError } {
  const parsed = ShippingTableBodySchema.safeParse([row]);
  if (parsed.success) return { rate: parsed.data[0]! };
  const message = parsed.error.issues[0]?.message ?? MESSAGES.fillRequired;
  return { error: rowOfMessage(message)?.error ?? { field: null, message } };
}

/** The field a row's sentence is about, by the words the schema starts it with (English; null: the row as a whole). */
const FIELD_WORDS: readonly [RegExp, Field][] = [
  [/^Delivery fee\b/, 'fee'],
  [/^Cash fee\b/, 'codFee'],
  [/^Fastest delivery\b/, 'minDays'],
  [/^Slowest delivery\b|^the fastest delivery cannot be slower/i, 'maxDays'],
  [/^Free delivery from\b/, 'freeOver'],
  [/^Enabled\b/, 'enabled'],
];

/**
 * The row a refusal of the table names ("Aswan: Delivery fee cannot be negative", "Aswan is listed twice"), in
 * English or in the shop's Arabic, and the field when the sentence says which; the longest name first, so
 * "North Sinai" is never read as a shorter one.
 */
export function rowOfMessage(message: string): { index: number; error: RowError } | null {
  const names = GOVERNORATES.flatMap((governorate, index) => [
    { index, name: governorate },
    { index, name: governorateName(governorate) },
  ]).sort((a, b) => b.name.length - a.name.length);
  const found = names.find(({ name }) => message.startsWith(`${name}:`) || message.startsWith(`${name} `));
  if (!found) return null;
  if (!message.startsWith(`${found.name}:`)) return { index: found.index, error: { field: null, message } };
  const rest = message.slice(found.name.length + 1).trim();
  const field = FIELD_WORDS.find(([words]) => words.test(rest))?.[1] ?? null;
  return { index: found.index, error: { field, message: rest } };
}
