// The sandbox behaves like a card processor's test mode: a few well-known test numbers, the Luhn check,
// and the decline sentences a shopper would read from a real processor.
export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

const SUCCEEDING = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210', '378282246310005']);
const DECLINES: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
};

export interface CardInput {
  cardNumber?: string | undefined;
  expMonth?: number | string | undefined;
  expYear?: number | string | undefined;
  cvc?: string | undefined;
}

export type CardOutcome = { kind: 'invalid'; message: string } | { kind: 'declined'; message: string } | { kind: 'paid' };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function chargeSandboxCard(card: CardInput, now = new Date()): CardOutcome {
  const digits = (card.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') return { kind: 'invalid', message: CARD_MESSAGES.numberRequired };
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { kind: 'invalid', message: CARD_MESSAGES.numberInvalid };

  const month = Number(card.expMonth);
  let year = Number(card.expYear);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year > now.getFullYear() + 50) {
    return { kind: 'invalid', message: CARD_MESSAGES.expiryInvalid };
  }
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { kind: 'invalid', message: CARD_MESSAGES.expired };
  }
  const cvcLength = digits.startsWith('3') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc ?? '')) return { kind: 'invalid', message: CARD_MESSAGES.cvcInvalid };

  const decline = DECLINES[digits];
  if (decline) return { kind: 'declined', message: decline };
  if (!SUCCEEDING.has(digits)) return { kind: 'declined', message: CARD_MESSAGES.declined };
  return { kind: 'paid' };
}
