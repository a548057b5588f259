// The back-in-stock mail (decision 040) as a job, on the model of an order's mail (order-mail.ts): queued in the
// transaction of the stock change that brought the size back, built when the job runs, in the language the shopper
// asked in, and named after the ask, so a job run twice writes the same outbox file and the same Message-ID.
import type { WaitingAsk } from '../catalog/back-in-stock.ts';
import type { MailMessage } from './mailer.ts';
import { backInStockMail, type Mail, type MailShop } from './templates.ts';

export function backInStockMessage(ask: WaitingAsk, shop: MailShop, from?: Mail['from']): MailMessage {
  const productName = ask.lang === 'ar' && ask.product.nameAr ? ask.product.nameAr : ask.product.name;
  const link = `${shop.publicUrl}/products/${encodeURIComponent(ask.product.name)}`;
  const mail = backInStockMail({ username: ask.username, productName, size: ask.size, link }, shop, ask.lang);
  const id = `${ask.createdAt.toISOString().replace(/[:.]/g, '-')}-back-in-stock-${ask.id}`;
  return { ...mail, to: ask.email, ...(from ? { from } : {}), id };
}
