import { DEFAULT_SETTINGS } from '@shop/core/brand';
import { arabicDigits } from '@shop/core/locale';
import { formatEgp } from '@shop/core/money';
// Mails in the shopper's language (issue 18, decision 018): an order's mails in the language of its checkout (the
// `lang` cookie, else Accept-Language), a reset link in the language it was asked for in; English otherwise.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { orderStatusMail } from '../src/modules/mail/templates.ts';
import { api } from './client.ts';
import { createAdmin, createCartItem, createOrder, createProduct, createUser, newOrderBody } from './helpers.ts';
import { buildMailingApp, mailOrder, startSmtpServer, type MailingApp, type TestSmtpServer } from './mail-server.ts';

// the shop's name as a shop started without the demo has it (its settings' default)
const SHOP = DEFAULT_SETTINGS.name;
const MAIL_SHOP = { publicUrl: 'https://shop.example', name: SHOP, tagline: '', logoUrl: null, accent: DEFAULT_SETTINGS.accentColor };

let smtp: TestSmtpServer;
let mailing: MailingApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <orders@shop.test>', PASSWORD_RESET_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await mailing.app.close();
  await smtp.close();
});

/** A shopper who checks out two shirts (one with an Arabic name, one without) and a scarf, with these headers. */
async function checkout(headers: Record<string, string>) {
  const shopper = await createUser();
  const shirt = await createProduct({ price: 450, nameAr: `قميص كتان ${shopper.user.username}`, sizes: [{ size: 'L', stock: 5 }] });
  const scarf = await createProduct({ price: 199.5 });
  await createCartItem(shopper.user, shirt, 2, 'L');
  await createCartItem(shopper.user, scarf, 1);
  const body = newOrderBody([{ product: shirt, quantity: 2 }, { product: scarf, quantity: 1 }], { email: shopper.user.email });
  const placed = await api('placeOrder', { app: mailing.app, headers: { ...shopper.auth, ...headers }, payload: body });
  expect(placed.status).toBe(201);
  const [mail] = await smtp.messagesTo(shopper.user.email);
  return { shopper, shirt, scarf, order: placed.answer, mail: mail! };
}

/** The order as its mails name it: "#1001", "#١٠٠١" in Arabic. */
const numberOf = (order: { number: number }, lang: 'en' | 'ar' = 'ar') => `#${lang === 'ar' ? arabicDigits(String(order.number)) : order.number}`;

