// Every message the shop sends, in one place: each has a subject, a plain-text part and an HTML part that looks like
// the shop (inline styles: mail programs drop style sheets). Every value that comes from a shopper goes through
// `html`, which escapes it; only the fragments built here are trusted. The shop's name, logo, tagline and accent come
// from its settings (PRODUCT section 8), passed in as `MailShop`.
import { ONE_SIZE } from '@shop/core/constants';
import { GOVERNORATES_AR } from '@shop/core/messages.ar';
import { formatEgp, toEgp, toPiastres } from '@shop/core/money';
import { countedArabic, countedEnglish, type ArabicForms } from '@shop/core/plural';
import { formatOrderNumber } from '@shop/core/order-number';
import type { Order } from '@shop/core/contract/orders';
import type { MailMessage } from './mailer.ts';

export type Mail = Omit<MailMessage, 'to'>;

/** The shop a mail comes from, as its settings are when the mail is built: texts in the mail's language. */
export interface MailShop {
  publicUrl: string;
  name: string;
  tagline: string;
  /** absolute, or null: the name is written as the logo */
  logoUrl: string | null;
  accent: string;
}

/**
 * The language of a mail: the one the shopper used when the news began (the checkout, the forgot-password request;
 * decision 018). Amounts are written by shop-core's formatEgp, as the shop's pages write them; Arabic mails write
 * dates and counts with `Intl` for ar-EG (Arabic-Indic digits).
 */
export type MailLanguage = 'en' | 'ar';

/**
 * The moves of an order a shopper hears about (PRODUCT section 7, "Order lifecycle"), the refund of a canceled card
 * order done after the cancel's mail said it was on its way, and a second payment for an order already paid, given back.
 */
export const ORDER_MAIL_STATUSES = ['shipped', 'delivered', 'canceled', 'refunded', 'paid-twice'] as const;
export type OrderMailStatus = (typeof ORDER_MAIL_STATUSES)[number];

// ---- escaping ----------------------------------------------------------------------------------------------------

class SafeHtml {
  constructor(readonly value: string) {}
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function piece(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** HTML with every interpolated value escaped, unless it is HTML built by this function. */
function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + piece(values[index - 1]) + part));
}

// ---- the shop's look ---------------------------------------------------------------------------------------------

// the accent is the shop's own (its settings): white text on it reaches 4.5:1, the settings refuse a colour that does not
const COLOR = { bg: '#fbfaf8', surface: '#ffffff', tint: '#f3efe9', text: '#1c1917', muted: '#625c56', border: '#e4dfd8' };
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function button(label: string, href: string, shop: MailShop): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="background:${shop.accent};border-radius:8px"><a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;font-size:16px;text-decoration:none">${label}</a></td></tr></table>`;
}

/** The shop's logo, or its name written as the storefront writes it when it has none: the first word large. */
function logo(shop: MailShop): SafeHtml {
  if (shop.logoUrl) return html`<img src="${shop.logoUrl}" alt="${shop.name}" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0">`;
  const [mark = '', ...rest] = shop.name.split(/\s+/);
  return html`<span style="font-size:22px;font-weight:800;letter-spacing:4px;text-transform:uppercase">${mark}</span> <span style="font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${COLOR.muted}">${rest.join(' ')}</span>`;
}

function paragraph(content: unknown, color = COLOR.text): SafeHtml {
  return html`<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${color}">${content}</p>`;
}

/** The side a row's amount sits on: the end of the line, which is the left in Arabic. */
const endSide = (lang: MailLanguage) => (lang === 'ar' ? 'left' : 'right');

function layout(lang: MailLanguage, title: string, preheader: string, body: SafeHtml, shop: MailShop): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const { publicUrl } = shop;
  // dir on the body and the outer table too: some mail programs drop the <html> element's attributes
  return html`<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:${COLOR.bg};font-family:${FONT};color:${COLOR.text}">
<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.bg}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px"><a href="${publicUrl}/" style="text-decoration:none;color:${COLOR.text}">${logo(shop)}</a></td></tr>
<tr><td style="background:${COLOR.surface};border:1px solid ${COLOR.border};border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;font-weight:700;color:${COLOR.text}">${title}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 4px;font-size:12px;line-height:18px;color:${COLOR.muted}">${shop.name} · ${shop.tagline ? html`${shop.tagline} · ` : ''}<a href="${publicUrl}/" style="color:${COLOR.muted}">${publicUrl.replace(/^https?:\/\//, '')}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>`.value;
}

function textLayout(lines: string[], shop: MailShop): string {
  return [...lines, '', shop.name, `${shop.publicUrl}/`].join('\n');
}

// ---- orders ------------------------------------------------------------------------------------------------------

/**
 * The order's page in the shop: a guest's with its token (PRODUCT section 8), a customer's under their username, or the
 * shop itself when neither is known.
 */
