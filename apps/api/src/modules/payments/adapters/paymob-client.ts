// Paymob (PRODUCT section 4, decisions 043 and 050): Egypt's cards, Meeza, mobile wallets and kiosk references. This
// file speaks Paymob's wire: the Intention API, the transaction inquiry (with an auth token made from the API key),
// refund and void, and the HMAC-SHA512 its callbacks are signed with. paymob.ts turns what it says into the shop's
// words; what that means for an order is modules/orders/settle-payment.ts's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymobMethod } from '@shop/core/constants';
import type { PaymobSettings } from '../../../config.ts';
import { PaymentUnavailable } from '../port.ts';

/** A Paymob transaction as its callbacks and its inquiry carry it (the fields the shop reads). */
export interface PaymobTransaction {
  id: number | string;
  pending: boolean;
  success: boolean;
  amount_cents: number;
  currency: string;
  integration_id: number;
  is_voided: boolean;
  is_refunded: boolean;
  is_void?: boolean;
  is_refund?: boolean;
  has_parent_transaction: boolean;
  created_at: string;
  order: { id: number | string; merchant_order_id?: string | null };
  data?: { message?: string; bill_reference?: string | number | null };
  [field: string]: unknown;
}

// Paymob's JSON carries booleans; its inquiry has been seen to answer them as strings
export const yes = (value: unknown) => value === true || value === 'true';

/** Our order and the Paymob order its intention opened (null for a checkout before migration 0022 kept it). */
export interface PaymobOrderOf {
  orderId: string | null;
  paymobOrderId: string | null;
}

/**
 * Whether Paymob's own answer puts a transaction in the Paymob order our checkout opened for this order: the only
 * transaction that may move the order or be given back for it (decision 050). A checkout from before that order was
 * kept is matched by the reference Paymob answers with, which is our order's id.
 */
export function isOfOrder(transaction: PaymobTransaction, of: PaymobOrderOf): boolean {
  if (of.paymobOrderId !== null) return String(transaction.order?.id ?? '') === of.paymobOrderId;
  return of.orderId !== null && transaction.order?.merchant_order_id === of.orderId;
}

/** Paymob's processed-callback fields, in the documented order, whose values are concatenated and signed. */
const HMAC_FIELDS = [
  'amount_cents', 'created_at', 'currency', 'error_occured', 'has_parent_transaction', 'id', 'integration_id', 'is_3d_secure', 'is_auth',
  'is_capture', 'is_refunded', 'is_standalone_payment', 'is_voided', 'order.id', 'owner', 'pending', 'source_data.pan',
  'source_data.sub_type', 'source_data.type', 'success',
] as const;

function fieldOf(obj: Record<string, unknown>, path: string): string {
  let value: unknown = obj;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null ? '' : String(value);
}

/** The HMAC Paymob signs a transaction callback's `obj` with: SHA-512, hex, lowercase. */
export function transactionHmac(obj: Record<string, unknown>, secret: string): string {
  return createHmac('sha512', secret).update(HMAC_FIELDS.map((field) => fieldOf(obj, field)).join('')).digest('hex');
}

