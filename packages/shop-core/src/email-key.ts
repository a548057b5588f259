// One mailbox, however its address is written (decision 051): a "one per customer" code and the per-email limits
// count by this key, so `Mona+2@Gmail.com` and `m.o.n.a@googlemail.com` are the same shopper as `mona@gmail.com`.

/** Gmail's domains, where dots in the name are ignored and googlemail.com is gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key of an email's mailbox: lowercase, the `+tag` dropped, and for Gmail the dots of the name dropped and the
 * domain written gmail.com. Only for counting: mail still goes to the address as it was written. Migration 0023 writes
 * the same rule in SQL for the orders placed before it.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus >= 0) name = name.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}
