import { describe, expect, it } from 'vitest';
import {
  checkBilling, checkReview, checkCategoryForm, checkChangePassword, checkForgotPassword, checkLogin, checkProductForm, checkProfile, checkRegister,
  checkResetPassword, type FormCheck,
} from './forms.ts';
import { fieldOfServerMessage, MESSAGES } from './messages.ts';
import { BillingSchema } from './contract/orders.ts';
import { ImageUrlSchema } from './contract/fields.ts';

const messageOf = (check: FormCheck<unknown>) => (check.ok ? null : check.message);

describe('checkBilling', () => {
  const complete = {
    firstName: 'Mona',
    secondName: 'Hassan',
    phoneNumber: '01012345678',
    email: 'mona@example.com',
    Governorate: 'Cairo',
    city: 'Nasr City',
    address: '12 Abbas El Akkad St.',
  };
  const firstBillingError = (billing: Record<string, unknown>) => messageOf(checkBilling(billing));

  it('is null when every field is filled', () => {
    expect(firstBillingError(complete)).toBeNull();
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
    // SPEC asks for the phone before the email, though the body lists the email first
    expect(firstBillingError({ ...complete, email: '', phoneNumber: '' })).toBe('Please write your phone');
  });

  it("asks for missing fields first, then says what is wrong with a filled one in the API's words", () => {
    expect(firstBillingError({ ...complete, phoneNumber: 'call me', address: '' })).toBe('Please write your address');
    expect(firstBillingError({ ...complete, phoneNumber: 'call me' })).toBe('Please write a valid phone number');
    expect(firstBillingError({ ...complete, email: 'mona' })).toBe('Please enter a valid email');
    expect(firstBillingError({ ...complete, email: 'mona', phoneNumber: 'call me' })).toBe('Please write a valid phone number');
    expect(firstBillingError({ ...complete, Governorate: 'Atlantis' })).toBe('Please choose a governorate');
    // the API's own answer for a missing field is unchanged: only the form words it SPEC's way
    expect(BillingSchema.safeParse({ ...complete, firstName: '' }).error?.issues[0]?.message).toBe('First name is required');
  });

  it('answers the billing as the server reads it', () => {
    expect(checkBilling({ ...complete, email: ' Mona@Example.com ', city: ' Nasr City ' })).toEqual({
      ok: true,
      data: { ...complete, email: 'mona@example.com' },
    });
  });
});

describe('checkProductForm', () => {
  const complete = {
    name: ' Linen Shirt ', description: 'Breathable linen', price: '450', disCountPrecent: '20', gender: 'men', category: 'Shirts', images: ['x'],
  };
  const productMessage = (draft: Record<string, unknown>) => messageOf(checkProductForm({ ...complete, ...draft }));

  it('asks for every required field first, whatever else is wrong', () => {
    for (const field of ['name', 'description', 'price', 'gender', 'category'] as const) {
      expect(productMessage({ [field]: '  ', disCountPrecent: '500', images: [] })).toBe(MESSAGES.fillRequired);
    }
  });

  it('then wants a price above zero', () => {
    expect(productMessage({ price: '0' })).toBe(MESSAGES.priceAboveZero);
    expect(productMessage({ price: '-3' })).toBe(MESSAGES.priceAboveZero);
    expect(productMessage({ price: '0', disCountPrecent: '500', images: [] })).toBe(MESSAGES.priceAboveZero);
    // what is not a number at all gets SPEC's one sentence for the price (the API names it 'Price must be a number')
    expect(productMessage({ price: 'abc', disCountPrecent: '500' })).toBe(MESSAGES.priceAboveZero);
    expect(productMessage({ price: '12.345' })).toBe('Price can have at most 2 decimals');
  });

  it('then a whole discount from 0 to 99, blank meaning 0', () => {
    expect(productMessage({ disCountPrecent: '100', images: [] })).toBe(MESSAGES.discountRange);
    expect(productMessage({ disCountPrecent: '-1' })).toBe(MESSAGES.discountRange);
    expect(productMessage({ disCountPrecent: '2.5' })).toBe(MESSAGES.discountRange);
    expect(productMessage({ disCountPrecent: '99' })).toBeNull();
    expect(checkProductForm({ ...complete, disCountPrecent: '' })).toMatchObject({ ok: true, data: { disCountPrecent: 0 } });
  });

  it('then at least one image, and at most 8', () => {
    expect(productMessage({ images: [] })).toBe(MESSAGES.chooseImages);
    expect(productMessage({ images: Array.from({ length: 9 }, (_, index) => index) })).toBe(MESSAGES.tooManyFiles);
  });

  it('adds an image link only when it is written, as a web address', () => {
    expect(ImageUrlSchema.safeParse('  ').error?.issues[0]?.message).toBe(MESSAGES.imageLinkRequired);
    expect(ImageUrlSchema.safeParse('').error?.issues[0]?.message).toBe(MESSAGES.imageLinkRequired);
    expect(ImageUrlSchema.safeParse('ftp://example.com/a.png').error?.issues[0]?.message).toBe(MESSAGES.imageLinkInvalid);
    expect(ImageUrlSchema.safeParse(' https://example.com/a.png ').data).toBe('https://example.com/a.png');
  });

  it('answers the trimmed product with numbers', () => {
    expect(checkProductForm({ ...complete, images: ['a', 'b'] })).toEqual({
      ok: true,
      data: { name: 'Linen Shirt', description: 'Breathable linen', price: 450, disCountPrecent: 20, gender: 'men', category: 'Shirts', images: ['a', 'b'] },
    });
  });
});