export function orderLink(publicUrl: string, order: Pick<Order, '_id' | 'username'>, guestToken?: string): string {
  if (guestToken) return `${publicUrl}/orders/${encodeURIComponent(order._id)}?token=${encodeURIComponent(guestToken)}`;
  if (!order.username) return `${publicUrl}/`;
  return `${publicUrl}/account/${encodeURIComponent(order.username)}/my-orders/${encodeURIComponent(order._id)}`;
}

// ---- words and numbers in each language ------------------------------------------------------------------------

const AR_COUNT = new Intl.NumberFormat('ar-EG');
const DATE = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Cairo' }),
  ar: new Intl.DateTimeFormat('ar-EG', { dateStyle: 'long', timeZone: 'Africa/Cairo' }),
};


const PIECES = {
  en: { one: '{count} item', other: '{count} items' },
  ar: { zero: 'لا قطع', one: 'قطعة واحدة', two: 'قطعتان', few: '{count} قطع', many: '{count} قطعة', other: '{count} قطعة' } satisfies ArabicForms,
};

/** "3 items", "٣ قطع": how many pieces an order holds. */
const pieces = (lang: MailLanguage, count: number) => (lang === 'ar' ? countedArabic(PIECES.ar, count) : countedEnglish(PIECES.en, count));

