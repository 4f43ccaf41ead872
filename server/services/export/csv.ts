// CSV as RFC 4180 writes it: fields with a comma, quote, CR or LF are quoted and quotes doubled,
// records end in CRLF. Text cells that a spreadsheet would run as a formula (starting with = + - @, or a
// tab or CR that some import dialogs strip before looking) get a leading apostrophe (OWASP "CSV injection").
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell. Numbers are written as they are (a negative number is data, not a formula); text is neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte-order mark first, so spreadsheet programs read names with accents as UTF-8. */
export const CSV_BOM = '\uFEFF';
