// What every entry of the contract is: a route (routes.ts) with the shapes it takes and answers, and the statuses it can give.
import { z } from 'zod';
import { ProductFieldsSchema } from '../contract/catalog.ts';
import { IdSchema } from '../contract/fields.ts';
import { type Route } from '../routes.ts';

/** Statuses an endpoint answers with `{ message }`, beyond the ones its access and inputs imply. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

export interface Endpoint extends Route {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request bodies read by the route itself (multipart forms, signed raw bytes) instead of validated up front. */
  consumes?: readonly string[];
  /** 303: the call sends the browser on (Paymob's return) */
  status: 200 | 201 | 303;
  answer: z.ZodType;
  /** Lists report their full count in `X-Total-Count`. */
  counted?: true;
  errors: readonly ErrorStatus[];
  /** The 400's answer when it says more than `{ message }` (an import's bad cells). */
  refusal?: z.ZodType;
}

export const withMessage = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ message: z.string() });
export const StatusSchema = z.object({ status: z.string() });
export const ReadySchema = StatusSchema.extend({
  // with REDIS_URL: 'away' while the shared rate-limit counters cannot be reached (each process counts its own)
  redis: z.enum(['up', 'away']).optional(),
});
export const CsvSchema = z.string().meta({ description: 'UTF-8 CSV, starting with a byte order mark' });
export const PdfSchema = z.string().meta({ description: 'a PDF document (application/pdf)', format: 'binary' });
export const WebhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

export const ProductParams = z.object({ x: IdSchema });
export const IdParams = z.object({ id: IdSchema });
export const UserIdParams = z.object({ userId: IdSchema });

/** The multipart add-product form (SPEC's), or the same fields as JSON: read and checked by the route. */
export const AddProductFormSchema = ProductFieldsSchema.extend({
  imageUrls: z.array(z.string()).optional(),
  files: z.array(z.string().meta({ format: 'binary' })).optional(),
});

export function endpoint<const R extends Route, const S extends Omit<Endpoint, keyof Route>>(route: R, shape: S): R & S {
  return { ...route, ...shape };
}
