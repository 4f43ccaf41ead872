// CSV as RFC 4180 writes it: fields with the separator, a quote, CR or LF are quoted and quotes doubled,
// records end in CRLF. The separator is a comma, or a semicolon for a reader whose locale writes a decimal
// comma: German, French and Spain's Spanish spreadsheets read a comma as the decimal mark and open a
// comma-separated file as one column, and expect `;` (as their own "CSV" files are written). The region
// counts: Mexico's Spanish writes a decimal point, and its spreadsheets split cells at commas. Text cells that a spreadsheet
// would run as a formula (starting with = + - @, or a tab or CR that some import dialogs strip before
// looking) get a leading apostrophe (OWASP "CSV injection").

export type CsvValue = string | number | null | undefined;
export type CsvSeparator = ',' | ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES: Readonly<Record<CsvSeparator, RegExp>> = { ',': /[",\r\n]/, ';': /[";\r\n]/ };

/** The separator a spreadsheet in this locale (`es-MX`, `de`) reads: `;` where its decimal mark is a comma. */
export function csvSeparatorFor(locale: string): CsvSeparator {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

/** One cell. Numbers are written as they are (a negative number is data, not a formula); text is neutralised. */
export function csvCell(value: CsvValue, separator: CsvSeparator = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES[separator].test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRecord(values: readonly CsvValue[], separator: CsvSeparator = ','): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

/** A UTF-8 byte-order mark first, so spreadsheet programs read names with accents as UTF-8. */
export const CSV_BOM = '\uFEFF';
