// Formatting of the sandbox's card fields as the shopper types: digits only, grouped like the card shows them.

const MAX_DIGITS = 19;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** American Express numbers (34, 37) are grouped 4-6-5 and have a 4-digit security code. */
export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** "4242424242424242" → "4242 4242 4242 4242"; at most 19 digits (15 for Amex). */
export function formatCardNumber(text: string): string {
  const digits = digitsOf(text);
  if (isAmex(digits)) {
    const amex = digits.slice(0, 15);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(' ');
  }
  return digits.slice(0, MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Typing "1225" shows "12/25"; a first digit above 1 is a month on its own ("4" → "04"); an autofilled
 * "12/2030" keeps the year's last two digits. No trailing slash, so backspace is never stuck on it.
 */
export function formatExpiry(text: string): string {
  const [monthPart = '', yearPart] = text.split('/');
  let digits: string;
  if (yearPart !== undefined && digitsOf(yearPart).length === 4 && digitsOf(monthPart).length > 0) {
    digits = digitsOf(monthPart).padStart(2, '0').slice(0, 2) + digitsOf(yearPart).slice(2);
  } else {
    digits = digitsOf(text);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  }
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "12/25" → { expMonth: "12", expYear: "25" }; what is missing stays empty for the processor to name. */
export function parseExpiry(text: string): { expMonth: string; expYear: string } {
  const digits = digitsOf(text);
  return { expMonth: digits.slice(0, 2), expYear: digits.slice(2, 4) };
}

export function formatCvc(text: string, cardDigits: string): string {
  return digitsOf(text).slice(0, isAmex(cardDigits) ? 4 : 3);
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits sit to its left. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!)) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
