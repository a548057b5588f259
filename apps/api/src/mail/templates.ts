// Every message the shop sends, in one place: each has a subject, a plain-text part and an HTML part that looks like
// the shop (inline styles: mail programs drop style sheets). Every value that comes from a shopper goes through
// `html`, which escapes it; only the fragments built here are trusted.
import { ONE_SIZE, SHIPPING_PIASTRES, SHOP_NAME } from '@shop/core/constants';
import { formatEgp, formatTotal, toEgp, toPiastres } from '@shop/core/money';
import type { Order } from '@shop/core/schemas';
import type { MailMessage } from './mailer.ts';

export type Mail = Omit<MailMessage, 'to'>;

/** The moves of an order a shopper hears about (PRODUCT section 7, "Order lifecycle"). */
export const ORDER_MAIL_STATUSES = ['shipped', 'delivered', 'canceled'] as const;
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

const COLOR = { bg: '#fbfaf8', surface: '#ffffff', tint: '#f3efe9', text: '#1c1917', muted: '#625c56', border: '#e4dfd8', accent: '#a4461f' };
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function button(label: string, href: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="background:${COLOR.accent};border-radius:8px"><a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;font-size:16px;text-decoration:none">${label}</a></td></tr></table>`;
}

function paragraph(content: unknown, color = COLOR.text): SafeHtml {
  return html`<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${color}">${content}</p>`;
}

function layout(title: string, preheader: string, body: SafeHtml, publicUrl: string): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:${COLOR.bg};font-family:${FONT};color:${COLOR.text}">
<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.bg}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px"><a href="${publicUrl}/" style="text-decoration:none;color:${COLOR.text}"><span style="font-size:22px;font-weight:800;letter-spacing:4px">NILE</span> <span style="font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${COLOR.muted}">clothing</span></a></td></tr>
<tr><td style="background:${COLOR.surface};border:1px solid ${COLOR.border};border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;font-weight:700;color:${COLOR.text}">${title}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 4px;font-size:12px;line-height:18px;color:${COLOR.muted}">${SHOP_NAME} · clothing for men and women in Egypt · <a href="${publicUrl}/" style="color:${COLOR.muted}">${publicUrl.replace(/^https?:\/\//, '')}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>`.value;
}

function textLayout(lines: string[], publicUrl: string): string {
  return [...lines, '', `${SHOP_NAME}`, `${publicUrl}/`].join('\n');
}

// ---- orders ------------------------------------------------------------------------------------------------------