const ORDER_WORDS = {
  en: {
    size: (size: string) => (size === ONE_SIZE ? ONE_SIZE : `Size ${size}`),
    payment: { credit: 'Card, paid online', cash: 'Cash on delivery' },
    placedSubject: (shop: string, number: string) => `Your ${shop} order ${number} is placed`,
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    thanks: (number: string) => `Thank you for your order ${number}. Here is what you ordered:`,
    thanksHtml: (name: string | null, number: string) => `Hello${name ? ` ${name}` : ''}, thank you for your order ${number}. We are getting it ready.`,
    placedOn: 'Placed on',
    subtotal: 'Subtotal',
    discount: (code: string | null) => (code ? `Discount (${code})` : 'Discount'),
    shipping: 'Shipping',
    freeShipping: 'Free',
    codFee: 'Cash on delivery fee',
    total: 'Total',
    paymentLabel: 'Payment',
    deliveringTo: 'Delivering to',
    seeOrder: 'See your order',
    confirmAsk: 'You pay in cash when it arrives: please confirm your order, or cancel it, so we can send it out.',
    confirmOrder: 'Confirm or cancel your order',
    placedTitle: 'Thank you for your order',
    placedPreheader: (number: string, amount: string) => `Order ${number}: ${amount}`,
    yourOrder: (number: string, says: string) => `Your order ${number} ${says}`,
    helloYourOrder: (name: string | null, number: string, says: string) => `Hello${name ? ` ${name}` : ''}, your order ${number} ${says}`,
    items: (count: string, amount: string) => `${count}, total ${amount}.`,
    refund: (amount: string) => `${amount} is on its way back to your card; banks usually show it within 5 to 10 days.`,
    refundPending: (amount: string) =>
      `We are giving ${amount} back to your card. The card processor has not confirmed it yet: we keep trying, and will write to you once it is done.`,
    refundLabel: 'Refund',
    secondPaymentBack: (amount: string) => `The second payment, ${amount}, is on its way back to you; banks and wallets usually show it within 5 to 10 days.`,
    carriedBy: (courier: string, trackingNumber: string) => `${courier} is bringing it to you, tracking number ${trackingNumber}.`,
    followParcel: 'Follow your parcel',
    status: {
      shipped: { subject: 'is on its way', title: 'Your order is on its way', says: 'has left our workshop and is on its way to you.' },
      delivered: { subject: 'has been delivered', title: 'Your order has been delivered', says: 'has been delivered. We hope you love it.' },
      canceled: { subject: 'has been canceled', title: 'Your order has been canceled', says: 'has been canceled.' },
      refunded: { subject: 'has been refunded', title: 'Your money is back', says: 'was canceled, and its payment has now been given back.' },
      'paid-twice': { subject: 'was paid twice: we gave one back', title: 'We gave your second payment back', says: 'was paid twice, so we gave the second payment back. The order stands, paid once.' },
    },
    statusSubject: (shop: string, number: string, words: string) => `Your ${shop} order ${number} ${words}`,
    statusPreheader: (number: string, words: string) => `Order ${number} ${words}`,
  },
  ar: {
    size: (size: string) => (size === ONE_SIZE ? 'مقاس واحد' : `المقاس ${size}`),
    payment: { credit: 'بطاقة، تم الدفع أونلاين', cash: 'الدفع عند الاستلام' },
    placedSubject: (shop: string, number: string) => `تم تسجيل طلبك ${number} من ${shop}`,
    hello: (name: string | null) => (name ? `أهلًا ${name}،` : 'أهلًا،'),
    thanks: (number: string) => `شكرًا لطلبك ${number}. إليك ما طلبته:`,
    thanksHtml: (name: string | null, number: string) => `أهلًا${name ? ` ${name}` : ''}، شكرًا لطلبك ${number}. نحن نجهّزه الآن.`,
    placedOn: 'تاريخ الطلب',
    subtotal: 'المجموع الفرعي',
    discount: (code: string | null) => (code ? `الخصم (${code})` : 'الخصم'),
    shipping: 'الشحن',
    freeShipping: 'مجاني',
    codFee: 'رسوم الدفع عند الاستلام',
    total: 'الإجمالي',
    paymentLabel: 'طريقة الدفع',
    deliveringTo: 'التوصيل إلى',
    seeOrder: 'عرض طلبك',
    confirmAsk: 'ستدفع نقدًا عند الاستلام: يُرجى تأكيد طلبك أو إلغاؤه حتى نتمكن من شحنه.',
    confirmOrder: 'تأكيد طلبك أو إلغاؤه',
    placedTitle: 'شكرًا لطلبك',
    placedPreheader: (number: string, amount: string) => `الطلب ${number}: ${amount}`,
    yourOrder: (number: string, says: string) => `طلبك ${number} ${says}`,
    helloYourOrder: (name: string | null, number: string, says: string) => `أهلًا${name ? ` ${name}` : ''}، طلبك ${number} ${says}`,
    items: (count: string, amount: string) => `${count}، الإجمالي ${amount}.`,
    refund: (amount: string) => `سيُرد مبلغ ${amount} إلى بطاقتك؛ يظهر عادةً في حسابك خلال ٥ إلى ١٠ أيام حسب البنك.`,
    refundPending: (amount: string) => `نعمل على ردّ مبلغ ${amount} إلى بطاقتك. لم تؤكد جهة الدفع ذلك بعد؛ سنواصل المحاولة ونكتب إليك فور إتمامه.`,
    refundLabel: 'استرداد المبلغ',
    secondPaymentBack: (amount: string) => `الدفعة الثانية، ${amount}، في طريقها إليك؛ تظهر عادةً خلال ٥ إلى ١٠ أيام حسب البنك أو المحفظة.`,
    carriedBy: (courier: string, trackingNumber: string) => `تحمله إليك ${courier}، برقم التتبع ${trackingNumber}.`,
    followParcel: 'تتبّع شحنتك',
    status: {
      shipped: { subject: 'في الطريق إليك', title: 'طلبك في الطريق إليك', says: 'خرج من مشغلنا وهو في الطريق إليك.' },
      delivered: { subject: 'تم توصيله', title: 'تم توصيل طلبك', says: 'تم توصيله. نتمنى أن ينال إعجابك.' },
      canceled: { subject: 'تم إلغاؤه', title: 'تم إلغاء طلبك', says: 'تم إلغاؤه.' },
      refunded: { subject: 'تم ردّ مبلغه', title: 'تم ردّ المبلغ', says: 'أُلغي، وتم الآن ردّ المبلغ المدفوع.' },
      'paid-twice': { subject: 'دُفع مرتين، ورددنا إحدى الدفعتين', title: 'رددنا دفعتك الثانية', says: 'دُفع مرتين، فرددنا الدفعة الثانية. الطلب قائم ومدفوع مرة واحدة.' },
    },
    statusSubject: (shop: string, number: string, words: string) => `طلبك ${number} من ${shop} ${words}`,
    statusPreheader: (number: string, words: string) => `الطلب ${number} ${words}`,
  },
} satisfies Record<MailLanguage, unknown>;

function priced(order: Order, lang: MailLanguage) {
  const words = ORDER_WORDS[lang];
  const lines = order.products.map((line) => ({
    // the Arabic name the product had when it was ordered, else its name
    name: (lang === 'ar' ? line.product.nameAr : undefined) ?? line.product.name,
    size: words.size(line.size),
    quantity: lang === 'ar' ? AR_COUNT.format(line.quantity) : String(line.quantity),
    unit: formatEgp(line.unitPrice, lang),
    total: formatEgp(toEgp(toPiastres(line.unitPrice) * line.quantity), lang),
  }));
  // the order's figures (PRODUCT section 8): the discount and the cash fee only when the order has them
  const figures = [
    { label: words.subtotal, amount: formatEgp(order.subtotal, lang) },
    ...(order.discount > 0 ? [{ label: words.discount(order.couponCode), amount: `-${formatEgp(order.discount, lang)}` }] : []),
    { label: words.shipping, amount: order.shipping > 0 ? formatEgp(order.shipping, lang) : words.freeShipping },
    ...(order.codFee > 0 ? [{ label: words.codFee, amount: formatEgp(order.codFee, lang) }] : []),
  ];
  return { lines, figures, total: formatEgp(order.totalPrice, lang) };
}

