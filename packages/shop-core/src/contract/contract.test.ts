import { describe, expect, it } from 'vitest';
import { AddCartBodySchema } from './cart.ts';
import { DiscountSchema, EmailSchema, ImageUrlSchema, PasswordSchema, PriceSchema, QuantitySchema, UsernameSchema } from './fields.ts';
import { LoginBodySchema, ProfileUpdateBodySchema, RegisterBodySchema } from './accounts.ts';
import { NewOrderBodySchema } from './orders.ts';
import { ShopQuerySchema } from './catalog.ts';

/** The message a client would see for a value the schema refuses. */
function refusal(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}

describe('DiscountSchema', () => {
  it.each([[''], [undefined], [null], ['undefined'], ['  ']])('reads %j as no discount', (value) => {
    expect(DiscountSchema.parse(value)).toBe(0);
  });

  it('reads numbers and numeric strings from 0 to 99', () => {
    expect(DiscountSchema.parse(0)).toBe(0);
    expect(DiscountSchema.parse('20')).toBe(20);
    expect(DiscountSchema.parse(99)).toBe(99);
  });

  it.each([[100], [-1], ['abc'], ['150']])('refuses %j with the range message', (value) => {
    expect(refusal(DiscountSchema, value)).toBe('Discount must be between 0 and 99.');
  });

  it('refuses a fractional discount', () => {
    expect(refusal(DiscountSchema, 12.5)).toBe('Discount must be a whole number');
  });
});

describe('QuantitySchema', () => {
  it('accepts whole numbers from 1 to 99 and the string "3"', () => {
    expect(QuantitySchema.parse(1)).toBe(1);
    expect(QuantitySchema.parse('3')).toBe(3);
    expect(QuantitySchema.parse(99)).toBe(99);
  });

  it.each([
    [0, 'Quantity must be between 1 and 99'],
    [-1, 'Quantity must be between 1 and 99'],
    [100, 'Quantity must be between 1 and 99'],
    ['0', 'Quantity must be between 1 and 99'],
    [1.5, 'Quantity must be a whole number'],
    ['1.5', 'Quantity must be a whole number'],
    ['abc', 'Quantity must be a whole number'],
    ['', 'Quantity must be a whole number'],
    [undefined, 'Quantity is required'],
  ])('refuses %j: %s', (value, message) => {
    expect(refusal(QuantitySchema, value)).toBe(message);
  });
});

describe('PriceSchema', () => {
  it('accepts positive prices with up to 2 decimals, as numbers or strings', () => {
    expect(PriceSchema.parse(799.5)).toBe(799.5);
    expect(PriceSchema.parse('899.50')).toBe(899.5);
    expect(PriceSchema.parse(0.01)).toBe(0.01);
  });

  it.each([
    [0, 'Price must be greater than zero.'],
    ['0', 'Price must be greater than zero.'],
    [-10, 'Price must be greater than zero.'],
    ['abc', 'Price must be a number'],
    [undefined, 'Price is required'],
    ['', 'Price is required'],
    [10.005, 'Price can have at most 2 decimals'],
    [2_000_000, 'Price must be at most 1,000,000'],
  ])('refuses %j: %s', (value, message) => {
    expect(refusal(PriceSchema, value)).toBe(message);
  });
});

