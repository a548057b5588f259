import { describe, expect, it } from 'vitest';
import { formatOrderNumber, readOrderNumber } from './order-number.ts';

describe('an order number', () => {
  it('is written "#1001", in Arabic digits on an Arabic page', () => {
    expect(formatOrderNumber(1001)).toBe('#1001');
    expect(formatOrderNumber(1001, 'ar')).toBe('#١٠٠١');
    expect(formatOrderNumber(12345, 'ar')).toBe('#١٢٣٤٥');
  });

  it('is read back however a shopper quotes it', () => {
    for (const text of ['1001', '#1001', ' # 1001 ', '١٠٠١', '#١٠٠١', '۱۰۰۱']) expect(readOrderNumber(text), text).toBe(1001);
  });

  it('is not read from words, signs or nothing', () => {
    for (const text of ['', '#', 'Ahmed', '1001a', '10 01', '-1001', '1001.5', '#1001#']) expect(readOrderNumber(text), text).toBeNull();
  });
});
