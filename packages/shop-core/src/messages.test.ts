import { describe, expect, it } from 'vitest';
import { BILLING_FIELD_MESSAGES, categoryInUse, firstBillingError } from './messages.ts';

const complete = {
  firstName: 'Mona',
  secondName: 'Hassan',
  phoneNumber: '01012345678',
  email: 'mona@example.com',
  Governorate: 'Cairo',
  city: 'Nasr City',
  address: '12 Abbas El Akkad St.',
};

describe('firstBillingError', () => {
  it('is null when every field is filled', () => {
    expect(firstBillingError(complete)).toBeNull();
  });

  it("checks the fields in SPEC's order", () => {
    expect(BILLING_FIELD_MESSAGES.map(([field]) => field)).toEqual([
      'firstName', 'secondName', 'phoneNumber', 'email', 'Governorate', 'city', 'address',
    ]);
  });

  it.each([
    ['firstName', 'Please write your first name'],
    ['secondName', 'Please write your second name'],
    ['phoneNumber', 'Please write your phone'],
    ['email', 'Please write your email'],
    ['Governorate', 'Please write your governorate'],
    ['city', 'Please write your city'],
    ['address', 'Please write your address'],
  ] as const)('names %s when it alone is missing or blank', (field, message) => {
    expect(firstBillingError({ ...complete, [field]: undefined })).toBe(message);
    expect(firstBillingError({ ...complete, [field]: '   ' })).toBe(message);
  });

  it('names the first missing field when several are missing', () => {
    expect(firstBillingError({})).toBe('Please write your first name');
    expect(firstBillingError({ ...complete, email: '', city: '', secondName: '' })).toBe('Please write your second name');
    expect(firstBillingError({ ...complete, address: '', Governorate: '' })).toBe('Please write your governorate');
  });
});

describe('categoryInUse', () => {
  it('says how many products use the category', () => {
    expect(categoryInUse(1)).toMatch(/\b1 product\b/);
    expect(categoryInUse(1)).not.toMatch(/products/);
    expect(categoryInUse(12)).toMatch(/\b12 products\b/);
  });
});