describe('the order mails', () => {
  it('are in Arabic for a checkout made with Accept-Language: ar, right to left, with Arabic names, amounts and date', async () => {
    const { shopper, shirt, scarf, order, mail } = await checkout({ 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' });
    const number = numberOf(order);
    const date = new Intl.DateTimeFormat('ar-EG', { dateStyle: 'long', timeZone: 'Africa/Cairo' }).format(new Date(order.createdAt));
    expect(mail.subject).toBe(`تم تسجيل طلبك ${number} من ${SHOP}`);
    const text = mail.text!;
    expect(text).toContain(`شكرًا لطلبك ${number}`);
    expect(text).toContain(`- ${shirt.nameAr}, المقاس L, ٢ × ٤٥٠ ج.م. = ٩٠٠ ج.م.`);
    expect(text).toContain(`- ${scarf.name}, مقاس واحد, ١ × ١٩٩٫٥٠ ج.م. = ١٩٩٫٥٠ ج.م.`);
    expect(text).toContain('الشحن: ٣٠ ج.م.');
    expect(text).toContain('الإجمالي: ١٬١٢٩٫٥٠ ج.م.');
    expect(text).toContain(`تاريخ الطلب: ${date}`);
    expect(text).toContain('طريقة الدفع: الدفع عند الاستلام');
    // the governorate by its Arabic name; the order keeps the English one
    expect(text).toContain('Nasr City، القاهرة');
    expect(order.Governorate).toBe('Cairo');
    expect(text).not.toContain('EGP');
    expect(text).not.toContain('Cairo');
    const html = String(mail.html);
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<body dir="rtl"');
    expect(html).toContain(shirt.nameAr);
    expect(html).toContain('١٬١٢٩٫٥٠ ج.م.');
    expect(html).toContain('عرض طلبك');
    expect(html).toContain('Nasr City، القاهرة');
    expect(html).toContain(`href="https://shop.example/account/${shopper.user.username}/my-orders/${order._id}"`);
    expect(html).not.toContain(shirt.name);

    // the admin moves it from an English dashboard: the shopper still hears in Arabic
    const admin = await createAdmin();
    const moved = await api('moveOrder', { app: mailing.app, headers: { ...admin.auth, 'accept-language': 'en' }, params: { id: order._id }, body: { status: 'shipped' } });
    expect(moved.status).toBe(200);
    const shipped = (await smtp.messagesTo(shopper.user.email, 2)).find((m) => m !== mail)!;
    expect(shipped.subject).toBe(`طلبك ${number} من ${SHOP} في الطريق إليك`);
    expect(shipped.text).toContain('خرج من مشغلنا وهو في الطريق إليك.');
    expect(shipped.text).toContain('٣ قطع، الإجمالي ١٬١٢٩٫٥٠ ج.م.');
    expect(String(shipped.html)).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('are in English without Accept-Language, and when English comes first', async () => {
    for (const headers of [{}, { 'accept-language': 'en-US,en;q=0.9,ar;q=0.5' }] as Record<string, string>[]) {
      const { order, mail } = await checkout(headers);
      expect(mail.subject).toBe(`Your ${SHOP} order ${numberOf(order, 'en')} is placed`);
      expect(mail.text).toContain('Total: EGP 1,129.50');
      expect(mail.text).toContain('Placed on: ');
      expect(mail.text).toContain('Nasr City, Cairo');
      expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
      expect(String(mail.html)).toMatch(/<html lang="en" dir="ltr">/);
    }
  });

  it("follow the shop's lang cookie over the browser's language", async () => {
    const { mail } = await checkout({ cookie: 'theme=dark; lang=ar', 'accept-language': 'en-US' });
    expect(mail.subject).toMatch(/^تم تسجيل طلبك #[٠-٩]+ /);
    const english = await checkout({ cookie: 'lang=en', 'accept-language': 'ar' });
    expect(english.mail.subject).toMatch(new RegExp(`^Your ${SHOP} order`));
  });

  it('tell of a refund in Arabic for an order placed in Arabic', async () => {
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct({ price: 450 }), quantity: 1 }], { wayForPayment: 'credit' });
    await mailing.app.db.update(orders).set({ lang: 'ar' }).where(eq(orders.id, order._id));
    await mailOrder(mailing.app, order._id, 'canceled', { amount: 480, pending: false });
    const [mail] = await smtp.messagesTo(shopper.user.email);
    expect(mail!.subject).toBe(`طلبك ${numberOf(order)} من ${SHOP} تم إلغاؤه`);
    expect(mail!.text).toContain('قطعة واحدة، الإجمالي ٤٨٠ ج.م.');
    expect(mail!.text).toContain('سيُرد مبلغ ٤٨٠ ج.م. إلى بطاقتك');
    expect(String(mail!.html)).toContain('استرداد المبلغ');
  });
});

describe('the count of pieces in an order mail', () => {
  it.each([
    [1, 'قطعة واحدة', '1 item'],
    [2, 'قطعتان', '2 items'],
    [3, '٣ قطع', '3 items'],
    [11, '١١ قطعة', '11 items'],
    [100, '١٠٠ قطعة', '100 items'],
  ])('takes its Arabic plural form for %i', async (quantity, arabic, english) => {
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct({ price: 10, sizes: [{ size: 'M', stock: null }] }), quantity, size: 'M' }]);
    expect(orderStatusMail(order, { status: 'shipped' }, MAIL_SHOP, 'ar').text).toContain(`${arabic}، الإجمالي ${formatEgp(order.totalPrice, 'ar')}`);
    expect(orderStatusMail(order, { status: 'shipped' }, MAIL_SHOP, 'en').text).toContain(`${english}, total EGP `);
  });
});

describe('the password reset mail', () => {
  it('is in the language the reset was asked for in', async () => {
    const { user } = await createUser();
    expect((await api('forgotPassword', { app: mailing.app, headers: { 'accept-language': 'ar' }, body: { email: user.email } })).status).toBe(200);
    const [arabic] = await smtp.messagesTo(user.email);
    expect(arabic!.subject).toBe(`إعادة تعيين كلمة المرور في ${SHOP}`);
    expect(arabic!.text).toContain(`أهلًا ${user.username}،`);
    expect(arabic!.text).toMatch(/https:\/\/shop\.example\/reset-password\?token=[\w-]+/);
    expect(String(arabic!.html)).toMatch(/<html lang="ar" dir="rtl">/);
    expect(String(arabic!.html)).toContain('اختيار كلمة مرور جديدة');

    expect((await api('forgotPassword', { app: mailing.app, body: { email: user.email } })).status).toBe(200);
    const english = (await smtp.messagesTo(user.email, 2)).find((mail) => mail !== arabic)!;
    expect(english.subject).toBe(`Reset your ${SHOP} password`);
    expect(String(english.html)).toMatch(/<html lang="en" dir="ltr">/);
  });
});
