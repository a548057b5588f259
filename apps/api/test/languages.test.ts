// PRODUCT section 7, "Arabic": the API answers `message` in Arabic when the request says Accept-Language: ar
// (q-values respected), otherwise in SPEC's English. Errors and successes, fixed sentences and made ones.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { MESSAGES_AR, MOVE_DONE_AR } from '@shop/core/messages.ar';
import { TEST_PASSWORD, createAdmin, createOrder, createProduct, createUser, unique } from './helpers.ts';
import { api } from './client.ts';

const wrongLogin = (headers?: Record<string, string>) =>
  api('login', { payload: { email: `${unique('nobody').replace(/\s/g, '-')}@example.com`, password: TEST_PASSWORD }, headers });

describe('Accept-Language', () => {
  it('answers an error in SPEC\'s English without the header, and says the answer varies with it', async () => {
    const response = await wrongLogin();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Invalid email or password' });
    expect(String(response.headers.vary)).toMatch(/Accept-Language/i);
  });

  it.each([
    ['ar'],
    ['ar-EG'],
    ['ar-EG,ar;q=0.9,en;q=0.8'],
    ['en;q=0.5, ar;q=0.9'],
  ])('answers in Arabic for "%s"', async (header) => {
    const response = await wrongLogin({ 'accept-language': header });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES_AR.invalidCredentials });
    expect(MESSAGES_AR.invalidCredentials).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it.each([
    ['en'],
    ['en-US,en;q=0.9'],
    ['fr-FR'],
    ['ar;q=0, en'],
    ['en;q=0.9, ar;q=0.5'],
  ])('answers in English for "%s"', async (header) => {
    const response = await wrongLogin({ 'accept-language': header });
    expect(response.body).toEqual({ message: MESSAGES.invalidCredentials });
  });

  it('translates a 401 from the auth layer and a success message', async () => {
    const missing = await api('getCart', { headers: { 'accept-language': 'ar' } });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: MESSAGES_AR.tokenMissing });

    const forgot = await api('forgotPassword', { body: { email: `${unique('nobody').replace(/\s/g, '-')}@example.com` }, headers: { 'accept-language': 'ar' } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: MESSAGES_AR.resetLinkSent });
  });

  it('translates a sentence made from numbers ("Only N left in size S"), in the Arabic plural form of its number', async () => {
    const shopper = await createUser();
    const product = await createProduct({ sizes: [{ size: 'M', stock: 1 }, { size: 'L', stock: 3 }] });
    const body = { product: product._id, quantaty: 5, size: 'M' };
    const arabic = await api('addToCart', { token: shopper.token, body, headers: { 'accept-language': 'ar' } });
    expect(arabic.status).toBe(409);
    expect(arabic.body).toEqual({ message: 'بقيت قطعة واحدة فقط من المقاس M' });
    const english = await api('addToCart', { token: shopper.token, body });
    expect(english.body).toEqual({ message: 'Only 1 left in size M' });
    const few = await api('addToCart', { token: shopper.token, body: { ...body, size: 'L' }, headers: { 'accept-language': 'ar' } });
    expect(few.body).toEqual({ message: 'بقيت ٣ قطع فقط من المقاس L' });
  });

  it("answers an admin's move of an order in Arabic (the dashboard's toast)", async () => {
    const admin = await createAdmin();
    const order = await createOrder((await createUser()).user, [{ product: await createProduct(), quantity: 1 }]);
    const headers = { 'accept-language': 'ar' };
    const shipped = await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: admin.token, headers });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', message: MOVE_DONE_AR.shipped });
    expect(MOVE_DONE_AR.shipped).toBe('تم تسجيل شحن الطلب');
    const delivered = await api('moveOrder', { params: { id: order._id }, body: { status: 'delivered' }, token: admin.token, headers });
    expect(delivered.body).toMatchObject({ status: 'delivered', message: 'تم تسجيل توصيل الطلب' });
  });
});
