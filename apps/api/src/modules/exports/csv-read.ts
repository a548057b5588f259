// Reading a spreadsheet back (PRODUCT section 8, "Reports and files"): RFC 4180 as Excel and LibreOffice write it and
// csv.ts writes it. A byte order mark is dropped; rows end with CRLF, LF or CR; a quoted cell may hold commas, quotes
// (doubled) and line breaks, and is still one row of the spreadsheet, so rows are numbered as the spreadsheet shows them.
import { MESSAGES } from '@shop/core/messages';

export interface CsvRow {
  /** the row's number as a spreadsheet shows it: the header is row 1 */
  row: number;
  cells: string[];
}

export interface CsvRead {
  rows: CsvRow[];
  /** where the text stopped being CSV (a quote left open, a quote after a quoted cell); the rows before it are read */
  problem?: { row: number; message: string };
}

/** The rows of a CSV text, every cell as written (quotes undone), blank rows left out (but counted). */
export function readCsv(text: string): CsvRead {
  const rows: CsvRow[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let row = 1;
  let cells: string[] = [];
  let cell = '';
  let at = 0;
  const endRow = () => {
    cells.push(cell);
    // a row of empty cells (",,,," as a spreadsheet saves the rows below its data) is a blank line
    if (cells.some((one) => one.trim() !== '')) rows.push({ row, cells });
    row++;
    cells = [];
    cell = '';
  };
  while (at < source.length) {
    const char = source[at]!;
    if (char === '"' && cell === '') {
      // a quoted cell: up to the quote that is not doubled
      const startRow = row;
      let end = at + 1;
      let value = '';
      for (;;) {
        const quote = source.indexOf('"', end);
        if (quote === -1) return { rows, problem: { row: startRow, message: MESSAGES.csvQuoteNotClosed } };
        value += source.slice(end, quote);
        if (source[quote + 1] === '"') {
          value += '"';
          end = quote + 2;
        } else {
          end = quote + 1;
          break;
        }
      }
      const next = source[end];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') return { rows, problem: { row: startRow, message: MESSAGES.csvStrayQuote } };
      cell = value;
      at = end;
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      at++;
    } else if (char === '\r' || char === '\n') {
      endRow();
      at += char === '\r' && source[at + 1] === '\n' ? 2 : 1;
    } else {
      // an unquoted cell: up to the next comma or line break (a quote inside it is taken as written, as Excel does)
      let end = at;
      while (end < source.length && source[end] !== ',' && source[end] !== '\r' && source[end] !== '\n') end++;
      cell += source.slice(at, end);
      at = end;
    }
  }
  if (cell !== '' || cells.length > 0) endRow();
  return { rows };
}

/** A cell the export wrote with an apostrophe, so a spreadsheet would not run it as a formula (csv.ts csvCell): as it was. */
export function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
