import { sentence } from '../../../lib/i18n.ts';
import { ADMIN_TEXTS } from '../i18n/en.ts';
import { t, type AdminText } from '../i18n.ts';

const OWN = new Set<string>(ADMIN_TEXTS);

/**
 * A form's sentence in the admin's language: the delivery table's and the discount code's checks (their Arabic is the
 * admin catalog's), or any other of the shop's sentences.
 */
export function formSentence(message: string): string {
  return OWN.has(message) ? t(message as AdminText) : sentence(message);
}
