// The storefront's forms are checked with the schemas the API validates the same bodies with. Where SPEC words a
// form's message differently from the API's sentence for one field (a required field left blank), the wording is
// chosen here, from the schema's result: the rules themselves are only the schemas'.
import type { z } from 'zod';
import { BILLING_FIELD_MESSAGES, MESSAGES } from './messages.ts';
import {
  AddCategoryBodySchema, BillingSchema, LoginBodySchema, ProductFormSchema, ProfileUpdateBodySchema, RegisterBodySchema,
} from './schemas.ts';

export type FormCheck<T> = { ok: true; data: T } | { ok: false; message: string };

type Values = Readonly<Record<string, unknown>>;
/** SPEC's sentence for each required field left blank, in the order SPEC checks the fields. */
type BlankMessages = Readonly<Record<string, string>>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The schema's verdict on a form, with the one message to show: first a blank field that `blank` names (in its order,
 * with its sentence), then any other problem, fields `blank` names first and in its order, in the schema's own words
 * (the API answers the same).
 */
export function checkForm<S extends z.ZodType>(schema: S, values: Values, blank: BlankMessages = {}): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const order = Object.keys(blank);
  const fieldOf = (issue: z.core.$ZodIssue) => String(issue.path[0] ?? '');
  const rank = (issue: z.core.$ZodIssue) => {
    const field = fieldOf(issue);
    const position = order.includes(field) ? order.indexOf(field) : order.length;
    return (position < order.length && isBlank(values[field]) ? 0 : order.length + 1) + position;
  };
  const [first] = [...result.error.issues].sort((a, b) => rank(a) - rank(b));
  const field = first ? fieldOf(first) : '';
  const spec = isBlank(values[field]) ? blank[field] : undefined;
  return { ok: false, message: spec ?? first?.message ?? MESSAGES.fillRequired };
}

const BILLING_BLANK: BlankMessages = Object.fromEntries(BILLING_FIELD_MESSAGES);
const REQUIRED = (fields: readonly string[]): BlankMessages => Object.fromEntries(fields.map((field) => [field, MESSAGES.fillRequired]));

/** Checkout (SPEC section 5): 'Please write your first name' … 'Please write your address', in that order. */
export const checkBilling = (values: Values) => checkForm(BillingSchema, values, BILLING_BLANK);

/** Add and update product: required fields, then the price, the discount and the images. */
export const checkProductForm = (values: Values) =>
  checkForm(ProductFormSchema, values, REQUIRED(['name', 'description', 'price', 'gender', 'category']));

export const checkCategoryForm = (values: Values) => checkForm(AddCategoryBodySchema, values, REQUIRED(['gender', 'title']));

export const checkLogin = (values: Values) => checkForm(LoginBodySchema, values);

export const checkRegister = (values: Values) => checkForm(RegisterBodySchema, values);

export const checkProfile = (values: Values) => checkForm(ProfileUpdateBodySchema, values);