/**
 * Where the order goes; the governorate by its Arabic name in an Arabic mail (the order keeps the English one). A
 * guest's mail goes to an address nobody has shown is hers, so it carries no text she typed (decision 051: whoever
 * checks out may write anything into a name or an address, and the shop would sign it): only the governorate, from the
 * shop's own list; her order's page, by the link, shows the rest.
 */
function addressLines(order: Order, lang: MailLanguage, guest: boolean): string[] {
  const governorate = lang === 'ar' ? (GOVERNORATES_AR as Record<string, string>)[order.Governorate] ?? order.Governorate : order.Governorate;
  if (guest) return [governorate];
  return [`${order.firstName} ${order.secondName}`, order.address, `${order.city}${lang === 'ar' ? '، ' : ', '}${governorate}`, order.phoneNumber];
}

/** Whom the mail greets: the account's customer by her first name; a guest by none (addressLines says why). */
const greeted = (order: Order, guestToken: string | undefined) => (guestToken ? null : order.firstName);

/**
 * The placed mail; `confirmLink`: a cash order waiting for its shopper's yes (PRODUCT section 9) asks for it, with the
 * link to the page that confirms or cancels it.
 */
export function orderPlacedMail(order: Order, shop: MailShop, lang: MailLanguage = 'en', guestToken?: string, confirmLink?: string): Mail {
  const words = ORDER_WORDS[lang];
  const number = formatOrderNumber(order.number, lang);
  const link = orderLink(shop.publicUrl, order, guestToken);
  const placedOn = DATE[lang].format(new Date(order.createdAt));
  const payment = words.payment[order.wayForPayment];
  const end = endSide(lang);
  const { lines, figures, total } = priced(order, lang);
  const subject = words.placedSubject(shop.name, number);
  const text = textLayout(
    [
      words.hello(greeted(order, guestToken)),
      '',
      words.thanks(number),
      '',
      ...lines.map((line) => `- ${line.name}, ${line.size}, ${line.quantity} × ${line.unit} = ${line.total}`),
      ...figures.map((figure) => `${figure.label}: ${figure.amount}`),
      `${words.total}: ${total}`,
      '',
      `${words.placedOn}: ${placedOn}`,
      `${words.paymentLabel}: ${payment}`,
      '',
      `${words.deliveringTo}:`,
      ...addressLines(order, lang, Boolean(guestToken)),
      '',
      ...(confirmLink ? [words.confirmAsk, `${words.confirmOrder}: ${confirmLink}`, ''] : []),
      `${words.seeOrder}: ${link}`,
    ],
    shop,
  );
  const cell = `padding:12px 0;border-bottom:1px solid ${COLOR.border};font-size:15px;line-height:22px;vertical-align:top`;
  const body = html`${paragraph(words.thanksHtml(greeted(order, guestToken), number))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid ${COLOR.border}">
${lines.map(
  (line) => html`<tr><td style="${cell}"><strong>${line.name}</strong><br><span style="color:${COLOR.muted};font-size:14px">${line.size} · ${line.quantity} × ${line.unit}</span></td><td align="${end}" style="${cell};white-space:nowrap;font-variant-numeric:tabular-nums">${line.total}</td></tr>`,
)}
${figures.map(
  (figure, index) => html`<tr><td style="padding:${index === 0 ? 12 : 4}px 0 4px;font-size:15px;color:${COLOR.muted}">${figure.label}</td><td align="${end}" style="padding:${index === 0 ? 12 : 4}px 0 4px;font-size:15px;color:${COLOR.muted};white-space:nowrap;font-variant-numeric:tabular-nums">${figure.amount}</td></tr>`,
)}
<tr><td style="padding:4px 0 16px;font-size:17px;font-weight:700">${words.total}</td><td align="${end}" style="padding:4px 0 16px;font-size:17px;font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums">${total}</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.tint};border-radius:8px"><tr><td style="padding:16px;font-size:15px;line-height:22px">
<strong>${words.deliveringTo}</strong><br>${addressLines(order, lang, Boolean(guestToken)).map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}
<br><br><strong>${words.paymentLabel}</strong><br>${payment}
<br><br><strong>${words.placedOn}</strong><br>${placedOn}
</td></tr></table>
${confirmLink ? html`${paragraph(words.confirmAsk)}${button(words.confirmOrder, confirmLink, shop)}` : ''}
${button(words.seeOrder, link, shop)}`;
  return { subject, text, html: layout(lang, words.placedTitle, words.placedPreheader(number, total), body, shop) };
}

