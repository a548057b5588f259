import { describe, expect, it } from 'vitest';
import { emailKey } from './email-key.ts';

describe('emailKey', () => {
  it('is lowercase, drops a +tag everywhere, and dots and googlemail.com for Gmail only', () => {
    expect(emailKey(' Mona@Example.com ')).toBe('mona@example.com');
    expect(emailKey('mona+again@example.com')).toBe('mona@example.com');
    expect(emailKey('m.o.n.a+x+y@GoogleMail.com')).toBe('mona@gmail.com');
    expect(emailKey('mo.na@gmail.com')).toBe('mona@gmail.com');
    // dots matter at other providers
    expect(emailKey('mo.na@example.com')).toBe('mo.na@example.com');
    expect(emailKey('mo.na@example.com')).not.toBe(emailKey('mona@example.com'));
  });
});