describe('checkCategoryForm', () => {
  it('wants a gender and a name', () => {
    expect(messageOf(checkCategoryForm({ gender: '', title: '' }))).toBe(MESSAGES.fillRequired);
    expect(messageOf(checkCategoryForm({ gender: 'women', title: '  ' }))).toBe(MESSAGES.fillRequired);
    expect(messageOf(checkCategoryForm({ gender: '', title: 'Kaftans' }))).toBe(MESSAGES.fillRequired);
    expect(messageOf(checkCategoryForm({ gender: 'women', title: 'x'.repeat(61) }))).toBe('Title must be at most 60 characters');
    expect(checkCategoryForm({ gender: 'women', title: ' Kaftans ' })).toEqual({ ok: true, data: { title: 'Kaftans', gender: 'women' } });
  });
});

describe('login, register and account details', () => {
  it("say what the API would: email required and valid, password of 8 or more, username required", () => {
    expect(messageOf(checkLogin({ email: '', password: 'secret-123' }))).toBe('Email is required');
    expect(messageOf(checkLogin({ email: 'mona', password: 'secret-123' }))).toBe('Please enter a valid email');
    expect(messageOf(checkLogin({ email: 'mona@example.com', password: '' }))).toBe('Password is required');
    expect(messageOf(checkRegister({ username: 'mona', email: 'mona@example.com', password: 'short12' }))).toBe('Password must be at least 8 characters');
    expect(messageOf(checkRegister({ username: ' ', email: 'mona@example.com', password: 'secret-123' }))).toBe('Username is required');
    expect(messageOf(checkRegister({ username: 'mo/na', email: 'mona@example.com', password: 'secret-123' }))).toBe('Username may not contain / ? # % or \\');
    expect(messageOf(checkProfile({ username: 'mona', email: '' }))).toBe('Email is required');
    expect(checkLogin({ email: ' Mona@Example.com ', password: 'secret-123' })).toEqual({ ok: true, data: { email: 'mona@example.com', password: 'secret-123' } });
  });

  it('ask for the current password when account details change the email, and only then', () => {
    const saved = 'mona@example.com';
    expect(checkProfile({ username: 'mona', email: 'new@example.com', currentPassword: '' }, saved)).toEqual({
      ok: false,
      message: 'Please enter your current password to change your email',
      fields: { currentPassword: 'Please enter your current password to change your email' },
      first: 'currentPassword',
    });
    expect(checkProfile({ username: 'mona', email: 'new@example.com', currentPassword: 'secret-123' }, saved)).toEqual({
      ok: true,
      data: { username: 'mona', email: 'new@example.com', currentPassword: 'secret-123' },
    });
    expect(checkProfile({ username: 'mona-2', email: ' Mona@Example.com ' }, saved)).toEqual({ ok: true, data: { username: 'mona-2', email: saved } });
    // the server's refusals of it are shown at the field
    expect(fieldOfServerMessage(MESSAGES.emailChangeNeedsPassword)).toBe('currentPassword');
    expect(fieldOfServerMessage(MESSAGES.currentPasswordWrong)).toBe('currentPassword');
  });
});

