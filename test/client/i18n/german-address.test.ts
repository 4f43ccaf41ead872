// The German vendor app addresses the café team as "Sie" throughout; the customer pages, the customers'
// mails and the flyer's words for customers say "du". A text in the other form reads as a different product.
import fs from 'node:fs';
import path from 'node:path';

const DE = path.resolve(__dirname, '../../../src/i18n/messages/de');
/** Texts of the vendor app that are written for the café's customers: the printed flyer. */
const FOR_CUSTOMERS = new Set(['qr.flyerHeading', 'qr.flyerText']);
/** The server's texts for the café team (the rest of `server/` is for customers). */
const VENDOR_SERVER_FILES = ['accountMail.json', 'vendorMail.json', 'teamMail.json', 'teamRefusals.json'];
const DU_WORDS = /\b(du|dich|dir|dein\w*|kannst|hast|bist|musst)\b/i;
/** An imperative in the "du" form, told from a noun ("neuer Versuch") by the word after it. */
const DU_IMPERATIVE = /\b(versuche?|prüfe|wähle|gib|lade|drucke|klicke|lege|öffne|sende|behalte|speichere) (es|den|die|das|diese|eine?n?|danach|zur|an|ihn|fest|zwei)\b/i;
const informalText = (value: string) => DU_WORDS.test(value) || DU_IMPERATIVE.test(value);

function texts(file: string): Array<[string, string]> {
  return Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
}

test('every German text of the vendor app and its mails says "Sie", not "du"', () => {
  const files = [
    ...fs.readdirSync(path.join(DE, 'app')).map((name) => path.join(DE, 'app', name)),
    ...VENDOR_SERVER_FILES.map((name) => path.join(DE, 'server', name)).filter((file) => fs.existsSync(file)),
  ];
  const informal = files
    .flatMap(texts)
    .filter(([id, value]) => !FOR_CUSTOMERS.has(id) && informalText(value))
    .map(([id, value]) => `${id}: ${value}`);
  expect(informal).toEqual([]);
});