describe('accounts', () => {
  it('lower-cases and trims emails, and refuses malformed ones', () => {
    expect(EmailSchema.parse('  Mona@Example.COM ')).toBe('mona@example.com');
    expect(refusal(EmailSchema, 'mona@')).toBe('Please enter a valid email');
    expect(refusal(EmailSchema, '')).toBe('Email is required');
  });

  it('wants passwords of at least 8 characters', () => {
    expect(PasswordSchema.parse('12345678')).toBe('12345678');
    expect(refusal(PasswordSchema, '1234567')).toBe('Password must be at least 8 characters');
    expect(refusal(PasswordSchema, undefined)).toBe('Password is required');
  });

  it('allows usernames with inner spaces but not characters that break a URL path', () => {
    expect(UsernameSchema.parse(' Mona Hassan ')).toBe('Mona Hassan');
    expect(refusal(UsernameSchema, 'mona/admin')).toBe('Username may not contain / ? # % or \\');
    expect(refusal(UsernameSchema, 'u'.repeat(41))).toBe('Username must be at most 40 characters');
    expect(refusal(UsernameSchema, '0F8E4B1C-3A2D-4E5F-9A8B-7C6D5E4F3A2B')).toBe('Username may not look like an account id');
  });

  it('refuses invisible and direction-control characters in usernames, so no name passes for another', () => {
    const message = 'Username may not contain invisible or direction-control characters';
    const hidden = [
      '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', // zero-width characters and direction marks
      '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', // embeddings and overrides
      '\u2060', '\u2061', '\u2066', '\u2067', '\u2068', '\u2069', // word joiner, invisible operators, isolates
      '\ufeff', '\u00ad', '\u061c', '\u180e', // byte-order mark, soft hyphen, Arabic letter mark, Mongolian separator
    ];
    for (const character of hidden) {
      expect(refusal(UsernameSchema, `mo${character}na`), `U+${character.codePointAt(0)!.toString(16)}`).toBe(message);
    }
    expect(refusal(RegisterBodySchema, { username: 'admin\u200b', email: 'a@example.com', password: 'long enough' })).toBe(message);
    expect(refusal(ProfileUpdateBodySchema, { username: '\u202eadmin', email: 'a@example.com' })).toBe(message);
    // visible letters of any script stay welcome
    expect(UsernameSchema.parse('منى حسن')).toBe('منى حسن');
    expect(UsernameSchema.parse('Zoë')).toBe('Zoë');
  });

  it('strips isAdmin and unknown fields from register and profile bodies', () => {
    const body = { username: 'mona', email: 'mona@example.com', password: 'long enough', isAdmin: true, role: 'admin' };
    expect(RegisterBodySchema.parse(body)).toEqual({ username: 'mona', email: 'mona@example.com', password: 'long enough' });
    expect(ProfileUpdateBodySchema.parse(body)).toEqual({ username: 'mona', email: 'mona@example.com' });
    expect(LoginBodySchema.parse(body)).toEqual({ email: 'mona@example.com', password: 'long enough' });
  });
});

describe('text fields', () => {
  it('refuse a NUL character, which the database cannot store, naming the field', () => {
    expect(refusal(UsernameSchema, 'mona\u0000')).toBe('Username contains a character that is not allowed');
    expect(refusal(ShopQuerySchema, { category: 'Caps\u0000' })).toBe('Category contains a character that is not allowed');
    expect(UsernameSchema.parse('mona')).toBe('mona');
  });
});

describe('ImageUrlSchema', () => {
  it('accepts http and https links and our own /images/ paths', () => {
    expect(ImageUrlSchema.parse(' https://cdn.example.com/a.webp ')).toBe('https://cdn.example.com/a.webp');
    expect(ImageUrlSchema.parse('http://cdn.example.com/a.webp')).toBe('http://cdn.example.com/a.webp');
    expect(ImageUrlSchema.parse('/images/abc-800.webp')).toBe('/images/abc-800.webp');
  });

  it.each([
    ['', 'Image link is required'],
    ['   ', 'Image link is required'],
    ['javascript:alert(1)', 'Image links must start with http:// or https://'],
    ['ftp://example.com/a.png', 'Image links must start with http:// or https://'],
    ['/images/../secret', 'Image links must start with http:// or https://'],
  ])('refuses %j: %s', (value, message) => {
    expect(refusal(ImageUrlSchema, value)).toBe(message);
  });
});

describe('cart and order bodies', () => {
  it('takes the product as an id or as the whole object SPEC sends, ignoring the echoed name and price', () => {
    expect(AddCartBodySchema.parse({ product: 'p1', quantaty: '2', priceProduct: 1 })).toEqual({ product: 'p1', quantaty: 2 });
    expect(AddCartBodySchema.parse({ product: { _id: 'p1', price: 1 }, quantaty: 1 })).toEqual({ product: { _id: 'p1' }, quantaty: 1 });
  });

  it('reads a new order, a string total included, and drops the client-sent user', () => {
    const order = NewOrderBodySchema.parse({
      user: 'someone-else',
      firstName: 'Mona', secondName: 'Hassan', email: 'mona@example.com', phoneNumber: '+20 101 234 5678',
      Governorate: 'Giza', city: 'Dokki', address: '1 Tahrir St.', wayForPayment: 'cash',
      totalPrice: '330.00', productId: ['p1'], quantaties: ['3'],
    });
    expect(order).not.toHaveProperty('user');
    expect(order.totalPrice).toBe(330);
    expect(order.quantaties).toEqual([3]);
  });

  it('refuses a governorate that is not one of the 27', () => {
    const result = NewOrderBodySchema.safeParse({ Governorate: 'Atlantis' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain('Please choose a governorate');
  });
});

describe('ShopQuerySchema', () => {
  it('reads gender, category and search independently, blanks as absent', () => {
    expect(ShopQuerySchema.parse({ gender: '', category: 'Shirts' })).toEqual({ category: 'Shirts' });
    expect(ShopQuerySchema.parse({ gender: 'women', search: ' linen ', page: '2', limit: '10' })).toEqual({
      gender: 'women', search: 'linen', page: 2, limit: 10,
    });
  });
});