/** The short number a shopper can quote: the first 8 characters of the order's id. */
export function orderNumber(order: Pick<Order, '_id'>): string {
  return order._id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** The order's page in the shop, or the shop itself when the owner's username is not known. */
export function orderLink(publicUrl: string, order: Pick<Order, '_id' | 'username'>): string {
  if (!order.username) return `${publicUrl}/`;
  return `${publicUrl}/account/${encodeURIComponent(order.username)}/my-orders/${encodeURIComponent(order._id)}`;
}

const paymentWords = (order: Order) => (order.wayForPayment === 'credit' ? 'Card, paid online' : 'Cash on delivery');

function priced(order: Order) {
  const lines = order.products.map((line) => ({
    name: line.product.name,
    size: line.size === ONE_SIZE ? ONE_SIZE : `Size ${line.size}`,
    quantity: line.quantity,
    unit: formatEgp(line.unitPrice),
    total: formatEgp(toEgp(toPiastres(line.unitPrice) * line.quantity)),
  }));
  return { lines, shipping: formatEgp(toEgp(SHIPPING_PIASTRES)), total: formatTotal(order.totalPrice) };
}

function addressLines(order: Order): string[] {
  return [`${order.firstName} ${order.secondName}`, order.address, `${order.city}, ${order.Governorate}`, order.phoneNumber];
}

export function orderPlacedMail(order: Order, publicUrl: string): Mail {
  const number = orderNumber(order);
  const link = orderLink(publicUrl, order);
  const { lines, shipping, total } = priced(order);
  const subject = `Your ${SHOP_NAME} order ${number} is placed`;
  const text = textLayout(
    [
      `Hello ${order.firstName},`,
      '',
      `Thank you for your order ${number}. Here is what you ordered:`,
      '',
      ...lines.map((line) => `- ${line.name}, ${line.size}, ${line.quantity} × ${line.unit} = ${line.total}`),
      `Shipping: ${shipping}`,
      `Total: ${total}`,
      '',
      `Payment: ${paymentWords(order)}`,
      '',
      'Delivering to:',
      ...addressLines(order),
      '',
      `See your order: ${link}`,
    ],
    publicUrl,
  );
  const cell = `padding:12px 0;border-bottom:1px solid ${COLOR.border};font-size:15px;line-height:22px;vertical-align:top`;
  const body = html`${paragraph(`Hello ${order.firstName}, thank you for your order ${number}. We are getting it ready.`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid ${COLOR.border}">
${lines.map(
  (line) => html`<tr><td style="${cell}"><strong>${line.name}</strong><br><span style="color:${COLOR.muted};font-size:14px">${line.size} · ${line.quantity} × ${line.unit}</span></td><td align="right" style="${cell};white-space:nowrap;font-variant-numeric:tabular-nums">${line.total}</td></tr>`,
)}
<tr><td style="padding:12px 0 4px;font-size:15px;color:${COLOR.muted}">Shipping</td><td align="right" style="padding:12px 0 4px;font-size:15px;color:${COLOR.muted};white-space:nowrap;font-variant-numeric:tabular-nums">${shipping}</td></tr>
<tr><td style="padding:4px 0 16px;font-size:17px;font-weight:700">Total</td><td align="right" style="padding:4px 0 16px;font-size:17px;font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums">${total}</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.tint};border-radius:8px"><tr><td style="padding:16px;font-size:15px;line-height:22px">
<strong>Delivering to</strong><br>${addressLines(order).map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}
<br><br><strong>Payment</strong><br>${paymentWords(order)}
</td></tr></table>
${button('See your order', link)}`;
  return { subject, text, html: layout(`Thank you for your order`, `Order ${number}: ${total}`, body, publicUrl) };
}

export interface OrderStatusChange {
  status: OrderMailStatus;
  /** EGP given back to the card, when the cancel refunded a payment. */
  refund?: number | undefined;
}

const STATUS_WORDS: Record<OrderMailStatus, { subject: string; title: string; says: string }> = {
  shipped: { subject: 'is on its way', title: 'Your order is on its way', says: 'has left our workshop and is on its way to you.' },
  delivered: { subject: 'has been delivered', title: 'Your order has been delivered', says: 'has been delivered. We hope you love it.' },
  canceled: { subject: 'has been canceled', title: 'Your order has been canceled', says: 'has been canceled.' },
};

export function orderStatusMail(order: Order, change: OrderStatusChange, publicUrl: string): Mail {
  const number = orderNumber(order);
  const link = orderLink(publicUrl, order);
  const words = STATUS_WORDS[change.status];
  const refund = change.status === 'canceled' && change.refund !== undefined && change.refund > 0 ? formatTotal(change.refund) : null;
  const refundSentence = refund ? `${refund} is on its way back to your card; banks usually show it within 5 to 10 days.` : null;
  const pieces = order.products.reduce((sum, line) => sum + line.quantity, 0);
  const itemsSentence = `${pieces} ${pieces === 1 ? 'item' : 'items'}, total ${formatTotal(order.totalPrice)}.`;
  const subject = `Your ${SHOP_NAME} order ${number} ${words.subject}`;
  const text = textLayout(
    [`Hello ${order.firstName},`, '', `Your order ${number} ${words.says}`, itemsSentence, ...(refundSentence ? [refundSentence] : []), '', `See your order: ${link}`],
    publicUrl,
  );
  const body = html`${paragraph(`Hello ${order.firstName}, your order ${number} ${words.says}`)}
${paragraph(itemsSentence, COLOR.muted)}
${refundSentence ? html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.tint};border-radius:8px;margin:0 0 16px"><tr><td style="padding:16px;font-size:15px;line-height:22px"><strong>Refund</strong><br>${refundSentence}</td></tr></table>` : ''}
${button('See your order', link)}`;
  return { subject, text, html: layout(words.title, `Order ${number} ${words.subject}`, body, publicUrl) };
}

// ---- passwords ---------------------------------------------------------------------------------------------------

export function passwordResetMail(username: string, link: string, publicUrl: string): Mail {
  const subject = `Reset your ${SHOP_NAME} password`;
  const text = textLayout(
    [
      `Hello ${username},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open this link within an hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
    ],
    publicUrl,
  );
  const body = html`${paragraph(`Hello ${username}, someone asked to reset the password of your account. To choose a new one, use the button within an hour.`)}
${button('Choose a new password', link)}
${paragraph('The link works once. If you did not ask for it, ignore this message: your password stays as it is.', COLOR.muted)}
<p style="margin:0;font-size:13px;line-height:20px;color:${COLOR.muted};word-break:break-all">Or paste this address into your browser: ${link}</p>`;
  return { subject, text, html: layout('Reset your password', 'A link to choose a new password, valid for one hour', body, publicUrl) };
}