export interface OrderStatusChange {
  status: OrderMailStatus;
  /** EGP given back to the card, when the cancel refunded a payment. */
  refund?: number | undefined;
  /** the refund's first try failed: the money is on its way, not back yet (a `refunded` mail follows) */
  refundPending?: boolean | undefined;
}

export function orderStatusMail(order: Order, change: OrderStatusChange, shop: MailShop, lang: MailLanguage = 'en', guestToken?: string): Mail {
  const words = ORDER_WORDS[lang];
  const number = formatOrderNumber(order.number, lang);
  const link = orderLink(shop.publicUrl, order, guestToken);
  const status = words.status[change.status];
  const refund = (change.status === 'canceled' || change.status === 'refunded' || change.status === 'paid-twice') && change.refund !== undefined && change.refund > 0 ? formatEgp(change.refund, lang) : null;
  const refundSentence = !refund
    ? null
    : change.status === 'paid-twice'
      ? words.secondPaymentBack(refund)
      : change.refundPending
        ? words.refundPending(refund)
        : words.refund(refund);
  const count = order.products.reduce((sum, line) => sum + line.quantity, 0);
  const itemsSentence = words.items(pieces(lang, count), formatEgp(order.totalPrice, lang));
  // shipped with a courier (PRODUCT section 9): who brings it, its tracking number and the courier's page to follow it
  const parcel = change.status === 'shipped' && order.shipment?.trackingNumber && order.shipment.trackingUrl ? order.shipment : null;
  const carried = parcel ? words.carriedBy(parcel.courier === 'bosta' ? 'Bosta' : parcel.courier, parcel.trackingNumber!) : null;
  const subject = words.statusSubject(shop.name, number, status.subject);
  const text = textLayout(
    [
      words.hello(greeted(order, guestToken)), '', words.yourOrder(number, status.says), itemsSentence, ...(refundSentence ? [refundSentence] : []),
      ...(carried ? [carried, `${words.followParcel}: ${parcel!.trackingUrl}`] : []), '', `${words.seeOrder}: ${link}`,
    ],
    shop,
  );
  const body = html`${paragraph(words.helloYourOrder(greeted(order, guestToken), number, status.says))}
${paragraph(itemsSentence, COLOR.muted)}
${refundSentence ? html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.tint};border-radius:8px;margin:0 0 16px"><tr><td style="padding:16px;font-size:15px;line-height:22px"><strong>${words.refundLabel}</strong><br>${refundSentence}</td></tr></table>` : ''}
${carried ? html`${paragraph(carried)}${button(words.followParcel, parcel!.trackingUrl!, shop)}` : ''}
${button(words.seeOrder, link, shop)}`;
  return { subject, text, html: layout(lang, status.title, words.statusPreheader(number, status.subject), body, shop) };
}

// ---- returns (PRODUCT section 9, decision 065) ------------------------------------------------------------------

export type ReturnMailStatus = 'requested' | 'approved' | 'rejected' | 'received' | 'closed' | 'refunded';

const RETURN_WORDS = {
  en: {
    subject: (shop: string, number: string, says: string) => `${shop}: your return for order ${number} ${says}`,
    says: {
      requested: 'is requested', approved: 'is approved', rejected: 'was not accepted', received: 'has arrived',
      closed: 'is closed', refunded: 'is refunded',
    },
    next: {
      requested: 'We will look at it and write to you once we decide.',
      approved: 'Please send the pieces back to us as we tell you; we will write once they arrive.',
      rejected: 'If you have a question, reply to this message.',
      received: 'Your pieces are back with us.',
      closed: 'Thank you for shopping with us.',
      refunded: 'The money is on its way back the way you paid.',
    },
    refund: (amount: string) => `Refund: ${amount}`,
    note: (text: string) => `Our note: ${text}`,
    seeOrder: 'See your order',
  },
  ar: {
    subject: (shop: string, number: string, says: string) => `${shop}: طلب الإرجاع للطلب ${number} ${says}`,
    says: {
      requested: 'تم تقديمه', approved: 'تمت الموافقة عليه', rejected: 'لم يُقبل', received: 'وصلنا',
      closed: 'أُغلق', refunded: 'تم رد مبلغه',
    },
    next: {
      requested: 'سنراجعه ونكتب إليك بمجرد أن نقرر.',
      approved: 'يُرجى إرسال القطع إلينا كما نوضح لك؛ سنكتب إليك عند وصولها.',
      rejected: 'إذا كان لديك سؤال، رُدّ على هذه الرسالة.',
      received: 'وصلتنا القطع المرتجعة.',
      closed: 'شكرًا لتسوقك معنا.',
      refunded: 'المبلغ في طريقه إليك بالطريقة التي دفعت بها.',
    },
    refund: (amount: string) => `المبلغ المسترد: ${amount}`,
    note: (text: string) => `ملاحظتنا: ${text}`,
    seeOrder: 'عرض طلبك',
  },
} satisfies Record<MailLanguage, unknown>;

/** A return's news to its shopper, in her order's language: asked, each step of the shop's, the money back. */
export function returnMail(order: Order, news: { status: ReturnMailStatus; refund: number; note?: string }, shop: MailShop, lang: MailLanguage = 'en', guestToken?: string): Mail {
  const words = RETURN_WORDS[lang];
  const number = formatOrderNumber(order.number, lang);
  const link = orderLink(shop.publicUrl, order, guestToken);
  const says = words.says[news.status];
  const subject = words.subject(shop.name, number, says);
  const refund = news.refund > 0 && news.status !== 'rejected' ? words.refund(formatEgp(news.refund, lang)) : null;
  const note = news.note ? words.note(news.note) : null;
  const lines = [ORDER_WORDS[lang].hello(greeted(order, guestToken)), '', subject, words.next[news.status], ...(refund ? [refund] : []), ...(note ? [note] : []), '', `${words.seeOrder}: ${link}`];
  const body = html`${paragraph(words.next[news.status])}
