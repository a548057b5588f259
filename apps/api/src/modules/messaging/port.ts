// The messaging port (PRODUCT section 9, "Confirming cash orders"; decision 063): what the shop asks of a service that
// carries messages to its shoppers, in the shop's words. Ask a shopper to confirm her order; hear her answer, a button
// she pressed, as a neutral event. WhatsApp's Cloud API is its adapter (adapters/whatsapp.ts); the plugin that reads
// the configuration chooses it (plugins/app/messaging.ts), and nothing in modules/orders names it.

/** A pending cash order, as the message that asks its shopper to confirm it needs it. */
export interface ConfirmationRequest {
  orderId: string;
  /** the order's number, as people name it (#1001) */
  number: number;
  totalPiastres: number;
  /** the phone number as the shopper wrote it (01xxxxxxxxx, +20 1x…, 201x…) */
  phoneNumber: string;
  /** the language she checked out in */
  lang: 'en' | 'ar';
}

/** A shopper's answer to a confirmation request: a button she pressed, from her phone. */
export interface ShopperAnswer {
  /** the message's own id at the service: an answer delivered twice is applied once */
  messageId: string;
  orderId: string;
  answer: 'confirm' | 'cancel';
  /** the phone it came from, digits only, with its country code (201xxxxxxxxx) */
  fromPhone: string;
  /** when she pressed it (ISO 8601) */
  at: string;
}

/** A notification as it came: the route passes it on unread. */
export interface MessagingWebhookRequest {
  /** the bytes as sent: the service signs them */
  rawBody: Buffer | null;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a notification says once its adapter has checked it: refused (not the service's: its signature missing or
 * wrong), or the answers it carries (none for a delivery status, a text, anything else the service sends), and the ids
 * of the other messages it carried, each heard once too.
 */
export type MessagingWebhookOutcome = { kind: 'refused'; message: string } | { kind: 'heard'; answers: ShopperAnswer[]; otherMessageIds: string[] };

/** The service refused a message or could not be reached: the queue tries again later. */
export class MessageNotSent extends Error {
  constructor(
    message: string,
    /** the HTTP status of the refusal; 0 when there was no answer */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface MessagingChannel {
  /** the channel's name, as confirmation attempts record it */
  readonly channel: 'whatsapp';
  /** Asks the shopper to confirm her order; answers the service's id of the message, or throws MessageNotSent. */
  requestConfirmation(request: ConfirmationRequest): Promise<{ messageId: string }>;
  /** The service's subscription check of its webhook: the challenge to answer, or null when it is not the service's. */
  verifySubscription(query: Record<string, unknown>): string | null;
  /** Checks a notification (its signature) and reads the answers in it. */
  webhook(request: MessagingWebhookRequest): MessagingWebhookOutcome;
}
