// Meta's Conversions API (PRODUCT section 9): a placed order's Purchase, sent by the queue from the server, with the
// event id the storefront's pixel sends for the same order (the order id), so Meta counts the two as one. The shopper's
// email and phone leave only as SHA-256 digests of their normalised forms, as Meta's "Customer information parameters"
// require, and only with her analytics consent (the job asks, modules/reach/jobs.ts). Its documented wire:
// POST {graph}/{version}/{pixel id}/events { data: [event], access_token } → { events_received, fbtrace_id }.
import { createHash } from 'node:crypto';

/** The Graph API version the shop speaks (Meta keeps each about two years). */
export const GRAPH_VERSION = 'v21.0';

/** A call that takes longer is a failed try: the queue tries again later. */
const TIMEOUT_MS = 10_000;

export interface ConversionsApi {
  graphUrl: string;
  token: string;
  pixelId: string;
}

export interface PurchaseOrder {
  id: string;
  number: number;
  email: string;
  phoneNumber: string;
  city: string;
  totalPiastres: number;
  createdAt: Date;
  lines: { productId: string; size: string; quantity: number; unitPiastres: number }[];
}

export interface ConversionEvent {
  event_name: 'Purchase';
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url: string;
  user_data: { em: string[]; ph: string[]; country: string[] };
  custom_data: {
    currency: 'EGP';
    value: number;
    order_id: string;
    content_type: 'product';
    content_ids: string[];
    contents: { id: string; quantity: number; item_price: number }[];
    num_items: number;
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An email as Meta hashes it: trimmed, lower case. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A phone as Meta hashes it: digits only, with the country code (an Egyptian 01xxxxxxxxx becomes 201xxxxxxxxx). */
export function normalisedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  return /^01\d{9}$/.test(digits) ? `2${digits}` : digits;
}

/** The id a size is known by in the feeds, the pixel's events and this one alike: `{product}-{size}`. */
export const contentId = (productId: string, size: string) => `${productId}-${size}`;

export function purchaseEvent(order: PurchaseOrder, publicUrl: string): ConversionEvent {
  return {
    event_name: 'Purchase',
    event_time: Math.floor(order.createdAt.getTime() / 1000),
    event_id: order.id,
    action_source: 'website',
    event_source_url: `${publicUrl}/checkout`,
    user_data: { em: [sha256(normalisedEmail(order.email))], ph: [sha256(normalisedPhone(order.phoneNumber))], country: [sha256('eg')] },
    custom_data: {
      currency: 'EGP',
      value: order.totalPiastres / 100,
      order_id: String(order.number),
      content_type: 'product',
      content_ids: order.lines.map((line) => contentId(line.productId, line.size)),
      contents: order.lines.map((line) => ({ id: contentId(line.productId, line.size), quantity: line.quantity, item_price: line.unitPiastres / 100 })),
      num_items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    },
  };
}

/** Meta's refusal, in one line: its error's message and code when it gave one, else the status. */
export class MetaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends events; answers how many Meta received, or throws a MetaError (the job's try failed: the queue tries again). */
export async function sendEvents(api: ConversionsApi, events: ConversionEvent[]): Promise<number> {
  const url = `${api.graphUrl}/${GRAPH_VERSION}/${encodeURIComponent(api.pixelId)}/events`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: events, access_token: api.token }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MetaError(0, `Meta's Conversions API could not be reached: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => null)) as { events_received?: number; error?: { message?: string; code?: number } } | null;
  if (!response.ok || typeof answer?.events_received !== 'number') {
    const said = answer?.error ? `${answer.error.message ?? 'an error'} (code ${answer.error.code ?? '?'})` : `status ${response.status}`;
    throw new MetaError(response.status, `Meta's Conversions API refused the events: ${said}`);
  }
  return answer.events_received;
}
