// The size guide's headers in Arabic (issue 42: "Chest (سم)" on an Arabic page).
import { describe, expect, it } from 'vitest';
import { measurementName } from './measurement-names.ts';

describe('measurementName', () => {
  it('names the measurements a clothing shop uses in Arabic, whatever their case and spaces', () => {
    expect(measurementName('Chest', 'ar')).toBe('الصدر');
    expect(measurementName('waist', 'ar')).toBe('الخصر');
    expect(measurementName(' Sleeve  length ', 'ar')).toBe('طول الكم');
    expect(measurementName('Length', 'ar')).toBe('الطول');
  });

  it('keeps English as written, and a name it does not know as the admin wrote it', () => {
    expect(measurementName('Chest', 'en')).toBe('Chest');
    expect(measurementName('Cuff', 'ar')).toBe('Cuff');
    expect(measurementName('الصدر', 'ar')).toBe('الصدر');
  });
});
