// CSV as RFC 4180 writes it: fields with a separator, a quote, CR or LF are quoted and quotes doubled,
// records end in CRLF. The separator is a comma, or a semicolon for a reader whose locale writes a decimal
// comma: German, French and Spain's Spanish spreadsheets read a comma as the decimal mark and open a
// comma-separated file as one column, and expect `;` (as their own "CSV" files are written). The region
// counts: Mexico's Spanish writes a decimal point, and its spreadsheets split cells at commas. Text cells that a spreadsheet
// would run as a formula (starting with = + - @, or a tab or CR that some import dialogs strip before
// looking) get a leading apostrophe (OWASP "CSV injection"). A cell holding either separator is quoted,
// whichever one the file uses: a spreadsheet set up for the other language splits unquoted cells at its own
// separator, and the piece after it (`Ana;=HYPERLINK(…)`, `Ana,=1+1`) would begin a cell of its own, a
// formula that the apostrophe at the start of the whole cell does not reach.

export type CsvValue = string | number | null | undefined;
export type CsvSeparator = ',' | ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** The separator a spreadsheet in this locale (`es-MX`, `de`) reads: `;` where its decimal mark is a comma. */
export function csvSeparatorFor(locale: string): CsvSeparator {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

/** One cell. Numbers are written as they are (a negative number is data, not a formula); text is neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRecord(values: readonly CsvValue[], separator: CsvSeparator = ','): string {
  return `${values.map((value) => csvCell(value)).join(separator)}\r\n`;
}

/** A UTF-8 byte-order mark first, so spreadsheet programs read names with accents as UTF-8. */
export const CSV_BOM = '\uFEFF';
