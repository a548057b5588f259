import { describe, expect, it } from 'vitest';
import { SizeGuideFieldSchema } from './contract/catalog.ts';
import { readSizeGuideText, sizeGuideText } from './size-guide.ts';

const guide = { columns: ['Chest', 'Waist'], rows: [{ size: 'S', values: ['86-90', '70-74'] }, { size: 'M', values: ['91-95', '75-79'] }] };

describe('the size chart as text', () => {
  it('is written a line per size and read back as it was', () => {
    expect(sizeGuideText(guide)).toBe('Size, Chest, Waist\nS, 86-90, 70-74\nM, 91-95, 75-79');
    expect(readSizeGuideText(sizeGuideText(guide))).toEqual(guide);
  });

  it('takes tabs (a spreadsheet pasted), Arabic commas and blank lines, and is nothing when blank', () => {
    expect(readSizeGuideText('Size\tChest\tWaist\n\nS\t86-90\t70-74\r\nM، 91-95، 75-79\n')).toEqual(guide);
    expect(readSizeGuideText('  \n ')).toBeNull();
    expect(sizeGuideText(null)).toBe('');
  });

  it('leaves a missing value for the schema to name', () => {
    const table = readSizeGuideText('Size, Chest, Waist\nS, 86-90');
    const check = SizeGuideFieldSchema.safeParse({ ...table, note: '', noteAr: '' });
    expect(check.success).toBe(false);
    expect(check.error?.issues[0]?.message).toBe('Size S needs 2 measurements, one for each column');
  });
});
