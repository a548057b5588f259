// The storefront's forms are checked with the schemas the API validates the same bodies with. Where SPEC words a
// form's message differently from the API's sentence for one field (a required field left blank), the wording is
// chosen here, from the schema's result: the rules themselves are only the schemas'.
import type { z } from 'zod';
import { BILLING_FIELD_MESSAGES, MESSAGES } from './messages.ts';
import { SettingsChangeSchema, announcementProblem, type SettingsChange } from './contract/settings.ts';
import { AddCategoryBodySchema, ProductFormSchema, UpdateCategoryBodySchema } from './contract/catalog.ts';
import { BillingSchema, GuestAccountBodySchema } from './contract/orders.ts';
import { ReviewBodySchema } from './contract/reviews.ts';
import { ChangePasswordBodySchema, ForgotPasswordBodySchema, ResetPasswordBodySchema, LoginBodySchema, ProfileUpdateBodySchema, RegisterBodySchema } from './contract/accounts.ts';

/** A form's verdict: the data the API will read, or the one message to toast plus every bad field's own message. */
export type FormCheck<T, F extends string = string> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** the one message to toast: the first problem, in the form's order */
      message: string;
      /** each bad field's message, to show at the field */
      fields: Partial<Record<F, string>>;
      /** the field the toast is about, where focus goes */
      first: F | null;
    };

type Values = Readonly<Record<string, unknown>>;
/** SPEC's sentence for each required field left blank, in the order SPEC checks the fields. */
type BlankMessages = Readonly<Record<string, string>>;
type FieldOf<S extends z.ZodType> = Extract<keyof z.input<S>, string>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The schema's verdict on a form, with the one message to show: first a blank field that `blank` names (in its order,
 * with its sentence), then any other problem, fields `blank` names first and in its order, in the schema's own words
 * (the API answers the same). Every bad field also gets its own message: SPEC's sentence when it is blank and `blank`
 * names it, else the schema's first word on it. `wrongType` gives SPEC's sentence for a field whose value is not of
 * its kind at all (a price that is no number), where SPEC words the rule once for the whole field.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Values,
  blank: BlankMessages = {},
  wrongType: BlankMessages = {},
  { nested = false }: { nested?: boolean } = {},
): FormCheck<z.output<S>, FieldOf<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const order = Object.keys(blank);
  // a form of groups (the settings' contact, pages…) names a field by its path: `contact.email`
  const fieldOf = (issue: z.core.$ZodIssue) => (nested ? issue.path.map(String).join('.') : String(issue.path[0] ?? ''));
  const valueOf = (field: string): unknown =>
    nested ? field.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Values)[key] : undefined), values) : values[field];
  const rank = (issue: z.core.$ZodIssue) => {
    const field = fieldOf(issue);
    const position = order.includes(field) ? order.indexOf(field) : order.length;
    return (position < order.length && isBlank(valueOf(field)) ? 0 : order.length + 1) + position;
  };
  const messageOf = (issue: z.core.$ZodIssue) => {
    const field = fieldOf(issue);
    if (isBlank(valueOf(field))) return blank[field] ?? issue.message;
    return (issue.code === 'invalid_type' ? wrongType[field] : undefined) ?? issue.message;
  };
  const issues = [...result.error.issues].sort((a, b) => rank(a) - rank(b));
  const fields: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (field !== '' && fields[field] === undefined) fields[field] = messageOf(issue);
  }
  const [top] = issues;
  const first = top && fieldOf(top) !== '' ? (fieldOf(top) as FieldOf<S>) : null;
  return { ok: false, message: top ? messageOf(top) : MESSAGES.fillRequired, fields: fields as Partial<Record<FieldOf<S>, string>>, first };
}

const BILLING_BLANK: BlankMessages = Object.fromEntries(BILLING_FIELD_MESSAGES);
const REQUIRED = (fields: readonly string[]): BlankMessages => Object.fromEntries(fields.map((field) => [field, MESSAGES.fillRequired]));

/** Checkout (SPEC section 5): 'Please write your first name' … 'Please write your address', in that order. */
export const checkBilling = (values: Values) => checkForm(BillingSchema, values, BILLING_BLANK);

/** Add and update product: required fields, then the price, the discount and the images. */
export const checkProductForm = (values: Values) =>
  checkForm(ProductFormSchema, values, REQUIRED(['name', 'description', 'price', 'gender', 'category']), {
    price: MESSAGES.priceAboveZero,
    disCountPrecent: MESSAGES.discountRange,
  });

export const checkCategoryForm = (values: Values) => checkForm(AddCategoryBodySchema, values, REQUIRED(['gender', 'title']));

/** A category's Arabic title and size guide, changed after it was added. */
export const checkCategoryUpdateForm = (values: Values) => checkForm(UpdateCategoryBodySchema, values);

/**
 * A review (PRODUCT section 8): the stars, the fit, the title and the text, each left out with its own sentence, in the
 * form's order. A rating of 0 is the form's "none chosen".
 */
export const checkReview = (values: Values) =>
  checkForm(ReviewBodySchema, { ...values, rating: values.rating === 0 ? undefined : values.rating }, {
    rating: MESSAGES.reviewChooseRating,
    fit: MESSAGES.reviewChooseFit,
    title: MESSAGES.reviewWriteTitle,
    text: MESSAGES.reviewWriteText,
  });

export const checkLogin = (values: Values) => checkForm(LoginBodySchema, values);

export const checkRegister = (values: Values) => checkForm(RegisterBodySchema, values);

/**
 * Account details. A new email (not `savedEmail`, the account's own) needs the current password: the API asks for it
 * too, and a form that knows the saved email says so before sending.
 */
export function checkProfile(values: Values, savedEmail?: string): FormCheck<z.output<typeof ProfileUpdateBodySchema>, FieldOf<typeof ProfileUpdateBodySchema>> {
  const check = checkForm(ProfileUpdateBodySchema, values);
  if (!check.ok || savedEmail === undefined || check.data.email === savedEmail || check.data.currentPassword) return check;
  return { ok: false, message: MESSAGES.emailChangeNeedsPassword, fields: { currentPassword: MESSAGES.emailChangeNeedsPassword }, first: 'currentPassword' };
}

export const checkForgotPassword = (values: Values) => checkForm(ForgotPasswordBodySchema, values);

export const checkResetPassword = (values: Values) => checkForm(ResetPasswordBodySchema, values);

/** A guest's "Create an account" from the order page (PRODUCT section 8): one password. */
export const checkGuestAccount = (values: Values) => checkForm(GuestAccountBodySchema, values);

export const checkChangePassword = (values: Values) => checkForm(ChangePasswordBodySchema, values);

/** The admin's settings form: the API's own checks (contrast included), each message at its field (`contact.email`). */
export function checkSettingsForm(values: Values): FormCheck<SettingsChange, string> {
  const check = checkForm(SettingsChangeSchema, values, {}, {}, { nested: true });
  if (!check.ok) return check;
  const { announcement } = check.data;
  const problem = announcement ? announcementProblem({ text: announcement.text ?? '', textAr: announcement.textAr ?? '', enabled: announcement.enabled ?? false }) : null;
  return problem ? { ok: false, message: problem, fields: { 'announcement.text': problem }, first: 'announcement.text' } : check;
}
