import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-number.ts';

describe('formatCardNumber', () => {
  it('groups digits by four as they are typed, dropping anything else', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('stops at 19 digits, and groups American Express 4-6-5 up to 15', () => {
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
  });
});

describe('formatExpiry', () => {
  it('adds the slash after the month once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('reads a first digit above 1 as the month, and a four-digit autofilled year', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('45')).toBe('04/5');
    expect(formatExpiry('12/2034')).toBe('12/34');
    expect(formatExpiry('3/2031')).toBe('03/31');
  });

  it('parses into the month and year the processor takes', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: '12', expYear: '34' });
    expect(parseExpiry('')).toEqual({ expMonth: '', expYear: '' });
  });
});

describe('formatCvc', () => {
  it('takes 3 digits, or 4 for American Express', () => {
    expect(formatCvc('12a34', '4242424242424242')).toBe('123');
    expect(formatCvc('1234', '378282246310005')).toBe('1234');
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after the same number of digits once spaces move', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});