describe('the per-field messages and the field focus goes to', () => {
  const fieldsOf = (check: FormCheck<unknown>) => (check.ok ? null : { fields: check.fields, first: check.first, message: check.message });

  it("gives every blank billing field SPEC's sentence, and the first in SPEC's order the focus", () => {
    expect(fieldsOf(checkBilling({ Governorate: 'Cairo' }))).toEqual({
      message: 'Please write your first name',
      first: 'firstName',
      fields: {
        firstName: 'Please write your first name',
        secondName: 'Please write your second name',
        phoneNumber: 'Please write your phone',
        email: 'Please write your email',
        city: 'Please write your city',
        address: 'Please write your address',
      },
    });
  });

  it('moves on down SPEC\'s order as the fields are filled, the phone before the email', () => {
    const billing = { firstName: 'Mona', secondName: '', phoneNumber: '', email: '', Governorate: 'Cairo', city: '', address: '' };
    expect(fieldsOf(checkBilling(billing))).toMatchObject({ first: 'secondName', message: 'Please write your second name' });
    expect(fieldsOf(checkBilling({ ...billing, secondName: 'Hassan' }))).toMatchObject({ first: 'phoneNumber', message: 'Please write your phone' });
    expect(fieldsOf(checkBilling({ ...billing, secondName: 'Hassan', phoneNumber: '0101234567' }))).toMatchObject({
      first: 'email', message: 'Please write your email',
    });
  });

  it("says what is wrong with a filled field in the schema's words, next to SPEC's sentences for the blank ones", () => {
    const check = checkBilling({
      firstName: 'Mona', secondName: 'Hassan', phoneNumber: 'call me', email: 'mona', Governorate: 'Atlantis', city: 'Nasr City', address: '',
    });
    expect(fieldsOf(check)).toEqual({
      // a blank field is asked for first, so the toast and the focus both go to the address
      message: 'Please write your address',
      first: 'address',
      fields: {
        phoneNumber: 'Please write a valid phone number',
        email: 'Please enter a valid email',
        Governorate: 'Please choose a governorate',
        address: 'Please write your address',
      },
    });
  });

  it('marks each required product field, then the price, discount and images fields', () => {
    const empty = { name: '', description: '', price: '', disCountPrecent: '', gender: '', category: '', images: [] };
    expect(fieldsOf(checkProductForm(empty))).toEqual({
      message: MESSAGES.fillRequired,
      first: 'name',
      fields: {
        name: MESSAGES.fillRequired,
        description: MESSAGES.fillRequired,
        price: MESSAGES.fillRequired,
        gender: MESSAGES.fillRequired,
        category: MESSAGES.fillRequired,
        images: MESSAGES.chooseImages,
      },
    });
    const filled = { ...empty, name: 'Linen Shirt', description: 'Breathable', gender: 'men', category: 'Shirts' };
    expect(fieldsOf(checkProductForm({ ...filled, price: '0', disCountPrecent: '120' }))).toEqual({
      message: MESSAGES.priceAboveZero,
      first: 'price',
      fields: { price: MESSAGES.priceAboveZero, disCountPrecent: MESSAGES.discountRange, images: MESSAGES.chooseImages },
    });
    expect(fieldsOf(checkProductForm({ ...filled, price: '10', images: ['x'], disCountPrecent: '120' }))).toMatchObject({ first: 'disCountPrecent' });
  });

  it('marks the category form from its gender, the first field', () => {
    expect(fieldsOf(checkCategoryForm({ gender: '', title: '' }))).toEqual({
      message: MESSAGES.fillRequired, first: 'gender', fields: { gender: MESSAGES.fillRequired, title: MESSAGES.fillRequired },
    });
    expect(fieldsOf(checkCategoryForm({ gender: 'men', title: '' }))).toEqual({ message: MESSAGES.fillRequired, first: 'title', fields: { title: MESSAGES.fillRequired } });
  });

  it("marks login, register and account fields with the schema's words, in the form's order", () => {
    expect(fieldsOf(checkLogin({ email: 'mona@example.com', password: 'short12' }))).toEqual({
      message: 'Password must be at least 8 characters', first: 'password', fields: { password: 'Password must be at least 8 characters' },
    });
    expect(fieldsOf(checkRegister({ username: '', email: 'mona', password: '' }))).toEqual({
      message: 'Username is required',
      first: 'username',
      fields: { username: 'Username is required', email: 'Please enter a valid email', password: 'Password is required' },
    });
    expect(fieldsOf(checkProfile({ username: 'mona', email: '' }))).toEqual({ message: 'Email is required', first: 'email', fields: { email: 'Email is required' } });
  });

  it("names the field a server's refusal is about", () => {
    expect(fieldOfServerMessage(MESSAGES.emailTaken)).toBe('email');
    expect(fieldOfServerMessage(MESSAGES.usernameTaken)).toBe('username');
    expect(fieldOfServerMessage(MESSAGES.productNameTaken)).toBe('name');
    expect(fieldOfServerMessage(MESSAGES.categoryTaken)).toBe('title');
    expect(fieldOfServerMessage(MESSAGES.fileTypeNotSupported)).toBe('images');
    expect(fieldOfServerMessage(MESSAGES.invalidCredentials)).toBeNull();
  });
});