${refund ? paragraph(refund) : ''}
${note ? paragraph(note, COLOR.muted) : ''}
${button(words.seeOrder, link, shop)}`;
  return { subject, text: textLayout(lines, shop), html: layout(lang, subject, words.next[news.status], body, shop) };
}

// ---- passwords ---------------------------------------------------------------------------------------------------

const RESET_WORDS = {
  en: {
    subject: (shop: string) => `Reset your ${shop} password`,
    hello: (name: string) => `Hello ${name},`,
    asked: 'Someone asked to reset the password of your account. To choose a new one, open this link within an hour:',
    askedHtml: (name: string) => `Hello ${name}, someone asked to reset the password of your account. To choose a new one, use the button within an hour.`,
    once: 'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
    button: 'Choose a new password',
    paste: 'Or paste this address into your browser:',
    title: 'Reset your password',
    preheader: 'A link to choose a new password, valid for one hour',
  },
  ar: {
    subject: (shop: string) => `إعادة تعيين كلمة المرور في ${shop}`,
    hello: (name: string) => `أهلًا ${name}،`,
    asked: 'طلب أحدهم إعادة تعيين كلمة المرور لحسابك. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة:',
    askedHtml: (name: string) => `أهلًا ${name}، طلب أحدهم إعادة تعيين كلمة المرور لحسابك. لاختيار كلمة مرور جديدة، استخدم الزر خلال ساعة.`,
    once: 'يعمل الرابط مرة واحدة فقط. إذا لم تطلبه، تجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
    button: 'اختيار كلمة مرور جديدة',
    paste: 'أو انسخ هذا العنوان والصقه في المتصفح:',
    title: 'إعادة تعيين كلمة المرور',
    preheader: 'رابط لاختيار كلمة مرور جديدة، صالح لمدة ساعة',
  },
} satisfies Record<MailLanguage, unknown>;

export function passwordResetMail(username: string, link: string, shop: MailShop, lang: MailLanguage = 'en'): Mail {
  const words = RESET_WORDS[lang];
  const text = textLayout([words.hello(username), '', words.asked, '', link, '', words.once], shop);
  const body = html`${paragraph(words.askedHtml(username))}
${button(words.button, link, shop)}
${paragraph(words.once, COLOR.muted)}
<p style="margin:0;font-size:13px;line-height:20px;color:${COLOR.muted};word-break:break-all">${words.paste} <span dir="ltr">${link}</span></p>`;
  return { subject: words.subject(shop.name), text, html: layout(lang, words.title, words.preheader, body, shop) };
}

// ---- the account's email -----------------------------------------------------------------------------------------

const EMAIL_CHANGED_WORDS = {
  en: {
    subject: (shop: string) => `The email of your ${shop} account was changed`,
    hello: (name: string) => `Hello ${name},`,
    changed: (email: string) => `The email of your account was changed to ${email}. The shop's mail goes there from now on.`,
    changedHtml: (name: string) => `Hello ${name}, the email of your account was changed to:`,
    yours: 'If you made this change, there is nothing more to do.',
    notYours: 'If you did not, someone else may be using your account: reply to this message at once and we will secure it.',
    title: 'Your email was changed',
    preheader: (email: string) => `Your account's email is now ${email}`,
  },
  ar: {
    subject: (shop: string) => `تم تغيير البريد الإلكتروني لحسابك في ${shop}`,
    hello: (name: string) => `أهلًا ${name}،`,
    changed: (email: string) => `تم تغيير البريد الإلكتروني لحسابك إلى ${email}. ستصل رسائل المتجر إليه من الآن.`,
    changedHtml: (name: string) => `أهلًا ${name}، تم تغيير البريد الإلكتروني لحسابك إلى:`,
    yours: 'إذا كنت أنت من غيّره، فلا حاجة إلى أي إجراء آخر.',
    notYours: 'وإذا لم تكن أنت، فقد يكون شخص آخر يستخدم حسابك: ردّ على هذه الرسالة فورًا وسنؤمّنه لك.',
    title: 'تم تغيير بريدك الإلكتروني',
    preheader: (email: string) => `البريد الإلكتروني لحسابك الآن ${email}`,
  },
} satisfies Record<MailLanguage, unknown>;

