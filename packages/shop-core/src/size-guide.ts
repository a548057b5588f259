// A size chart written as the admin's form shows it: one line per size, its cells separated by commas (or tabs, as a
// spreadsheet pastes them), the first line naming the measurements. Both ends read it the same way.
import type { SizeGuide } from './contract/catalog.ts';

export type SizeGuideTable = Pick<SizeGuide, 'columns' | 'rows'>;

const cellsOf = (line: string) => line.split(/[,\t،]/).map((cell) => cell.trim());

/** The chart as text: "Size, Chest, Waist", then "S, 86-90, 70-74", … */
export function sizeGuideText(guide: SizeGuideTable | undefined | null): string {
  if (!guide) return '';
  return [['Size', ...guide.columns], ...guide.rows.map((row) => [row.size, ...row.values])].map((cells) => cells.join(', ')).join('\n');
}

/**
 * The text read back as a chart: null when it is blank (no chart). The first cell of the first line is the sizes'
 * own header and is dropped; every other line is a size and its values. The contract's schema checks the rest (a
 * value for every column, each size once).
 */
export function readSizeGuideText(text: string): SizeGuideTable | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return null;
  const [header = '', ...sizes] = lines;
  return {
    columns: cellsOf(header).slice(1).filter(Boolean),
    rows: sizes.map((line) => {
      const [size = '', ...values] = cellsOf(line);
      return { size, values };
    }),
  };
}
