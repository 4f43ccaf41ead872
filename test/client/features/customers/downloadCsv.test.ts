// The CSV download names the page's language, so the file's separator is the one the vendor's spreadsheet reads.
import { downloadCsv } from '../../../../src/features/customers/downloadCsv';
import { activate, loadMessages } from '../../../../src/i18n/texts';

describe('downloadCsv', () => {
  const realFetch = globalThis.fetch;
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  let asked: { url: string; headers: Record<string, string> }[];

  beforeEach(() => {
    asked = [];
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      asked.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return { ok: true, status: 200, blob: async () => new Blob(['\uFEFFa;b\r\n']) } as Response;
    }) as typeof fetch;
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    activate('en');
  });

  it("asks in the page's language (German here), with the sign-in token", async () => {
    loadMessages('de', {});
    activate('de');
    await downloadCsv('/customers/v1/export.csv?filter=all', 'tok', 'stampwise-customers.csv');
    expect(asked).toEqual([{ url: '/api/customers/v1/export.csv?filter=all', headers: { Authorization: 'Bearer tok', 'Accept-Language': 'de' } }]);
  });

  it('asks in English on an English page', async () => {
    activate('en');
    await downloadCsv('/activity/v1/export.csv', null, 'a.csv');
    expect(asked[0].headers).toEqual({ 'Accept-Language': 'en-GB' });
  });

  it("names the browser's region with a Spanish page on a Mexican browser (Mexico's spreadsheets split cells at commas)", async () => {
    const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'es']);
    try {
      loadMessages('es', {});
      activate('es');
      await downloadCsv('/customers/v1/export.csv?filter=all', 'tok', 'stampwise-customers.csv');
      expect(asked[0].headers['Accept-Language']).toBe('es-MX');
    } finally {
      languages.mockRestore();
    }
  });
});