/** Whether `hmac` is Paymob's signature of `obj`, compared in constant time. */
export function isSignedByPaymob(obj: unknown, hmac: unknown, secret: string): obj is PaymobTransaction {
  if (typeof hmac !== 'string' || !/^[0-9a-f]{128}$/i.test(hmac) || obj === null || typeof obj !== 'object') return false;
  const expected = Buffer.from(transactionHmac(obj as Record<string, unknown>, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(hmac, 'hex'));
}

export interface Intention {
  id: string;
  clientSecret: string;
  /** the Paymob order the intention opened: its transactions carry it as `order.id` */
  paymobOrderId: string;
}

export interface IntentionRequest {
  amountPiastres: number;
  method: PaymobMethod;
  /** the shop's order id: Paymob gives it back as the transaction's `merchant_order_id` */
  reference: string;
  billing: { firstName: string; lastName: string; email: string; phone: string; city: string; governorate: string; street: string };
  itemName: string;
  notificationUrl: string;
  redirectionUrl: string;
  /** seconds the intention may be paid in: the order's hold */
  expiresInSeconds: number;
}

/** A call Paymob refused or did not answer: the caller turns it into a 503, or the queue tries again. */
export class PaymobError extends PaymentUnavailable {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface PaymobClient {
  readonly settings: PaymobSettings;
  createIntention(request: IntentionRequest): Promise<Intention>;
  /** The newest transaction of the shop's order, or null when there is none yet. */
  transactionOf(reference: string): Promise<PaymobTransaction | null>;
  /** What Paymob says of a transaction, asked by its id; null when Paymob knows none by it. */
  transaction(id: string): Promise<PaymobTransaction | null>;
  refund(transactionId: string, amountPiastres: number): Promise<void>;
  voidTransaction(transactionId: string): Promise<void>;
  /** Unified Checkout's page for an intention: where a wallet or kiosk payment is made. */
  checkoutUrl(clientSecret: string): string;
}

const TIMEOUT_MS = 15_000;
// Paymob's auth tokens last an hour: one is made again a little before
const TOKEN_MS = 50 * 60_000;

export function paymobClient(settings: PaymobSettings): PaymobClient {
  let token: { value: string; until: number } | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, authorization: string | null, body?: unknown, allowNotFound = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { ...(authorization ? { Authorization: authorization } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), Accept: 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // never the key: only where and why
      throw new PaymobError(`Paymob did not answer ${method} ${path}: ${(error as Error).name}`, null);
    }
    if (allowNotFound && response.status === 404) return null;
    const text = await response.text();
    if (!response.ok) throw new PaymobError(`Paymob answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`, response.status);
    return JSON.parse(text) as T;
  }
  const withSecretKey = `Token ${settings.secretKey}`;

  async function authToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const answer = await call<{ token?: string }>('POST', '/api/auth/tokens', null, { api_key: settings.apiKey });
    if (!answer?.token) throw new PaymobError('Paymob answered an auth token request without its token', 200);
    token = { value: answer.token, until: Date.now() + TOKEN_MS };
    return token.value;
  }

  /** The transaction inquiry, authenticated as Paymob documents it; a token refused (it ended early) is made again once. */
  async function inquire(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaymobTransaction | null> {
    try {
      return await call<PaymobTransaction>(method, path, `Bearer ${await authToken()}`, body, true);
    } catch (error) {
      if (!(error instanceof PaymobError) || error.status !== 401) throw error;
      token = null;
      return call<PaymobTransaction>(method, path, `Bearer ${await authToken()}`, body, true);
    }
  }

  return {
    settings,
    async createIntention(request) {
      const integration = settings.integrations[request.method];
      if (integration === undefined) throw new PaymobError(`no Paymob integration for ${request.method}`, null);
      const { billing } = request;
      const answer = await call<{ id: string; client_secret: string; intention_order_id?: number | string }>('POST', '/v1/intention/', withSecretKey, {
        amount: request.amountPiastres,
        currency: 'EGP',
        payment_methods: [integration],
        items: [{ name: request.itemName, amount: request.amountPiastres, quantity: 1 }],
        billing_data: {
          first_name: billing.firstName,
          last_name: billing.lastName,
          email: billing.email,
          phone_number: billing.phone,
          street: billing.street,
          city: billing.city,
          state: billing.governorate,
          country: 'EG',
          building: 'NA',
          floor: 'NA',
          apartment: 'NA',
        },
        special_reference: request.reference,
        notification_url: request.notificationUrl,
        redirection_url: request.redirectionUrl,
        expiration: request.expiresInSeconds,
      });
      if (!answer?.id || !answer.client_secret || !answer.intention_order_id) {
        throw new PaymobError('Paymob answered an intention without its id, secret or order', 200);
      }
      return { id: String(answer.id), clientSecret: answer.client_secret, paymobOrderId: String(answer.intention_order_id) };
    },
    async transactionOf(reference) {
      return inquire('POST', '/api/ecommerce/orders/transaction_inquiry', { merchant_order_id: reference });
    },
    async transaction(id) {
      return inquire('GET', `/api/acceptance/transactions/${encodeURIComponent(id)}`);
    },
    async refund(transactionId, amountPiastres) {
      await call('POST', '/api/acceptance/void_refund/refund', withSecretKey, { transaction_id: Number(transactionId), amount_cents: amountPiastres });
    },
    async voidTransaction(transactionId) {
      await call('POST', '/api/acceptance/void_refund/void', withSecretKey, { transaction_id: Number(transactionId) });
    },
    checkoutUrl(clientSecret) {
      return `${settings.baseUrl}/unifiedcheckout/?${new URLSearchParams({ publicKey: settings.publicKey, clientSecret }).toString()}`;
    },
  };
}