/** To the address an account had, when its email is changed: who did not change it hears of it there. */
export function emailChangedMail(username: string, newEmail: string, shop: MailShop, lang: MailLanguage = 'en'): Mail {
  const words = EMAIL_CHANGED_WORDS[lang];
  const text = textLayout([words.hello(username), '', words.changed(newEmail), '', words.yours, words.notYours], shop);
  const body = html`${paragraph(words.changedHtml(username))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.tint};border-radius:8px;margin:0 0 16px"><tr><td style="padding:16px;font-size:16px;line-height:24px;font-weight:600;word-break:break-all"><span dir="ltr">${newEmail}</span></td></tr></table>
${paragraph(words.yours)}
${paragraph(words.notYours, COLOR.muted)}`;
  return { subject: words.subject(shop.name), text, html: layout(lang, words.title, words.preheader(newEmail), body, shop) };
}

// ---- back in stock -----------------------------------------------------------------------------------------------

/** A size back in stock, as a shopper asked to hear of it (decision 040). */
export interface BackInStockNews {
  username: string;
  /** the product's name in the mail's language (the English one when it has no Arabic) */
  productName: string;
  size: string;
  /** the product's page in the shop */
  link: string;
}

const BACK_IN_STOCK_WORDS = {
  en: {
    size: (size: string) => (size === ONE_SIZE ? 'its one size' : `size ${size}`),
    subject: (product: string, size: string) => `${product} is back in ${size}`,
    hello: (name: string) => `Hello ${name},`,
    back: (product: string, size: string) => `You asked us to tell you: ${product} is back in stock in ${size}.`,
    soon: 'Pieces can sell out again, so if you still want it, order it soon.',
    once: 'This is the only mail about it: ask again on the product page if it sells out before you order.',
    button: 'See the product',
    title: 'Back in stock',
    preheader: (product: string, size: string) => `${product} in ${size} can be ordered again`,
  },
  ar: {
    size: (size: string) => (size === ONE_SIZE ? 'المقاس الواحد' : `المقاس ${size}`),
    subject: (product: string, size: string) => `${product} متوفر من جديد في ${size}`,
    hello: (name: string) => `أهلًا ${name}،`,
    back: (product: string, size: string) => `طلبت منا أن نخبرك: ${product} عاد إلى المخزون في ${size}.`,
    soon: 'قد تنفد القطع مرة أخرى، فإن كنت لا تزال ترغب فيه فاطلبه قريبًا.',
    once: 'هذه هي الرسالة الوحيدة بشأنه: اطلب التنبيه مرة أخرى من صفحة المنتج إذا نفد قبل أن تطلبه.',
    button: 'عرض المنتج',
    title: 'عاد إلى المخزون',
    preheader: (product: string, size: string) => `يمكنك طلب ${product} في ${size} من جديد`,
  },
} satisfies Record<MailLanguage, unknown>;

/** To a shopper who asked to be told when a sold-out size came back: once, in the language of the ask. */
export function backInStockMail(news: BackInStockNews, shop: MailShop, lang: MailLanguage = 'en'): Mail {
  const words = BACK_IN_STOCK_WORDS[lang];
  const size = words.size(news.size);
  const text = textLayout([words.hello(news.username), '', words.back(news.productName, size), words.soon, '', news.link, '', words.once], shop);
  const body = html`${paragraph(words.hello(news.username))}
${paragraph(words.back(news.productName, size))}
${paragraph(words.soon)}
${button(words.button, news.link, shop)}
${paragraph(words.once, COLOR.muted)}`;
  return {
    subject: `${words.subject(news.productName, size)} · ${shop.name}`,
    text,
    html: layout(lang, words.title, words.preheader(news.productName, size), body, shop),
  };
}

// ---- a cart left behind ------------------------------------------------------------------------------------------

/** A cart left behind, as its reminder tells it (PRODUCT section 9). */
export interface CartLeftNews {
  username: string;
  /** 1: after an hour; 2: after a day */
  step: 1 | 2;
  lines: { name: string; size: string; quantity: number; image: string | null; price: number; was: number | null }[];
  /** her cart in the shop */
  cartLink: string;
  /** one click, no sign-in: no more offers or reminders by email */
  unsubscribeLink: string;
}

