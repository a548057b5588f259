import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, addToWishlist, createAdmin, createProduct, createUser, newest, unique } from './helpers.ts';
import { api } from './client.ts';

const NO_TOKEN = { message: 'Please log in to continue' };
const NOT_YOURS = { message: 'You are not allowed to do this' };
const ADMIN_ONLY = { message: 'Only an admin can do this' };

describe('GET /api/users', () => {
  it('answers admins a bare array, newest first, paged with page and limit and counted in X-Total-Count', async () => {
    const admin = await createAdmin();
    const oldest = await createUser({ createdAt: newest() });
    const middle = await createUser({ createdAt: newest() });
    const latest = await createUser({ createdAt: newest() });

    const first = await api('listUsers', { query: { page: 1, limit: 2 }, token: admin.token });
    expect(first.status).toBe(200);
    expect(first.answer).toEqual([latest.user, middle.user]);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(4);

    const second = await api('listUsers', { query: { page: 2, limit: 2 }, token: admin.token });
    expect(second.answer[0]).toEqual(oldest.user);
    expect(second.headers['x-total-count']).toBe(String(total));

    const whole = await api('listUsers', { token: admin.token });
    expect(whole.answer).toHaveLength(Math.min(total, 100));
    expect(whole.text).not.toMatch(/password|argon2/i);
  });

  it('is refused without a token (401) and with a customer token (403)', async () => {
    const customer = await createUser();
    const anonymous = await api('listUsers');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const asCustomer = await api('listUsers', { token: customer.token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(ADMIN_ONLY);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1'],
    ['page=abc', 'page must be a whole number from 1'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const admin = await createAdmin();
    const response = await api('listUsers', { token: admin.token, rawQuery: Object.fromEntries(new URLSearchParams(query)) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe.each([
  ['/api/users/profile/', 'profile'],
  ['/api/users/profile/wishlist/', 'wishlist'],
])('GET %s{id or username}', (_base, which) => {
  const read = (x: string, token?: string) =>
    which === 'profile' ? api('getProfile', { params: { x }, token }) : api('getWishlist', { params: { userId: x }, token });

  it('answers the user with the whole products of the wishlist, by id and by username', async () => {
    const shopper = await createUser();
    const product = await createProduct({ price: 250, disCountPrecent: 20 });
    await addToWishlist(shopper.user, product);
    for (const x of [shopper.user._id, shopper.user.username, shopper.user.username.toUpperCase()]) {
      const response = await read(x, shopper.token);
      expect(response.status).toBe(200);
      expect(response.answer).toEqual({ ...shopper.user, wishlist: [product] });
      expect(response.text).not.toMatch(/password|argon2/i);
    }
  });

  it("lets an admin read anyone's, and refuses another customer (403) and no token (401)", async () => {
    const shopper = await createUser();
    const admin = await createAdmin();
    const stranger = await createUser();
    const asAdmin = await read(shopper.user._id, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.answer).toMatchObject({ _id: shopper.user._id, email: shopper.user.email, wishlist: [] });
    for (const x of [shopper.user._id, shopper.user.username]) {
      const asStranger = await read(x, stranger.token);
      expect(asStranger.status).toBe(403);
      expect(asStranger.body).toEqual(NOT_YOURS);
      const anonymous = await read(x);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(NO_TOKEN);
    }
  });

  it('answers 404 for an unknown user and 400 for a parameter that is too long', async () => {
    const admin = await createAdmin();
    for (const x of ['00000000-0000-4000-8000-000000000000', 'nobody-by-this-name']) {
      const response = await read(x, admin.token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'User not found' });
    }
    const tooLong = await read('x'.repeat(201), admin.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Id must be at most 200 characters' });
  });
});

describe('PUT /api/users/wishlist', () => {
  it('adds a product, then takes it out again, answering the user with the wishlist and a message', async () => {
    const shopper = await createUser();
    const kept = await createProduct();
    const product = await createProduct();
    await addToWishlist(shopper.user, kept);

    const added = await api('toggleWishlist', { token: shopper.token, body: { productId: product._id } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ...shopper.user, message: 'Product has been added to your wishlist' });
    expect(added.answer.wishlist.map((p: { _id: string }) => p._id).sort()).toEqual([kept._id, product._id].sort());
    expect(added.answer.wishlist).toContainEqual(product);

    const removed = await api('toggleWishlist', { token: shopper.token, body: { productId: product._id } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ _id: shopper.user._id, wishlist: [kept], message: 'Product has been removed from your wishlist' });
  });

  it('answers 404 for an unknown product, 400 for a missing productId, 401 without a token', async () => {
    const shopper = await createUser();
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const unknown = await api('toggleWishlist', { token: shopper.token, body: { productId } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Product not found' });
    }
    const missing = await api('toggleWishlist', { token: shopper.token, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Id is required' });
    const wrongType = await api('toggleWishlist', { token: shopper.token, payload: { productId: 5 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ message: 'Id must be text' });
    const product = await createProduct();
    const anonymous = await api('toggleWishlist', { body: { productId: product._id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const profile = await api('getProfile', { params: { x: shopper.user._id }, token: shopper.token });
    expect(profile.answer.wishlist).toEqual([]);
  });
});

describe('PUT /api/users/profile/update/{id}', () => {
  it('updates the caller\'s own username and email and answers the user with a message', async () => {
    const shopper = await createUser();
    const username = unique('renamed').replace(/\s/g, '-');
    const response = await api('updateProfile', { params: { id: shopper.user._id }, token: shopper.token, body: { username, email: `${username.toUpperCase()}@Example.com`, currentPassword: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.answer).toEqual({
      ...shopper.user,
      username,
      email: `${username.toLowerCase()}@example.com`,
      message: 'Your profile has been updated',
    });
    expect(response.text).not.toMatch(/password|argon2/i);
    const profile = await api('getProfile', { params: { x: username }, token: shopper.token });
    expect(profile.answer._id).toBe(shopper.user._id);
  });

  it('ignores isAdmin and unknown fields in the body', async () => {
    const shopper = await createUser();
    const response = await api('updateProfile', { params: { id: shopper.user._id }, token: shopper.token, payload: { username: shopper.user.username, email: shopper.user.email, isAdmin: true, createdAt: '2000-01-01T00:00:00.000Z' } });
    expect(response.status).toBe(200);
    expect(response.answer).toMatchObject({ isAdmin: false, createdAt: shopper.user.createdAt });
    const users = await api('listUsers', { token: shopper.token });
    expect(users.status).toBe(403);
  });

  it("refuses another user's profile (403) even for an admin, and leaves it unchanged", async () => {
    const target = await createUser();
    const stranger = await createUser();
    const admin = await createAdmin();
    for (const caller of [stranger, admin]) {
      const response = await api('updateProfile', { params: { id: target.user._id }, token: caller.token, body: { username: unique('hijack').replace(/\s/g, '-'), email: `${unique('hijack').replace(/\s/g, '-')}@example.com` } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NOT_YOURS);
    }
    const profile = await api('getProfile', { params: { x: target.user._id }, token: target.token });
    expect(profile.answer).toMatchObject({ username: target.user.username, email: target.user.email });
  });

  it('answers 401 without a token and 404 for an unknown user', async () => {
    const shopper = await createUser();
    const payload = { username: shopper.user.username, email: shopper.user.email };
    const anonymous = await api('updateProfile', { params: { id: shopper.user._id }, body: payload });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_TOKEN);
    const unknown = await api('updateProfile', { params: { id: '00000000-0000-4000-8000-000000000000' }, token: shopper.token, body: payload });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
  });

  it('says when the new email or username belongs to someone else (409)', async () => {
    const shopper = await createUser();
    const other = await createUser();
    const email = await api('updateProfile', { params: { id: shopper.user._id }, token: shopper.token, body: { username: shopper.user.username, email: other.user.email, currentPassword: TEST_PASSWORD } });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({ message: 'This email is already registered' });
    const username = await api('updateProfile', { params: { id: shopper.user._id }, token: shopper.token, body: { username: other.user.username.toUpperCase(), email: shopper.user.email } });
    expect(username.status).toBe(409);
    expect(username.body).toEqual({ message: 'This username is already taken' });
  });

  it.each([
    ['a missing username', { username: undefined }, 'Username is required'],
    ['a username that is too long', { username: 'u'.repeat(41) }, 'Username must be at most 40 characters'],
    ['a username that is not text', { username: ['a'] }, 'Username must be text'],
    ['a username that looks like an account id', { username: '0f8e4b1c-3a2d-4e5f-9a8b-7c6d5e4f3a2b' }, 'Username may not look like an account id'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, message) => {
    const shopper = await createUser();
    const response = await api('updateProfile', { params: { id: shopper.user._id }, token: shopper.token, payload: { username: unique('changed').replace(/\s/g, '-'), email: `${unique('changed').replace(/\s/g, '-')}@example.com`, ...change } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    const profile = await api('getProfile', { params: { x: shopper.user._id }, token: shopper.token });
    expect(profile.answer).toMatchObject({ username: shopper.user.username, email: shopper.user.email });
  });
});
