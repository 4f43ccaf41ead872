// The text catalogues' own checks, run by `npm test`: every language has exactly English's keys, every message is
// valid ICU with the same placeholders as English, Arabic plurals have all six forms, and every key is used.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '../../../src/api/contract/locales';
import { type CatalogueArea, readSourceCatalogue } from '../../../server/infra/catalogue-files';
import { messagesDir } from '../../../server/infra/texts';

const ROOT = path.resolve(__dirname, '../../..');
const AREAS: CatalogueArea[] = ['customer', 'app', 'server'];
const ARABIC_PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Token = string | [string, string?, unknown?];

/** Placeholder names, and each plural's forms, of a compiled message. */
function walk(tokens: Token[], found: { names: Set<string>; plurals: string[][] }): void {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, format, options] = token;
    found.names.add(name);
    if (options && typeof options === 'object') {
      if (format === 'plural' || format === 'selectordinal') found.plurals.push(Object.keys(options).filter((form) => form !== 'offset'));
      for (const [form, value] of Object.entries(options as Record<string, unknown>)) if (form !== 'offset' && Array.isArray(value)) walk(value as Token[], found);
    }
  }
}

function analyse(message: string) {
  const found = { names: new Set<string>(), plurals: [] as string[][] };
  walk(compileMessageOrThrow(message) as Token[], found);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe.each(AREAS)('the %s catalogue', (area) => {
  const english = readSourceCatalogue(messagesDir(), 'en', area);

  test.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys English has', (locale) => {
    const translated = readSourceCatalogue(messagesDir(), locale, area);
    expect({ missing: Object.keys(english).filter((key) => !(key in translated)), extra: Object.keys(translated).filter((key) => !(key in english)) }).toEqual({ missing: [], extra: [] });
  });

  test.each([...LOCALES])('every %s message is valid ICU with the placeholders of its English', (locale) => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(readSourceCatalogue(messagesDir(), locale, area))) {
      try {
        const mine = analyse(message);
        const theirs = analyse(english[key] ?? message);
        const missing = [...theirs.names].filter((name) => !mine.names.has(name));
        if (missing.length) problems.push(`${key}: lacks {${missing.join('}, {')}}`);
        if (locale === 'ar') {
          for (const forms of mine.plurals) {
            const lacking = ARABIC_PLURAL_FORMS.filter((form) => !forms.includes(form));
            if (lacking.length) problems.push(`${key}: Arabic plural lacks ${lacking.join(', ')}`);
          }
        }
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('French typography', () => {
  const french = AREAS.flatMap((area) => Object.entries(readSourceCatalogue(messagesDir(), 'fr', area)));

  it('puts a no-break space, never a plain one, before : ; ! ? and inside « », so a line never starts with the sign', () => {
    const plain = french.filter(([, message]) => / [:;!?»]|« /.test(message)).map(([key]) => key);
    expect(plain).toEqual([]);
  });

  it('writes the apostrophe one way, the typographic ’, as in "l’équipe"', () => {
    const straight = french.filter(([, message]) => /\p{L}'\p{L}/u.test(message)).map(([key]) => key);
    expect(straight).toEqual([]);
  });

  it('labels the store’s address and hours with the French colon, after a no-break space', () => {
    const labels = Object.fromEntries(french.filter(([key]) => /^(storeDetails|storePreview)\.(address|hours)Label$/.test(key)));
    expect(labels).toEqual({
      'storeDetails.addressLabel': 'Adresse\u00a0:',
      'storeDetails.hoursLabel': 'Horaires d’ouverture\u00a0:',
      'storePreview.addressLabel': 'Adresse\u00a0:',
      'storePreview.hoursLabel': 'Horaires d’ouverture\u00a0:',
    });
  });
});

describe('German register', () => {
  // Customers are spoken to with "du" (the card pages: "Deine Karte ist voll!"), the store's people with "Sie"
  // (the vendor app: "Sie schulden 2 Prämien"). A sentence in the other register beside them reads as two voices
  // on one screen. Texts both see (the rate limit's refusal) take neither.
  const CUSTOMER_SERVER_FILES = ['scanMessages', 'claimRefusals', 'customerMail', 'campaignMail', 'googleWalletPass', 'applePass', 'applePassFields'];
  const SHARED_KEYS = ['commonRefusals.tooManyAttemptsWait'];
  // The printed flyer speaks to customers, from the vendor app.
  const FLYER_KEYS = ['qr.flyerHeading', 'qr.flyerText'];
  const FORMAL = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
  const INFORMAL = /\b(du|Du|dich|Dich|dir|Dir|dein|Dein|deine|Deine|deinen|Deinen|deinem|Deinem|deiner|Deiner|deines|Deines)\b/;
  // An imperative in the "du" form ("Wähle ein Datum", "Versuche es erneut") has no pronoun to find; it is told
  // from a noun ("neuer Versuch in 5 s") by the word after it.
  const INFORMAL_IMPERATIVE = /\b(versuche?|prüfe|wähle|gib|lade|drucke|klicke|lege|öffne|sende|behalte|speichere) (es|den|die|das|diese|eine?n?|danach|zur|an|ihn|fest|zwei)\b/i;
  const server = Object.entries(readSourceCatalogue(messagesDir(), 'de', 'server'));
  const isCustomerServerText = ([key]: [string, string]) => CUSTOMER_SERVER_FILES.includes(key.split('.')[0] ?? '');
  const offending = (texts: [string, string][], register: RegExp) => texts.filter(([, message]) => register.test(message)).map(([key, message]) => `${key}: ${message}`);

  it('speaks to customers with "du" on their pages, in scan answers, claim refusals, their mails, wallet passes and the flyer', () => {
    const customerTexts = [
      ...Object.entries(readSourceCatalogue(messagesDir(), 'de', 'customer')),
      ...server.filter(isCustomerServerText),
      ...Object.entries(readSourceCatalogue(messagesDir(), 'de', 'app')).filter(([key]) => FLYER_KEYS.includes(key)),
    ];
    expect(offending(customerTexts, FORMAL)).toEqual([]);
  });

  it('speaks to the store’s people with "Sie" in the vendor app, its mails and refusals', () => {
    const vendorTexts = [
      ...Object.entries(readSourceCatalogue(messagesDir(), 'de', 'app')).filter(([key]) => !FLYER_KEYS.includes(key)),
      ...server.filter((entry) => !isCustomerServerText(entry)),
    ];
    expect(offending(vendorTexts, INFORMAL)).toEqual([]);
    expect(offending(vendorTexts, INFORMAL_IMPERATIVE)).toEqual([]);
  });

  it('words the refusals customers and the store both see in neither register', () => {
    const shared = server.filter(([key]) => SHARED_KEYS.includes(key));
    expect(shared).toHaveLength(SHARED_KEYS.length);
    expect([...offending(shared, FORMAL), ...offending(shared, INFORMAL)]).toEqual([]);
  });
});

test('each key starts with its file name, so two files never hold the same key', () => {
  const problems: string[] = [];
  for (const locale of LOCALES) {
    for (const area of AREAS) {
      const dir = path.join(messagesDir(), locale, area);
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        const prefix = `${path.basename(file, '.json')}.`;
        const keys = Object.keys(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as object);
        for (const key of keys) if (!key.startsWith(prefix)) problems.push(`${locale}/${area}/${file}: ${key}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test('every key is used by the code (an unused text is removed from the catalogue)', () => {
  const code = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'server'))].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const unused = AREAS.flatMap((area) => Object.keys(readSourceCatalogue(messagesDir(), 'en', area))).filter((key) => !code.includes(`'${key}'`));
  expect(unused).toEqual([]);
});