describe('forgot, reset and change password', () => {
  it('take the register rule for a new password and name the field to fix', () => {
    expect(messageOf(checkForgotPassword({ email: ' Mona@Example.com ' }))).toBeNull();
    expect(messageOf(checkForgotPassword({ email: 'mona' }))).toBe('Please enter a valid email');
    expect(messageOf(checkResetPassword({ token: 'abc', password: 'short' }))).toBe('Password must be at least 8 characters');
    expect(messageOf(checkResetPassword({ token: '', password: 'long enough' }))).toBe(MESSAGES.resetLinkInvalid);
    const change = checkChangePassword({ currentPassword: '', newPassword: 'short' });
    expect(change.ok ? null : change.fields).toEqual({ currentPassword: 'Current password is required', newPassword: 'Password must be at least 8 characters' });
    expect(change.ok ? null : change.first).toBe('currentPassword');
  });

  it("put the server's refusals of a change at their fields", () => {
    expect(fieldOfServerMessage(MESSAGES.currentPasswordWrong)).toBe('currentPassword');
    expect(fieldOfServerMessage(MESSAGES.samePassword)).toBe('newPassword');
  });
});

describe('checkReview', () => {
  it('names every part left out of an empty review, the stars first, and takes a whole one', () => {
    const empty = checkReview({ rating: 0, fit: '', title: ' ', text: '' });
    expect(empty).toMatchObject({
      ok: false,
      message: MESSAGES.reviewChooseRating,
      first: 'rating',
      fields: { rating: MESSAGES.reviewChooseRating, fit: MESSAGES.reviewChooseFit, title: MESSAGES.reviewWriteTitle, text: MESSAGES.reviewWriteText },
    });
    expect(checkReview({ rating: 4, fit: '', title: 'Soft', text: 'Good cotton' })).toMatchObject({ ok: false, first: 'fit', fields: { fit: MESSAGES.reviewChooseFit } });
    expect(checkReview({ rating: 4, fit: 'true', title: ' Soft ', text: 'Good cotton' })).toEqual({ ok: true, data: { rating: 4, fit: 'true', title: 'Soft', text: 'Good cotton' } });
  });
});
