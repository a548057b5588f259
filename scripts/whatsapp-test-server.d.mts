// Types of whatsapp-test-server.mjs, for the tests that import it.

export type WhatsAppFailure = 'error' | 'refuse' | 'timeout';

/** A template message the stand-in accepted. */
export interface WhatsAppSentMessage {
  /** the wamid it answered */
  id: string;
  /** the phone it went to: digits with the country code */
  to: string;
  template: string;
  lang: string;
  /** the body's parameters' texts, in order */
  parameters: string[];
  /** the quick-reply buttons' payloads, in order */
  payloads: string[];
  at: string;
  /** the request's whole body */
  body: Record<string, unknown>;
}

/** A notification, as Meta posts it: its raw body and its X-Hub-Signature-256. */
export interface SignedNotification {
  body: string;
  signature: string;
}

export interface WhatsAppTestServer {
  /** e.g. http://127.0.0.1:43123: META_GRAPH_URL */
  readonly url: string;
  readonly token: string;
  readonly phoneNumberId: string;
  readonly appSecret: string;
  /** every message accepted, oldest first */
  readonly sent: WhatsAppSentMessage[];
  /** send calls received, answered or failed */
  readonly calls: number;
  /** requests cut while it was down */
  readonly cut: number;
  /** true: every connection is cut at once (the service unreachable) */
  down: boolean;
  /** where post() sends notifications by default */
  webhookUrl: string | null;
  /** The next `count` sends fail: 'error' answers 500, 'refuse' Meta's refusal (400), 'timeout' never answers. */
  failNext(count?: number, mode?: WhatsAppFailure, error?: Record<string, unknown>): void;
  /** A quick-reply button pressed on a message sent, signed (with `secret`, the app's by default), from its phone or `from`. */
  buttonPress(message: WhatsAppSentMessage, answer: 'confirm' | 'cancel', options?: { from?: string; id?: string; secret?: string }): SignedNotification;
  /** A delivery status of a message sent, signed. */
  status(message: WhatsAppSentMessage, status?: 'sent' | 'delivered' | 'read' | 'failed'): SignedNotification;
  /** A shopper's text, signed. */
  text(from: string, text?: string): SignedNotification;
  /** Posts a notification to the shop's webhook as Meta does. */
  post(notification: SignedNotification, to?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export const WHATSAPP_TEST_DEFAULTS: Readonly<{ token: string; phoneNumberId: string; appSecret: string; verifyToken: string; template: string }>;
export function signWebhook(appSecret: string, rawBody: string | Buffer): string;
export function startWhatsAppTestServer(options?: {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  templates?: string[];
  port?: number;
  host?: string;
  webhookUrl?: string;
}): Promise<WhatsAppTestServer>;
