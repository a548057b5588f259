// Valid inputs for the shop's calls, for tests, the demo seed and the browser journeys (never the storefront's bundle:
// nothing in apps/web imports this). Each builder answers a value the contract accepts; overrides change single
// fields. The types come from the contract's schemas, so a new field shows up here as a type error, once.
import type { z } from 'zod';
import type { BodyOf } from './endpoints.ts';
import type { BillingSchema } from './contract/orders.ts';
import type { ProductFields } from './contract/catalog.ts';

export type AccountFields = BodyOf<'register'>;
export type CategoryFields = BodyOf<'addCategory'>;
export type BillingFields = z.output<typeof BillingSchema>;

let sequence = 0;
/** A name no other test or run uses: tests never collide and never depend on each other's rows. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

/** A handle usable as a username and in an email address. */
export function uniqueHandle(prefix: string): string {
  return unique(prefix).replace(/\s/g, '-').toLowerCase();
}

export const TEST_PASSWORD = 'correct horse 42';

/** A customer's registration: a username and email no one has, and a password of the minimum length or more. */
export function account(overrides: Partial<AccountFields> = {}): AccountFields {
  const handle = uniqueHandle('shopper');
  return { username: handle, email: `${handle}@example.com`, password: TEST_PASSWORD, ...overrides };
}

export function categoryFields(overrides: Partial<CategoryFields> = {}): CategoryFields {
  return { title: unique('Category'), gender: 'women', ...overrides };
}

/** A product's own fields (what the add and update forms send, without images). */
export function productFields(overrides: Partial<ProductFields> = {}): ProductFields {
  return {
    name: unique('Product'),
    description: 'A soft cotton piece for every day.',
    price: 500,
    disCountPrecent: 0,
    gender: 'women',
    category: 'Dresses',
    ...overrides,
  };
}

/** The checkout form's billing details. */
export function billing(overrides: Partial<BillingFields> = {}): BillingFields {
  return {
    firstName: 'Mona',
    secondName: 'Hassan',
    email: 'mona@example.com',
    phoneNumber: '01012345678',
    Governorate: 'Cairo',
    city: 'Nasr City',
    address: '12 Abbas El Akkad St.',
    ...overrides,
  };
}
