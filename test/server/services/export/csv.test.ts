// CSV cells as RFC 4180 writes them, with formulas neutralised so a spreadsheet never runs a customer's name.
import { csvCell, csvRecord, csvSeparatorFor } from '../../../../server/services/export/csv';
import { parseCsv } from '../../helpers';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says, and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lima, Ana')).toBe('"Lima, Ana"');
    expect(csvCell('Ana "the bean" Lima')).toBe('"Ana ""the bean"" Lima"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
    expect(parseCsv(csvRecord(['Lima, Ana', 'say "hi"\r\nbye', '@SUM(A1)']))).toEqual([['Lima, Ana', 'say "hi"\r\nbye', "'@SUM(A1)"]]);
  });

  it('separates cells with a semicolon where the language writes a decimal comma, and quotes a semicolon there', () => {
    expect(csvSeparatorFor('en')).toBe(',');
    expect(csvSeparatorFor('ar')).toBe(',');
    for (const locale of ['de', 'fr', 'es', 'es-ES', 'de-AT'] as const) expect(csvSeparatorFor(locale)).toBe(';');
    expect(csvSeparatorFor('es-MX')).toBe(',');
    expect(csvRecord(['Lima, Ana', 'a;b', 3], ';')).toBe('"Lima, Ana";"a;b";3\r\n');
    expect(parseCsv(csvRecord(['Lima, Ana', 'a;b', '=1'], ';'), ';')).toEqual([['Lima, Ana', 'a;b', "'=1"]]);
  });

  it("quotes a cell holding the other language's separator too: a spreadsheet that splits at it never finds a formula inside a name", () => {
    // An English spreadsheet opening the German file splits unquoted cells at commas, a German one the English file at semicolons.
    expect(csvRecord(['Ana,=HYPERLINK(CHAR(104))', 2], ';')).toBe('"Ana,=HYPERLINK(CHAR(104))";2\r\n');
    expect(csvRecord(['Ana;=1+1', 2], ',')).toBe('"Ana;=1+1",2\r\n');
    for (const read of [',', ';'] as const) {
      for (const written of [',', ';'] as const) {
        const cells = parseCsv(csvRecord(['Ana;=1+1', 'Bo,=2+2', '-3'], written), read).flat();
        expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
      }
    }
  });
});
