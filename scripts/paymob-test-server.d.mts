// Types for scripts/paymob-test-server.mjs (a plain ES module), so the TypeScript tests can import it.

export type PaymobMethod = 'card' | 'wallet' | 'kiosk';
export type PaymobOutcome = 'paid' | 'declined' | 'kiosk-pending' | 'kiosk-paid';
/** `inquiry`: by order (transaction_inquiry); `transaction`: by transaction id; `auth`: the auth token's request */
export type PaymobEndpoint = 'intention' | 'auth' | 'inquiry' | 'transaction' | 'refund' | 'void';
export type CallbackMode = 'immediate' | 'held' | 'twice';

export interface PaymobTestServerOptions {
  secretKey?: string;
  /** what POST /api/auth/tokens takes for the inquiry's auth token */
  apiKey?: string;
  publicKey?: string;
  hmacSecret?: string;
  integrations?: Partial<Record<PaymobMethod, number>>;
  /** 0 (the default): any free port */
  port?: number;
  host?: string;
}

/** A transaction as Paymob sends it: the processed callback's `obj`, the inquiry's and refund's answer. */
export interface PaymobTransaction {
  id: number;
  pending: boolean;
  amount_cents: number;
  success: boolean;
  is_auth: boolean;
  is_capture: boolean;
  is_standalone_payment: boolean;
  is_voided: boolean;
  is_refunded: boolean;
  /** true on a refund's own transaction */
  is_refund: boolean;
  /** true on a void's own transaction */
  is_void: boolean;
  refunded_amount_cents: number;
  is_3d_secure: boolean;
  integration_id: number;
  profile_id: number;
  has_parent_transaction: boolean;
  parent_transaction: number | null;
  order: { id: number; created_at: string; merchant_order_id: string | null; amount_cents: number; currency: 'EGP' };
  created_at: string;
  currency: 'EGP';
  error_occured: boolean;
  owner: number;
  source_data: { type: string; sub_type: string; pan: string };
  data: { message: string; txn_response_code: string; bill_reference?: number };
  payment_key_claims: { extra: Record<string, unknown> };
}

export interface PaymobIntention {
  id: string;
  client_secret: string;
  intention_order_id: number;
  amount: number;
  currency: 'EGP';
  /** 'intended', 'paid' once a transaction succeeded */
  status: string;
  special_reference: string | null;
  payment_methods: { integration_id: number; name: string; method_type: PaymobMethod }[];
  created: string;
  /** what the request said */
  items: { name: string; amount: number; description?: string; quantity?: number }[];
  billing_data: Record<string, string>;
  notification_url: string | null;
  redirection_url: string | null;
  /** ms since the epoch, or null when the request gave no expiration */
  expiresAt: number | null;
}

export interface PaymobTestServer {
  /** e.g. http://127.0.0.1:43123 */
  readonly url: string;
  readonly publicKey: string;
  /** 'immediate' (the default), 'held' (until releaseCallbacks()), 'twice' */
  callbackMode: CallbackMode;
  readonly intentions: Map<string, PaymobIntention>;
  readonly transactions: Map<number, PaymobTransaction>;
  /** every request received, in order */
  readonly requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** every processed callback delivered, with the shop's answer (status 0: not reached) */
  readonly sentCallbacks: { url: string; status: number; body: { type: 'TRANSACTION'; obj: PaymobTransaction } }[];
  readonly refunds: { transactionId: number; amountCents: number }[];
  readonly voids: { transactionId: number; amountCents: number }[];
  /** The processed callback's HMAC for this obj. */
  sign(obj: PaymobTransaction | Record<string, unknown>): string;
  /** notificationUrl with ?hmac= for this obj (any query it had is kept). */
  signedCallbackUrl(notificationUrl: string, obj: PaymobTransaction | Record<string, unknown>): string;
  /** The hosted checkout page of an intention. */
  checkoutUrl(clientSecret: string): string;
  /**
   * Pays the intention whose special_reference is `reference`, without a browser: makes the transaction, delivers the
   * callback (per callbackMode) and resolves with the transaction. Rejects when the intention cannot be paid.
   */
  pay(reference: string, outcome: PaymobOutcome, options?: { method?: PaymobMethod; again?: boolean }): Promise<PaymobTransaction>;
  /** Ends every auth token made so far, as an hour would: the next inquiry with one is refused with 401. */
  expireTokens(): void;
  /** Delivers the callbacks held in 'held' mode, in order. */
  releaseCallbacks(): Promise<void>;
  /**
   * The next `times` calls to the endpoint answer 500 ('error'), never answer ('timeout'), or are done and answer 502
   * ('lost': the answer lost on its way back).
   */
  failNext(endpoint: PaymobEndpoint, times?: number, mode?: 'error' | 'timeout' | 'lost'): void;
  close(): Promise<void>;
}

export const PAYMOB_TEST_DEFAULTS: Readonly<{
  secretKey: string;
  apiKey: string;
  publicKey: string;
  hmacSecret: string;
  integrations: Readonly<Record<PaymobMethod, number>>;
}>;
/** The processed callback's HMAC fields, in Paymob's order. */
export const HMAC_FIELDS: readonly string[];
export function signTransaction(hmacSecret: string, obj: PaymobTransaction | Record<string, unknown>): string;
export function parseIntegrations(text: string): Partial<Record<PaymobMethod, number>>;
export function startPaymobTestServer(options?: PaymobTestServerOptions): Promise<PaymobTestServer>;
