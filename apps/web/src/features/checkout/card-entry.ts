// What the checkout asks of a provider's card-entry element, whichever provider is active.

export interface CardHolder {
  name: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  governorate: string;
}

export interface CardEntry {
  /** A sentence when the card cannot be sent at all (nothing typed into Stripe's element), else null. */
  missing(): string | null;
  /** Confirms the open payment with this card; throws an Error carrying the processor's sentence. */
  confirm(clientSecret: string, holder: CardHolder): Promise<void>;
}

/** A refusal of the card itself (as opposed to a refusal of the order): shown beside the card fields too. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

export const CARD_FORM_UNAVAILABLE = 'The card form could not be loaded. Please check your connection and reload the page, or pay with cash.';

// SPEC's sentence for an empty number; the sandbox answers it itself, Stripe's element is checked before sending.
export const CARD_NUMBER_REQUIRED = 'Card number is required';
