// Delivery by governorate (PRODUCT section 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { GOVERNORATES } from '../constants.ts';
import { amount, GovernorateSchema, numericString } from './fields.ts';

const days = (label: string) =>
  z.preprocess(numericString, z.number({ error: `${label} must be a number` }).int({ error: `${label} must be a whole number` }).min(0, { error: `${label} cannot be negative` }).max(60, { error: `${label} must be at most 60` }));

/** One governorate's delivery (PRODUCT section 8, "Delivery by governorate"), as the API answers it. */
export const ShippingRateSchema = z.object({
  governorate: GovernorateSchema,
  fee: z.number(),
  codFee: z.number(),
  minDays: z.number(),
  maxDays: z.number(),
  /** the subtotal from which delivery is free; null: never free */
  freeOver: z.number().nullable(),
  enabled: z.boolean(),
});
/** One governorate's delivery as the admin writes it: amounts in EGP (numbers or numeric text), whole days. */
const ShippingRateInputSchema = z.object({
  governorate: GovernorateSchema,
  fee: amount('Delivery fee', 10_000),
  codFee: amount('Cash fee', 10_000),
  minDays: days('Fastest delivery in days'),
  maxDays: days('Slowest delivery in days'),
  freeOver: z.preprocess((value) => (value === '' ? null : value), amount('Free delivery from').refine((value) => value > 0, { error: 'Free delivery from must be more than zero' }).nullable()),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

/** The table the admin saves: each governorate at most once (one left out goes back to the default), a row's days in order; a bad row is named. */
export const ShippingTableBodySchema = z
  .array(z.unknown(), { error: 'The delivery table must be a list of governorates' })
  .min(1, { error: 'The delivery table must list at least one governorate' })
  .max(GOVERNORATES.length, { error: `The delivery table has ${GOVERNORATES.length} governorates` })
  .transform((rows, context) => {
    const table: ShippingRate[] = [];
    rows.forEach((row, index) => {
      const governorate = GovernorateSchema.safeParse((row as { governorate?: unknown } | null)?.governorate);
      const name = governorate.success ? governorate.data : `Row ${index + 1}`;
      const parsed = ShippingRateInputSchema.safeParse(row);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', path: [index], message: `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
        return;
      }
      if (parsed.data.minDays > parsed.data.maxDays) {
        context.addIssue({ code: 'custom', path: [index], message: `${name}: the fastest delivery cannot be slower than the slowest` });
        return;
      }
      if (table.some((each) => each.governorate === parsed.data.governorate)) {
        context.addIssue({ code: 'custom', path: [index], message: `${name} is listed twice` });
        return;
      }
      table.push(parsed.data);
    });
    return table;
  });
