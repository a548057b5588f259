import { describe, expect, it } from 'vitest';
import { addToWishlist, createAdmin, createProduct, createUser, getApp, newest, unique } from './helpers.ts';

const NO_TOKEN = { message: 'Please log in to continue' };
const NOT_YOURS = { message: 'You are not allowed to do this' };
const ADMIN_ONLY = { message: 'Only an admin can do this' };

describe('GET /api/users', () => {
  it('answers admins a bare array, newest first, paged with page and limit and counted in X-Total-Count', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const oldest = await createUser({ createdAt: newest() });
    const middle = await createUser({ createdAt: newest() });
    const latest = await createUser({ createdAt: newest() });

    const first = await app.inject({ method: 'GET', url: '/api/users?page=1&limit=2', headers: admin.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([latest.user, middle.user]);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(4);

    const second = await app.inject({ method: 'GET', url: '/api/users?page=2&limit=2', headers: admin.auth });
    expect(second.json()[0]).toEqual(oldest.user);
    expect(second.headers['x-total-count']).toBe(String(total));

    const whole = await app.inject({ method: 'GET', url: '/api/users', headers: admin.auth });
    expect(whole.json()).toHaveLength(Math.min(total, 100));
    expect(whole.body).not.toMatch(/password|argon2/i);
  });

  it('is refused without a token (401) and with a customer token (403)', async () => {
    const app = await getApp();
    const customer = await createUser();
    const anonymous = await app.inject({ method: 'GET', url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NO_TOKEN);
    const asCustomer = await app.inject({ method: 'GET', url: '/api/users', headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual(ADMIN_ONLY);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1'],
    ['page=abc', 'page must be a whole number from 1'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const app = await getApp();
    const admin = await createAdmin();
    const response = await app.inject({ method: 'GET', url: `/api/users?${query}`, headers: admin.auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe.each([
  ['/api/users/profile/', 'profile'],
  ['/api/users/profile/wishlist/', 'wishlist'],
])('GET %s{id or username}', (base) => {
  it('answers the user with the whole products of the wishlist, by id and by username', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const product = await createProduct({ price: 250, disCountPrecent: 20 });
    await addToWishlist(shopper.user, product);
    for (const x of [shopper.user._id, shopper.user.username, shopper.user.username.toUpperCase()]) {
      const response = await app.inject({ method: 'GET', url: `${base}${encodeURIComponent(x)}`, headers: shopper.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...shopper.user, wishlist: [product] });
      expect(response.body).not.toMatch(/password|argon2/i);
    }
  });

  it("lets an admin read anyone's, and refuses another customer (403) and no token (401)", async () => {
    const app = await getApp();
    const shopper = await createUser();
    const admin = await createAdmin();
    const stranger = await createUser();
    const asAdmin = await app.inject({ method: 'GET', url: `${base}${shopper.user._id}`, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ _id: shopper.user._id, email: shopper.user.email, wishlist: [] });
    for (const x of [shopper.user._id, shopper.user.username]) {
      const asStranger = await app.inject({ method: 'GET', url: `${base}${x}`, headers: stranger.auth });
      expect(asStranger.statusCode).toBe(403);
      expect(asStranger.json()).toEqual(NOT_YOURS);
      const anonymous = await app.inject({ method: 'GET', url: `${base}${x}` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(NO_TOKEN);
    }
  });

  it('answers 404 for an unknown user and 400 for a parameter that is too long', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    for (const x of ['00000000-0000-4000-8000-000000000000', 'nobody-by-this-name']) {
      const response = await app.inject({ method: 'GET', url: `${base}${x}`, headers: admin.auth });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    }
    const tooLong = await app.inject({ method: 'GET', url: `${base}${'x'.repeat(201)}`, headers: admin.auth });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Id must be at most 200 characters' });
  });
});

describe('PUT /api/users/wishlist', () => {
  it('adds a product, then takes it out again, answering the user with the wishlist and a message', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const kept = await createProduct();
    const product = await createProduct();
    await addToWishlist(shopper.user, kept);

    const added = await app.inject({ method: 'PUT', url: '/api/users/wishlist', headers: shopper.auth, payload: { productId: product._id } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ ...shopper.user, message: 'Product has been added to your wishlist' });
    expect(added.json().wishlist.map((p: { _id: string }) => p._id).sort()).toEqual([kept._id, product._id].sort());
    expect(added.json().wishlist).toContainEqual(product);

    const removed = await app.inject({ method: 'PUT', url: '/api/users/wishlist', headers: shopper.auth, payload: { productId: product._id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ _id: shopper.user._id, wishlist: [kept], message: 'Product has been removed from your wishlist' });
  });

  it('answers 404 for an unknown product, 400 for a missing productId, 401 without a token', async () => {
    const app = await getApp();
    const shopper = await createUser();
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const unknown = await app.inject({ method: 'PUT', url: '/api/users/wishlist', headers: shopper.auth, payload: { productId } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Product not found' });
    }
    const missing = await app.inject({ method: 'PUT', url: '/api/users/wishlist', headers: shopper.auth, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Id is required' });
    const wrongType = await app.inject({ method: 'PUT', url: '/api/users/wishlist', headers: shopper.auth, payload: { productId: 5 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ message: 'Id must be text' });
    const product = await createProduct();
    const anonymous = await app.inject({ method: 'PUT', url: '/api/users/wishlist', payload: { productId: product._id } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NO_TOKEN);
    const profile = await app.inject({ method: 'GET', url: `/api/users/profile/${shopper.user._id}`, headers: shopper.auth });
    expect(profile.json().wishlist).toEqual([]);
  });
});

describe('PUT /api/users/profile/update/{id}', () => {
  it('updates the caller\'s own username and email and answers the user with a message', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const username = unique('renamed').replace(/\s/g, '-');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/profile/update/${shopper.user._id}`,
      headers: shopper.auth,
      payload: { username, email: `${username.toUpperCase()}@Example.com` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...shopper.user,
      username,
      email: `${username.toLowerCase()}@example.com`,
      message: 'Your profile has been updated',
    });
    expect(response.body).not.toMatch(/password|argon2/i);
    const profile = await app.inject({ method: 'GET', url: `/api/users/profile/${username}`, headers: shopper.auth });
    expect(profile.json()._id).toBe(shopper.user._id);
  });

  it('ignores isAdmin and unknown fields in the body', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/profile/update/${shopper.user._id}`,
      headers: shopper.auth,
      payload: { username: shopper.user.username, email: shopper.user.email, isAdmin: true, createdAt: '2000-01-01T00:00:00.000Z' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isAdmin: false, createdAt: shopper.user.createdAt });
    const users = await app.inject({ method: 'GET', url: '/api/users', headers: shopper.auth });
    expect(users.statusCode).toBe(403);
  });

  it("refuses another user's profile (403) even for an admin, and leaves it unchanged", async () => {
    const app = await getApp();
    const target = await createUser();
    const stranger = await createUser();
    const admin = await createAdmin();
    for (const caller of [stranger, admin]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/users/profile/update/${target.user._id}`,
        headers: caller.auth,
        payload: { username: unique('hijack').replace(/\s/g, '-'), email: `${unique('hijack').replace(/\s/g, '-')}@example.com` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(NOT_YOURS);
    }
    const profile = await app.inject({ method: 'GET', url: `/api/users/profile/${target.user._id}`, headers: target.auth });
    expect(profile.json()).toMatchObject({ username: target.user.username, email: target.user.email });
  });

  it('answers 401 without a token and 404 for an unknown user', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const payload = { username: shopper.user.username, email: shopper.user.email };
    const anonymous = await app.inject({ method: 'PUT', url: `/api/users/profile/update/${shopper.user._id}`, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NO_TOKEN);
    const unknown = await app.inject({
      method: 'PUT', url: '/api/users/profile/update/00000000-0000-4000-8000-000000000000', headers: shopper.auth, payload,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
  });

  it('says when the new email or username belongs to someone else (409)', async () => {
    const app = await getApp();
    const shopper = await createUser();
    const other = await createUser();
    const email = await app.inject({
      method: 'PUT', url: `/api/users/profile/update/${shopper.user._id}`, headers: shopper.auth,
      payload: { username: shopper.user.username, email: other.user.email },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ message: 'This email is already registered' });
    const username = await app.inject({
      method: 'PUT', url: `/api/users/profile/update/${shopper.user._id}`, headers: shopper.auth,
      payload: { username: other.user.username.toUpperCase(), email: shopper.user.email },
    });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ message: 'This username is already taken' });
  });

  it.each([
    ['a missing username', { username: undefined }, 'Username is required'],
    ['a username that is too long', { username: 'u'.repeat(41) }, 'Username must be at most 40 characters'],
    ['a username that is not text', { username: ['a'] }, 'Username must be text'],
    ['a username that looks like an account id', { username: '0f8e4b1c-3a2d-4e5f-9a8b-7c6d5e4f3a2b' }, 'Username may not look like an account id'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, message) => {
    const app = await getApp();
    const shopper = await createUser();
    const response = await app.inject({
      method: 'PUT', url: `/api/users/profile/update/${shopper.user._id}`, headers: shopper.auth,
      payload: { username: unique('changed').replace(/\s/g, '-'), email: `${unique('changed').replace(/\s/g, '-')}@example.com`, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const profile = await app.inject({ method: 'GET', url: `/api/users/profile/${shopper.user._id}`, headers: shopper.auth });
    expect(profile.json()).toMatchObject({ username: shopper.user.username, email: shopper.user.email });
  });
});