const CART_LEFT_WORDS = {
  en: {
    size: (size: string) => (size === ONE_SIZE ? 'One size' : `Size ${size}`),
    subject: (step: 1 | 2) => (step === 1 ? 'You left something in your cart' : 'Your cart is still waiting'),
    hello: (name: string) => `Hello ${name},`,
    left: (step: 1 | 2) =>
      step === 1 ? 'You left these pieces in your cart. They are kept for you, while they last:' : 'Your cart still holds these pieces. Sizes sell out, so if you still want them, now is a good time:',
    button: 'Go to my cart',
    was: 'was',
    why: 'You get this mail because you agreed to hear about offers from us.',
    unsubscribe: 'Unsubscribe from offers and reminders',
    title: (step: 1 | 2) => (step === 1 ? 'Still thinking it over?' : 'Your cart is still here'),
    preheader: (count: string) => `${count} waiting in your cart`,
  },
  ar: {
    size: (size: string) => (size === ONE_SIZE ? 'مقاس واحد' : `المقاس ${size}`),
    subject: (step: 1 | 2) => (step === 1 ? 'تركت شيئًا في سلتك' : 'سلتك ما زالت في انتظارك'),
    hello: (name: string) => `أهلًا ${name}،`,
    left: (step: 1 | 2) =>
      step === 1 ? 'تركت هذه القطع في سلتك. نحتفظ بها لك ما دامت متوفرة:' : 'ما زالت سلتك تضم هذه القطع. المقاسات تنفد، فإن كنت لا تزال ترغب فيها فهذا وقت مناسب:',
    button: 'الذهاب إلى سلتي',
    was: 'بدلًا من',
    why: 'تصلك هذه الرسالة لأنك وافقت على تلقي العروض منا.',
    unsubscribe: 'إلغاء الاشتراك في العروض والتذكيرات',
    title: (step: 1 | 2) => (step === 1 ? 'ما زلت تفكر؟' : 'سلتك ما زالت هنا'),
    preheader: (count: string) => `${count} في انتظارك في سلتك`,
  },
} satisfies Record<MailLanguage, unknown>;

/** To a shopper with marketing-email consent whose cart was left an hour, then a day: the pieces, their pictures, prices. */
export function cartLeftMail(news: CartLeftNews, shop: MailShop, lang: MailLanguage = 'en'): Mail {
  const words = CART_LEFT_WORDS[lang];
  const count = pieces(lang, news.lines.reduce((sum, line) => sum + line.quantity, 0));
  const lines = news.lines.map((line) => ({
    ...line,
    size: words.size(line.size),
    quantity: lang === 'ar' ? AR_COUNT.format(line.quantity) : String(line.quantity),
    price: formatEgp(line.price, lang),
    was: line.was === null ? null : formatEgp(line.was, lang),
  }));
  const text = textLayout(
    [
      words.hello(news.username),
      '',
      words.left(news.step),
      ...lines.map((line) => `- ${line.name}, ${line.size}, ${line.quantity} × ${line.price}${line.was ? ` (${words.was} ${line.was})` : ''}`),
      '',
      `${words.button}: ${news.cartLink}`,
      '',
      words.why,
      `${words.unsubscribe}: ${news.unsubscribeLink}`,
    ],
    shop,
  );
  const cell = `padding:12px 0;border-bottom:1px solid ${COLOR.border};font-size:15px;line-height:22px;vertical-align:middle`;
  const end = endSide(lang);
  const body = html`${paragraph(words.hello(news.username))}
${paragraph(words.left(news.step))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid ${COLOR.border}">
${lines.map(
  (line) => html`<tr><td width="72" style="${cell};padding-${end === 'right' ? 'right' : 'left'}:12px">${line.image ? html`<img src="${line.image}" alt="" width="64" height="80" style="display:block;width:64px;height:80px;object-fit:cover;border-radius:6px;border:0">` : ''}</td><td style="${cell}"><strong>${line.name}</strong><br><span style="color:${COLOR.muted};font-size:14px">${line.size} · ${line.quantity}</span></td><td align="${end}" style="${cell};white-space:nowrap;font-variant-numeric:tabular-nums">${line.price}${line.was ? html`<br><s style="color:${COLOR.muted};font-size:13px">${line.was}</s>` : ''}</td></tr>`,
)}
</table>
${button(words.button, news.cartLink, shop)}
${paragraph(html`${words.why} <a href="${news.unsubscribeLink}" style="color:${COLOR.muted}">${words.unsubscribe}</a>`, COLOR.muted)}`;
  return {
    subject: `${words.subject(news.step)} · ${shop.name}`,
    text,
    html: layout(lang, words.title(news.step), words.preheader(count), body, shop),
  };
}
