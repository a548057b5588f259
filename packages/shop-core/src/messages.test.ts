import { describe, expect, it } from 'vitest';
import { BILLING_FIELD_MESSAGES, categoryInUse } from './messages.ts';

describe('BILLING_FIELD_MESSAGES', () => {
  it("lists the checkout's fields in SPEC's order", () => {
    expect(BILLING_FIELD_MESSAGES.map(([field]) => field)).toEqual([
      'firstName', 'secondName', 'phoneNumber', 'email', 'Governorate', 'city', 'address',
    ]);
  });
});

describe('categoryInUse', () => {
  it('says how many products use the category', () => {
    expect(categoryInUse(1)).toMatch(/\b1 product\b/);
    expect(categoryInUse(1)).not.toMatch(/products/);
    expect(categoryInUse(12)).toMatch(/\b12 products\b/);
  });
});
