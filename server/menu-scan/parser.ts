// Turns the text of a menu (OCR output or a PDF text layer, one menu line per text line) into items.
import { OptionLineReader } from './option-lines';
import type { ItemRegion, ScannedItem } from './types';

/** Prices above 10,000.00 are OCR noise or not prices at all … */
const MAX_PRICE_CENTS = 1_000_000;
/**
 * … unless written with thousands separators ("55.000" dong, "1.250" lira): a grouped number is
 * deliberately a price in a currency of small units, up to the largest limit a store's currency has
 * (10,000,000,000 Lebanese pounds); the store's own limit is applied to what the scan answers.
 */
const MAX_GROUPED_PRICE_CENTS = 1_000_000_000_000;

/**
 * Currency signs and codes written before or after a price. "E" and "∈" are OCR's readings of €;
 * "f" (before the number) is its reading of £, "zt" its reading of zł; "¤" stands for a sign the
 * recognizer read as a Chinese character (see normalizeLine).
 */
const CURRENCY_SIGNS = ['¤', '$', 'US$', '€', '£', '¥', '₺', '₫', 'đ', '₹', '₩', '₽', '₪', '฿', '₱', 'zł', 'zt', 'kr', 'Kč', 'Rp', 'R$', 'Rs', 'RM', 'TL', 'SR', 'Dhs', 'Fr', '∈'];
const CURRENCY_CODES = ['EUR', 'GBP', 'USD', 'TRY', 'VND', 'INR', 'MYR', 'SAR', 'AED', 'CHF', 'JPY', 'CNY', 'THB', 'IDR', 'PHP', 'PKR', 'LKR', 'SGD', 'AUD', 'CAD', 'NZD', 'HKD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'ZAR', 'BRL', 'MXN', 'EGP', 'MAD', 'QAR', 'KWD', 'BHD', 'OMR', 'JOD', 'ILS', 'KRW', 'RUB', 'UAH', 'NGN', 'KES'];
/**
 * A store may price in any ISO 4217 currency, so every other one is read too, as Intl writes it: its code
 * and its signs. Codes that are words on a menu ("Cup", "All", "Top") and bare one-letter signs ("R", "L",
 * "K") are left out: they would eat the end of an item's name.
 */
const CODES_THAT_ARE_WORDS = new Set(['ALL', 'BOB', 'CUP', 'GEL', 'MOP', 'PEN', 'SOS', 'TOP']);
const WRITTEN_SIGNS = [
  'Ksh', 'S/', 'Ft', 'SFr', '円', '元', '圓', 'lei', 'FCFA', 'F CFA', 'CFA', 'KM', 'Kz', 'Bs', 'лв', 'ден', 'сом', '￥',
  // Arabic abbreviations of the Gulf and North African currencies (riyal, dirham, dinar, pound).
  'ر.س', 'ر.ق', 'ر.ع', 'د.إ', 'د.ك', 'د.ب', 'د.ا', 'د.م', 'د.ج', 'د.ت', 'ج.م', 'ريال', 'درهم', 'دينار', 'جنيه',
];
function otherCurrencies(): string[] {
  const marks = new Set<string>(WRITTEN_SIGNS);
  for (const code of Intl.supportedValuesOf('currency')) {
    if (!CODES_THAT_ARE_WORDS.has(code)) marks.add(code);
    for (const currencyDisplay of ['narrowSymbol', 'symbol'] as const) {
      const sign = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay }).formatToParts(1).find((part) => part.type === 'currency')?.value;
      // A sign with something besides Latin letters ("₦", "GH₵", "NZ$"); a bare code is already in.
      if (sign && sign !== code && /[^A-Za-z]/.test(sign)) marks.add(sign);
    }
  }
  return [...marks];
}
/**
 * Currencies written out as words after the price ("120 Baht", "18 Riyals", "45 lira", "9 euros"), glued
 * or apart. Words that also name a dish, a weight or something else on a menu ("pound", "real", "won",
 * "rand", "som") are left out.
 */
const CURRENCY_WORDS = [
  'baht', 'lira', 'liras', 'lirası', 'riyal', 'riyals', 'rial', 'rials', 'dirham', 'dirhams', 'dinar', 'dinars', 'dong', 'đồng',
  'yen', 'yuan', 'rupee', 'rupees', 'ringgit', 'rupiah', 'peso', 'pesos', 'euro', 'euros', 'dollar', 'dollars', 'franc', 'francs',
  'kuna', 'forint', 'zloty', 'złoty', 'krona', 'kronor', 'krone', 'kroner', 'shekel', 'shekels', 'reais', 'soles', 'taka',
  'naira', 'cedi', 'cedis', 'shilling', 'shillings', 'kyat', 'riel', 'lari', 'tenge', 'manat', 'birr', 'Dh', 'руб', 'грн',
];
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALL_CURRENCIES = [...new Set([...CURRENCY_CODES, ...CURRENCY_SIGNS, ...CURRENCY_WORDS, ...otherCurrencies()])];
/** One currency sign or code, matched case-insensitively, with an optional dot ("Rs.", "TL."). */
const CURRENCY = `(?:${ALL_CURRENCIES.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})\\.?`;
const CURRENCY_ALONE = new RegExp(`^${CURRENCY}$`, 'i');
const MAX_NAME_LENGTH = 120;
/** "Tea" is the shortest real name; two letters are usually OCR crumbs from a photo's edge. */
const MIN_NAME_LETTERS = 3;
/**
 * A bare integer ("Croissant 3") is only taken as a price up to this many digits: "2024" is a
 * year. One digit more is accepted after a leader or gap, but only as a price whose decimal point
 * OCR dropped ("1218" for 12.18; see restoreDroppedDecimalPoints).
 */
const MAX_BARE_INTEGER_DIGITS = 3;

/**
 * Words after which a bare trailing number is part of the sentence, not a price
 * ("served until 11", "for 2", "ages 12").
 */
const NOT_BEFORE_BARE_PRICE = new Set([
  'until', 'till', 'til', 'from', 'to', 'at', 'by', 'for', 'of', 'per', 'x', 'and', 'or', 'serves',
  'min', 'mins', 'minutes', 'age', 'ages', 'over', 'under', 'after', 'before', 'since', 'no', 'number',
  'table', 'room', 'step', 'page', 'open', 'daily', 'floor', 'suite', 'unit',
  'bis', 'ab', 'um', 'seite', 'pagina', 'página', 'sayfa', 'tisch', 'mesa', 'tavolo', 'hasta', 'desde', 'dès', 'jusqu’à', "jusqu'à",
]);

/**
 * A street before a bare number is an address ("Hauptstraße 12", "Calle Mayor 23", "Via Roma 45", Polish
 * "ul. Floriańska 21"), not an item and its price: a street word opens the line, or the word before the
 * number is a street's name.
 */
const STREET_OPENER = /^(?:calle|c\/|via|viale|corso|piazza|rue|quai|avenue|av\.|avda\.?|avenida|carrer|rua|plaza|paseo|passeig|street|road|boulevard|bd\.?|ul\.|ulica|al\.|aleja)$/iu;
const STREET_NAME = /(?:stra(?:ß|ss)e|str\.|weg|gasse|platz|allee|damm|ufer|straat|laan|gracht|plein|street|st\.|road|rd\.|avenue|ave\.|lane|caddesi|cad\.|sokak|sok\.|sk\.)$/iu;

/** Written in place of a price on menus; the item exists but its price is unknown. */
const PRICE_PLACEHOLDERS = new Set(['mp', 'm.p.', 'm.p', 'm/p', 'poa', 'p.o.a.', 'p.o.a', 'a/q', 's/m', 's.m.', 's.m', 's/q', 's.q.', 's.q']);

/** Column gap or leader between a name and a price, kept as a token boundary the parser can see. */
const GAP = '\t';
/** Marks a leader run (dots, dashes) specifically: a line that ends in one promises a price. */
const LEADER = '\u0001';

interface Price {
  /** null for a placeholder such as "MP" (market price). */
  cents: number | null;
  /** Has a currency sign or decimals, so it cannot be a count, a year or a time. */
  strong: boolean;
  /** Written with decimals ("4.20", "3,50"). */
  decimals: boolean;
  /** No decimals and three or more digits (see restoreDroppedDecimalPoints). */
  undotted: boolean;
  /** Too many digits to be a whole price: only valid once its decimal point is restored. */
  needsPoint: boolean;
  /** "3:50": OCR's reading of 3.50, or a time. */
  colon: boolean;
  /** Written with a k for thousands ("45k"): the number before the k, in cents (see readCrownsLostTheirR). */
  perThousandCents?: number;
  /** Written in crowns: `kr`, `:-` or SEK, NOK, DKK, ISK. */
  crowns?: boolean;
}

interface Token {
  text: string;
  /** A column gap or leader run sits between this token and the previous one. */
  gapBefore: boolean;
  /** That gap is a leader run (dots, dashes). */
  leaderBefore: boolean;
  price: Price | null;
}

/** One line of menu text and, where known, where it stands on the page. */
export interface MenuTextLine {
  text: string;
  region?: ItemRegion;
  /**
   * The height of the line's letters where the text was read from a picture (OCR), as a fraction of
   * the page image's width like `region.x`, so sizes and indents compare directly; absent for a PDF's
   * text layer.
   */
  letterHeight?: number;
  /**
   * Where the line stands, for a line with no page picture to show it on (a PDF's text layer): it tells
   * options by their place like `region` does, but the items read from it carry no region.
   */
  place?: ItemRegion;
}

export function parseMenuText(text: string): ScannedItem[] {
  return parseMenuLines(text.split(/\r?\n|\r/).map((line) => ({ text: line })));
}

export function parseMenuLines(menuLines: readonly MenuTextLine[]): ScannedItem[] {
  const lines = withGlassPricesRead(withRaisedCentsRead(withTranslationsBesideLeftOut(withPoundSignsRead(withLongWholePricesRead(withPageCurrencyRead(withoutItemNumbers(menuLines)))))));
  const items: ParsedItem[] = [];
  const seen = new Set<string>();
  const keepItem = (item: ParsedItem): void => {
    // A size or note in brackets only stays where it tells two items apart ("Cola (330ml)", "Cola (1l)").
    let name = withoutQualifiers(item.name);
    if (seen.has(name.toLocaleLowerCase('en'))) name = item.name;
    const key = name.toLocaleLowerCase('en');
    if (seen.has(key)) return;
    seen.add(key);
    items.push({ ...item, name });
  };
  let previous: { line: MenuTextLine; hadItem: boolean } | null = null;
  // The last line that could be an item's name but had no price, while only description lines followed it.
  let unpricedName: MenuTextLine | null = null;
  const optionLines = new OptionLineReader();
  const titleOf = titledDescriptions(lines);
  // The price a heading gives every item of its section ("Pizza – all 12.00"), until an item priced on its own.
  let sectionPrice: number | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = withNumberMarkRead(lines, index);
    let parsed = parseLine(line.text);
    // A name on its own line, its description under it closed by the price ("Steak Pie" /
    // "slow-cooked beef in ale gravy    13.95"): the price is the name's, the description is no item.
    const title = titleOf.get(index);
    if (parsed.length === 1 && parsed[0]!.priceCents !== null && (title || (unpricedName && isDescription(parsed[0]!.name)))) {
      const name = title ?? unpricedName!;
      parsed = [{ ...parsed[0]!, name: tidy(name.text), region: unionRegion(name.region, line.region) }];
      unpricedName = null;
      // The description's type is not the items' type.
      optionLines.isOption(line, 'other');
      for (const item of parsed) keepItem(item);
      previous = { line, hadItem: true };
      continue;
    }
    // An option set under an item (smaller type, or indented and priced as an add-on) is not an item.
    if (optionLines.isOption(line, parsed.length > 0 ? 'items' : isHeading(line.text) ? 'heading' : 'other', parsed[0]?.priceCents ?? null)) {
      unpricedName = null;
      previous = { line, hadItem: true };
      continue;
    }
    const following = lines[index + 1];
    const unpricedNameFollows = following !== undefined && parseLine(following.text).length === 0 && isStandaloneName(following.text);
    if (parsed.length === 1 && parsed[0]!.priceCents !== null && unpricedNameFollows && PRICED_FOR_EACH.test(normalizeLine(line.text))) {
      sectionPrice = parsed[0]!.priceCents;
      unpricedName = null;
      previous = { line, hadItem: true };
      continue;
    }
    if (parsed.length > 0) sectionPrice = null;
    // A name under such a heading takes its price; one over a priced line is the next section's heading.
    if (parsed.length === 0 && sectionPrice !== null && isStandaloneName(line.text)) {
      if (following && parseLine(following.text).some((item) => item.priceCents !== null)) {
        sectionPrice = null;
      } else {
        keepItem({ name: tidy(line.text), priceCents: sectionPrice, price: null, region: line.region });
        previous = { line, hadItem: true };
        continue;
      }
    }
    // A name wrapped before its price ("Grilled Halloumi and" / "Roasted Vegetable Salad    14.00"): the
    // first line is a few words ending in one that cannot end a name, the next holds one priced item.
    if (parsed.length === 0 && following && DANGLING_WORD.test(tidy(line.text)) && isStandaloneName(line.text)) {
      const rest = parseLine(following.text);
      if (rest.length === 1 && rest[0]!.priceCents !== null && !isDescription(rest[0]!.name)) {
        keepItem({ ...rest[0]!, name: `${tidy(line.text)} ${rest[0]!.name}`, region: unionRegion(line.region, following.region) });
        // Both lines are the item's: the option reader learns its type from them.
        optionLines.isOption(line, 'other');
        optionLines.isOption(following, 'items', rest[0]!.priceCents);
        unpricedName = null;
        index += 1;
        previous = { line: following, hadItem: true };
        continue;
      }
    }
    // A name, its description under it and the price alone on the line after ("Grilled Salmon" / "with
    // lemon butter" / "18.50"): the price is the name's.
    if (parsed.length === 0 && unpricedName && previous && !previous.hadItem && previous.line !== unpricedName && (isDescription(tidy(previous.line.text)) || /^\p{Ll}/u.test(tidy(previous.line.text)))) {
      const price = lonePrice(line.text);
      const named = price ? parseLine(`${unpricedName.text}    ${line.text}`).slice(-1) : [];
      if (named.length === 1) {
        keepItem({ ...named[0]!, region: unionRegion(unpricedName.region, line.region) });
        unpricedName = null;
        previous = { line, hadItem: true };
        continue;
      }
    }
    if (parsed.length > 0) unpricedName = null;
    else if (isStandaloneName(line.text)) unpricedName = line;
    else if (!isDescription(tidy(line.text)) && !/^\p{Ll}/u.test(tidy(line.text))) unpricedName = null;
    const next = lines[index + 1];
    // A name wrapped onto the next line ("… con Cappesante e    16,00" / "Gamberi"): it ends in a
    // word that cannot end a name, and the next line is a few words without a price.
    if (parsed.length === 1 && next && DANGLING_WORD.test(parsed[0]!.name) && isNameTail(next.text)) {
      parsed = [{ ...parsed[0]!, name: `${parsed[0]!.name} ${tidy(next.text)}` }];
      parsed = parsed.map((item) => ({ ...item, region: unionRegion(line.region, next.region) }));
      index += 1;
      for (const item of parsed) keepItem(item);
      previous = { line: next, hadItem: true };
      continue;
    }
    // A name on one line and its price alone on the next ("Matcha Latte" / "55.000").
    if (parsed.length === 0 && previous && !previous.hadItem) {
      const price = lonePrice(line.text);
      if (price) parsed = parseLine(`${previous.line.text}    ${line.text}`).slice(-1);
      if (parsed.length > 0) parsed = parsed.map((item) => ({ ...item, region: unionRegion(previous!.line.region, line.region) }));
    } else {
      parsed = parsed.map((item) => ({ ...item, region: line.region }));
    }
    for (const item of parsed) keepItem(item);
    previous = { line, hadItem: parsed.length > 0 };
  }
  return restoreDroppedDecimalPoints(readCrownsLostTheirR(items)).map(({ name, priceCents, region }) => (region ? { name, priceCents, region } : { name, priceCents }));
}

/** Lines of a description between a dish's title and the description's priced last line. */
const MAX_DESCRIPTION_LINES = 2;
/** A line that goes on into the next one. */
const CONTINUED_LINE = /[,;]\s*$/u;

/**
 * Text shaped like a description rather than a dish's name: three words or more, written as a sentence
 * (the longer words after the first in lower case: "Slow-cooked beef in ale gravy", "Con alioli casero y
 * limón") or listing with a comma ("Heritage tomatoes, basil oil").
 */
function isDescriptionShaped(text: string): boolean {
  const name = tidy(text);
  const words = name.split(' ').filter((w) => w !== '');
  if (words.length < 3) return false;
  if (name.includes(',') || isDescription(name)) return true;
  const long = words.slice(1).filter((w) => /^\p{L}{4,}/u.test(w));
  const lower = long.filter((w) => /^\p{Ll}/u.test(w)).length;
  return lower >= 2 && 2 * lower > long.length;
}

/** Words in capitals (one of three letters or more), then words in ordinary type. */
const CAPITALS_BEFORE_DESCRIPTION = /^((?:(?:[\p{Lu}\d&'’-]+)\s+)*[\p{Lu}'’-]{3,}(?:\s+[\p{Lu}\d&'’-]+)*)\s+(\p{Lu}?\p{Ll}.*)$/u;

/** A description set apart from its name on the name's line has at least this many words, or a comma. */
const SET_APART_DESCRIPTION_WORDS = 6;

/**
 * A description beside its name rather than a second name (a translation, `Kartoffelsuppe    Potato
 * soup`) or a dish named as a phrase (`Spaghetti alla carbonara con guanciale`): written as a sentence and
 * listing with a comma or running to six words.
 */
function isSetApartDescription(text: string): boolean {
  const words = text.split(' ').filter((w) => w !== '');
  return isDescriptionShaped(text) && (text.includes(',') || words.length >= SET_APART_DESCRIPTION_WORDS);
}

/**
 * Dishes set as a title without a price, a description under it and the price at the end of the
 * description ("Steak Pie" / "Slow-cooked beef in ale gravy    13.95"), the description opening with a
 * capital: the description's price is the title's. A section's heading over items written as sentences
 * ("Starters" / "Chicken liver pâté, toast    7.50" / "Soup of the day, bread    6.00") has several
 * priced lines under it, so only titles each over one description, two or more in a row, count. Answers
 * the title of each such description's priced line.
 */
function titledDescriptions(lines: readonly MenuTextLine[]): Map<number, MenuTextLine> {
  const parsed = lines.map((line) => parseLine(line.text));
  const opensDescription = (at: number): boolean => {
    const next = at + 1;
    return next < lines.length && parsed[next]!.length === 0 && isDescriptionShaped(lines[next]!.text);
  };
  const blocks: { title: number; priced: number }[] = [];
  for (let title = 0; title < lines.length; title += 1) {
    // A line ending in a comma goes on into the next one: it is a description's, not a title ("Beer-battered haddock,").
    if (parsed[title]!.length > 0 || !isStandaloneName(lines[title]!.text) || isDescriptionShaped(lines[title]!.text) || CONTINUED_LINE.test(lines[title]!.text)) continue;
    let at = title + 1;
    while (at < lines.length && at - title <= MAX_DESCRIPTION_LINES && parsed[at]!.length === 0 && isDescriptionShaped(lines[at]!.text)) at += 1;
    const priced = parsed[at];
    // The last line of a longer description may be a name's shape ("Pimentón de la Vera    18"), unless a
    // description stands under it: then it is an item priced right after its name, its description under
    // it ("Ploughmans Lunch    11.00" / "Cheddar, pickle, apple,"), and the lines over it another item's.
    if (priced?.length !== 1 || priced[0]!.priceCents === null) continue;
    if (!isDescriptionShaped(priced[0]!.name) && (at === title + 1 || opensDescription(at))) continue;
    // A numbered line is an item (the line over it a translation or a heading). OCR's letter heights do
    // not tell a title from its description: they follow the ascenders and descenders of the words read.
    if (NUMBER_MARK.test(lines[at]!.text) || BARE_ITEM_NUMBER.test(lines[at]!.text)) continue;
    blocks.push({ title, priced: at });
  }
  const titles = new Map<number, MenuTextLine>();
  for (let k = 0; k < blocks.length; ) {
    let end = k;
    while (blocks[end + 1]?.title === blocks[end]!.priced + 1) end += 1;
    // Items written as sentences, each with its translation under it, pair the same way one line later:
    // the run then opens under such an item (a heading may stand over it, which pairs with the first
    // item), and the last translation closes the text without a description under it.
    const before = parsed[blocks[k]!.title - 1];
    const underItem = before?.length === 1 && before[0]!.priceCents !== null && isDescriptionShaped(before[0]!.name);
    const last = blocks[end]!.priced + 1;
    const lastUntitled = last === lines.length - 1 && parsed[last]!.length === 0 && isStandaloneName(lines[last]!.text) && !isDescriptionShaped(lines[last]!.text);
    if (end > k && !underItem && !lastUntitled) for (const block of blocks.slice(k, end + 1)) titles.set(block.priced, lines[block.title]!);
    k = end + 1;
  }
  return titles;
}

/** A price whose £ OCR read as "f", apart from the word before it ("Fish and Chips f14.50"). */
const POUND_READ_AS_F = /(?:^|\s)f\d{1,4}[.,]\d{2}(?=\s|$)/u;
/** The same glued to the name ("Steak and Ale Pief15.95"). */
const GLUED_POUND_READ_AS_F = /(\p{Ll})f(\d{1,4}[.,]\d{2})(?=\s|$)/gu;

/**
 * On a menu whose prices OCR reads as "f14.50" (PaddleOCR's dictionary has no "£"), a price glued to the
 * name after an "f" ("Pief15.95") has its £ read as that "f" too: it is no letter of the name. Two such
 * prices apart make it a menu in pounds; elsewhere "Beef12.50" keeps its f.
 */
function withPoundSignsRead(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  if (lines.filter((line) => POUND_READ_AS_F.test(line.text)).length < 2) return lines;
  return lines.map((line) => ({ ...line, text: line.text.replace(GLUED_POUND_READ_AS_F, '$1 £$2') }));
}

/** A number as a price closes a line: whole, with decimals, or grouped in thousands. */
const PRICE_NUMBER = String.raw`\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?`;
/**
 * Letters beside the number closing a line: glued before it ("KC480", "d143.000"), in capitals apart
 * before it ("KC 480"), or after it, glued or apart ("440 Kc", "16,95RM").
 */
const LETTERS_BEFORE_PRICE = new RegExp(String.raw`(?<=\p{L}.*\s)(\p{L}{1,3})\.?(?=(?:${PRICE_NUMBER})$)|(?<=\p{L}.*\s)(\p{Lu}{2,3})\.?(?= (?:${PRICE_NUMBER})$)`, 'u');
const LETTERS_AFTER_PRICE = new RegExp(String.raw`(?<=\p{L}.*\s(?:${PRICE_NUMBER}) ?)(\p{L}{1,3})\.?$`, 'u');
/** Letters that stand beside a number on a menu without being money: thousands (`45k`), units, times, counts. */
const NOT_MONEY = new Set(['k', 'rb', 'l', 'cl', 'dl', 'ml', 'g', 'gr', 'kg', 'mg', 'oz', 'lb', 'lbs', 'cm', 'mm', 'pcs', 'pc', 'pz', 'st', 'stk', 'adt', 'min', 'h', 'hr', 'hrs', 'am', 'pm', 'uhr', 'cal', 'kj', 'x', 'p', 'nr', 'no']);
/** Lines of a page whose price carries the same unknown letters needed to take them for its currency. */
const MIN_PAGE_CURRENCY_LINES = 3;

const distanceOne = (a: string, b: string): boolean => {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const [x, y] = [a.slice(i), b.slice(i)];
  return x.slice(1) === y.slice(1) || x.slice(1) === y || x === y.slice(1);
};

/**
 * A currency OCR read as letters no list holds ("KC480" and "Kc720" for Kč, "d143.000" for ₫, a sign a
 * menu's own font draws oddly): where three lines or more of a page close on a price beside the same one
 * to three letters that are no unit, those letters are the page's currency, and so are letters one edit
 * from them beside a price ("K760" on the same page). They are read as a sign of unknown currency.
 */
function withPageCurrencyRead(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  const lettersOf = (text: string): { letters: string; before: boolean } | null => {
    const line = text.replace(/\t/g, ' ').replace(/\s+/g, ' ').trim();
    const before = LETTERS_BEFORE_PRICE.exec(line);
    const letters = before ? (before[1] ?? before[2]) : LETTERS_AFTER_PRICE.exec(line)?.[1];
    if (!letters) return null;
    const key = letters.toLocaleLowerCase('en');
    return CURRENCY_ALONE.test(letters) ? null : { letters: key, before: before !== null };
  };
  const counts = new Map<string, number>();
  for (const line of lines) {
    const found = lettersOf(line.text);
    if (found && !NOT_MONEY.has(found.letters)) counts.set(found.letters, (counts.get(found.letters) ?? 0) + 1);
  }
  const signs = [...counts].filter(([, n]) => n >= MIN_PAGE_CURRENCY_LINES).map(([letters]) => letters);
  if (signs.length === 0) return lines;
  return lines.map((line) => {
    const found = lettersOf(line.text);
    // A unit's letters are a variant only as the sign's first letters ("K760" beside "KC480").
    const variant = (sign: string): boolean => sign.length > 1 && distanceOne(sign, found!.letters) && (!NOT_MONEY.has(found!.letters) || sign.startsWith(found!.letters));
    if (!found || !signs.some((sign) => sign === found.letters || variant(sign))) return line;
    const text = line.text.replace(/\t/g, '    ');
    const at = new RegExp(found.before ? String.raw`(\p{L}{1,3})\.?(?= ?(?:${PRICE_NUMBER})\s*$)` : String.raw`(?<=\d ?)(\p{L}{1,3})\.?(?=\s*$)`, 'u');
    return { ...line, text: text.replace(at, '¤') };
  });
}

/** A whole price of five or six digits in round hundreds, written without groups ("Kimchi Jjigae    26000"). */
const LONG_WHOLE_PRICE = /(?<=\p{L}.*\s[^\s\d]{0,3})(\d{2,3})(\d00)(?=(?:\s?[^\s\d.,]{1,3})?\s*$)/u;

/**
 * Won, dong, rupiah: a currency of small units priced in round thousands, written without groups and often
 * without a sign. Where three lines or more of a page close on such a number, they are its prices, read as
 * grouped ("26000" as "26'000"); a lone one stays what it may be, a year or a code.
 */
function withLongWholePricesRead(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  if (lines.filter((line) => LONG_WHOLE_PRICE.test(line.text)).length < MIN_PAGE_CURRENCY_LINES) return lines;
  return lines.map((line) => ({ ...line, text: line.text.replace(LONG_WHOLE_PRICE, "$1'$2") }));
}

/** A page's lines holding a name with its translation beside it needed to read them so. */
const MIN_TRANSLATED_LINES = 3;

/**
 * "Mercimek Çorbası    Lentil Soup    45 TL", "Croquetas de Jamón    Ham Croquettes 7,00 €": a name, its
 * translation in a column of its own and the price, apart or right after it. Answers the line without the
 * translation, or null for any other line.
 */
function withoutTranslationBeside(text: string): string | null {
  const { tokens } = tokenize(normalizeLine(text));
  const last = tokens[tokens.length - 1];
  if (!last?.price || tokens.slice(0, -1).some((t) => t.price)) return null;
  const segments: string[][] = [];
  for (const token of tokens.slice(0, -1)) {
    if (token.gapBefore || segments.length === 0) segments.push([]);
    segments[segments.length - 1]!.push(token.text);
  }
  if (segments.length !== 2) return null;
  const [name, translation] = segments.map((segment) => tidy(segment.join(' '))) as [string, string];
  const isName = (part: string): boolean => isPlausibleName(part) && !isDescription(part) && !isMarksOnly(part) && !isRisingCodes(part) && !isOptionLine(part, part);
  // The name may have lost its capital to OCR ("izgara Köfte" for İzgara); a translation in lower case is a description.
  const opensName = (part: string): boolean => /^\p{Lu}/u.test(part) || /^\p{Ll}+ \p{Lu}/u.test(part);
  return opensName(name) && /^\p{Lu}/u.test(translation) && isName(name) && isName(translation) ? `${name}    ${last.text}` : null;
}

/**
 * A menu in two languages side by side ("Mercimek Çorbası    Lentil Soup    45 TL", "Adana Kebap    Spicy
 * Minced Lamb Kebab    180 TL"): the name is the first, the café's own; the part nearest the price is its
 * translation. One such line alone is more likely a heading or another column's line run into an item
 * ("Soup of the day    Mocha    5.00"), so only a page where three or more, a third of its priced lines,
 * read so is read that way.
 */
function withTranslationsBesideLeftOut(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  const shortened = lines.map((line) => withoutTranslationBeside(line.text));
  const translated = shortened.filter((text) => text !== null).length;
  if (translated < MIN_TRANSLATED_LINES) return lines;
  const priced = lines.filter((line) => parseLine(line.text).some((item) => item.priceCents !== null)).length;
  if (3 * translated < priced) return lines;
  return lines.map((line, i) => (shortened[i] === null ? line : { ...line, text: shortened[i]! }));
}

/** A price with one decimal set apart before one with two, closing the line: "Wine    4,5    9,00". */
const ONE_DECIMAL_BEFORE_PRICE = /(\s{3,}|\t)(\d{1,2})([.,])(\d)((?:\s{3,}|\t)\D{0,3}\d{1,4}[.,]\d{2}\D{0,3}\s*)$/u;

/**
 * A glass and a bottle priced in two columns, the glass with one decimal ("Wine    4,5    9,00"): read
 * alone, "4,5" may be additive codes 4 and 5 set apart before the price, which rise; a page where such a
 * number also falls or repeats ("Rosé    6,5    24,00", "Merlot    5,5    22,00") prices glasses so, and
 * each of its lines is a row of two prices (left for the vendor, as any row of prices).
 */
function withGlassPricesRead(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  const glassPriced = lines.some((line) => {
    const match = ONE_DECIMAL_BEFORE_PRICE.exec(line.text);
    return match !== null && Number(match[4]) <= Number(match[2]);
  });
  if (!glassPriced) return lines;
  return lines.map((line) => (ONE_DECIMAL_BEFORE_PRICE.test(line.text) ? { ...line, text: line.text.replace(ONE_DECIMAL_BEFORE_PRICE, '$1$2$3$40$5') } : line));
}

/** Cents set apart from the whole price at the end of a line ("12 95" for 12⁹⁵, read without the rise). */
const CENTS_APART = /((?:^|\s{3,}|\t)[$€£]?\d{1,3}) (\d{2})\s*$/u;

/**
 * "Classic Cheeseburger    12 95": a price printed with its cents raised in smaller type comes back as two
 * numbers one space apart. Two such lines or more make it the page's way of writing prices.
 */
function withRaisedCentsRead(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  if (lines.filter((line) => CENTS_APART.test(line.text)).length < 2) return lines;
  return lines.map((line) => ({ ...line, text: line.text.replace(CENTS_APART, '$1.$2') }));
}

/** A number opening a line without a dot ("12 Pizza Margherita", "A12 Pizza", OCR's "25Prawn Toast"), a letter maybe before it. */
const BARE_ITEM_NUMBER = /^\s*(\p{Lu}?)(\d{1,3})(?:\s+(?=\p{Lu})|(?=\p{Lu}\p{Ll}{2}))/u;

/**
 * "101 Spring Rolls", "102 Prawn Crackers", … : a take-away's item numbers written without a dot. Where at
 * least three lines open with a number and the numbers rise from line to line (five lines or more, past 9
 * or with a letter: a short run "1 Kugel", "2 Kugeln" counts scoops), they number the items and are
 * dropped; counts ("2 Rühreier", "2 Spiegeleier", "3 Scheiben Bacon") do not rise that way and stay.
 */
function withoutItemNumbers(lines: readonly MenuTextLine[]): readonly MenuTextLine[] {
  const numbered = lines.flatMap((line, index) => {
    const match = BARE_ITEM_NUMBER.exec(line.text);
    return match ? [{ index, number: Number(match[2]), letter: match[1] ?? '' }] : [];
  });
  if (numbered.length < 3) return lines;
  let rising = 0;
  for (let i = 1; i < numbered.length; i += 1) {
    const [before, after] = [numbered[i - 1]!, numbered[i]!];
    if (after.letter === before.letter ? after.number > before.number : after.letter > before.letter) rising += 1;
  }
  // "1 Kugel", "2 Kugeln", "3 Kugeln": a short rising run from 1 is scoops or eggs counted, not numbering.
  const numbering = numbered.length >= 5 || numbered.some((n) => n.number >= 10 || n.letter !== '');
  if (!numbering || rising < 0.8 * (numbered.length - 1)) return lines;
  const strip = new Set(numbered.map((n) => n.index));
  return lines.map((line, index) => (strip.has(index) ? { ...line, text: line.text.replace(BARE_ITEM_NUMBER, '') } : line));
}

/** "1. Plum Lemon", "A.Coconut": a numbered item, as OCR reads its number. */
const NUMBER_MARK = /^\s*(?:\d{1,2}|\p{Lu})\s?[.)]\s*\p{L}/u;
/** How near (in lines) a numbered neighbour must be; a translation line may stand between two items. */
const NUMBERING_REACH = 2;

/**
 * OCR reads some digits of a numbered list as "+" ("+.Rosy Melon", "+Lotus" between "3. …" and
 * "5. …"). Among numbered lines a leading "+" is such a number, not an add-on: it is dropped so the
 * line reads as the item it is.
 */
function withNumberMarkRead(lines: readonly MenuTextLine[], index: number): MenuTextLine {
  const line = lines[index]!;
  if (!/^\s*\+\.?\s*\p{L}/u.test(line.text)) return line;
  for (let distance = 1; distance <= NUMBERING_REACH; distance += 1) {
    const neighbours = [lines[index - distance], lines[index + distance]];
    if (neighbours.some((n) => n !== undefined && NUMBER_MARK.test(n.text))) {
      return { ...line, text: line.text.replace(/^\s*\+\.?\s*/u, '') };
    }
  }
  return line;
}

/**
 * Words that join two parts of a name and never end one, in the languages menus are written in
 * ("with", "and", "of" …): a name ending in one goes on on the next line.
 */
const DANGLING_WORD = /\s(?:with|and|of|in|on|&|e|ed|con|di|del|della|al|alla|mit|und|an|auf|et|au|aux|à|de|du|des|y|met|en|van|ve|ile|the|la|las|el|los)$/iu;
/** A heading priced for each of its items: "Pizza – all 12.00", "Crêpes, chacune 6 €", "Pasta je 9,50". */
const PRICED_FOR_EACH = /\s(?:all|each|each one|jeweils|je|chacun|chacune|cada una|cada uno|ognuna|ognuno|tutte|tutti|elk|alle|hepsi)\s+\S*\d[\d.,]*\S*(?:\s+\S+)?\s*$/iu;
/** The rest of a wrapped name: at most this many words. */
const MAX_NAME_TAIL_WORDS = 4;

/** A short line of words with no price (the rest of a name wrapped onto it). */
function isNameTail(text: string): boolean {
  const words = tidy(text).split(' ').filter((w) => w !== '');
  return words.length > 0 && words.length <= MAX_NAME_TAIL_WORDS && parseLine(text).length === 0 && !lonePrice(text) && /\p{L}{2}/u.test(text);
}

/**
 * Text that describes an item rather than naming it: it opens with a lower-case word and runs on
 * ("slow-cooked beef in ale gravy", "cheddar, pickle, crusty bread"), or lists ingredients.
 */
function isDescription(text: string): boolean {
  const words = text.split(' ').filter((w) => w !== '');
  const listed = (text.match(/,/g)?.length ?? 0) >= 2;
  return listed || (/^\p{Ll}/u.test(text) && (words.length >= 4 || text.includes(',')));
}

/** A line without a price that titles what follows: words, not a description. */
function isHeading(text: string): boolean {
  const name = tidy(text);
  return /\p{L}{2}/u.test(name) && !isDescription(name) && !lonePrice(text);
}

/** A line that could name an item on its own: a few words opening with a capital, no price, no colon. */
const MAX_STANDALONE_NAME_WORDS = 6;

function isStandaloneName(text: string): boolean {
  const name = tidy(text);
  const words = name.split(' ').filter((w) => w !== '');
  return /^\p{Lu}/u.test(name) && words.length <= MAX_STANDALONE_NAME_WORDS && !name.endsWith(':') && !isDescription(name) && isPlausibleName(name) && !lonePrice(text);
}

interface ParsedItem extends ScannedItem {
  /** How the price was written; null for an item without a price. */
  price: Price | null;
  /**
   * The price was written without its whole part after a plain gap ("Oat Milk    .55"), as menus
   * write a surcharge; see restoreDroppedDecimalPoints.
   */
  centsOnly?: boolean;
}

/**
 * Whether a piece of text is nothing but a price, with or without a currency ("Rs 120", "RM 8.50",
 * "12,50 €", "4.20"): the layout must not take a column of prices opened by a currency written in
 * letters for a column of names.
 */
export function isPriceAlone(text: string): boolean {
  const { tokens } = tokenize(normalizeLine(text));
  return tokens.length === 1 && parsePriceText(tokens[0]!.text) !== null;
}

/** A line that holds only a strong price ("55.000", "€ 4,50"). */
function lonePrice(text: string): Price | null {
  const { tokens } = tokenize(normalizeLine(text));
  if (tokens.length !== 1) return null;
  const price = parsePriceText(tokens[0]!.text);
  return price?.strong ? price : null;
}

function unionRegion(a: ItemRegion | undefined, b: ItemRegion | undefined): ItemRegion | undefined {
  if (!a || !b || a.page !== b.page) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { page: a.page, x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * Drops what a menu adds to a name but a reader would not call part of it: notes and sizes in
 * brackets ("Café (simple / allongé)", "Portion Salami (3 Scheiben)") and a trailing volume or
 * weight ("Peroni Beer 330ML", OCR's "5oo ML").
 */
function withoutQualifiers(name: string): string {
  const stripped = withoutMarks(name)
    .replace(/\s*\([^()]*\)?\s*$/u, '')
    .replace(/\s*\([^()]*\)\s*/gu, ' ')
    // The unit may be glued to the name and OCR reads 0 as o ("Beer330ML", "Ale5oo ML", "27om L").
    .replace(/\s*(?:\d[\dOo]{0,3}(?:[.,][\dOo]{1,2})?|[1-3]\/[2-4])\s*(?:[mo]m?\s?l|cl|dl|l|[lI]t|ltr|oz|g|gr|kg|cm|kcal)\.?$/iu, '')
    // A count of pieces ("Wings 6 pcs", "Gyoza x6").
    .replace(/\s+(?:\d{1,3}\s?(?:pcs|pc|pieces|stk|stück|pz|pzs|pezzi|uds|ud|unid|unidades|units|stuks)\.?|[x×]\s?\d{1,3}|\d{1,3}\s?[x×])$/iu, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Marks before the calories ("Avocado Toast V 410kcal") are at the end once the calories are gone.
  const unmarked = withoutMarks(stripped);
  return isPlausibleName(unmarked) ? unmarked : name;
}

/** Allergen or additive codes, dietary marks and calories, and nothing else ("A,C,G", "VGF 610kcal"). */
function isMarksOnly(text: string): boolean {
  const rest = text
    // Also as OCR misreads its last letter ("120 kcaf", "kcai", "kca1").
    .replace(/\d{1,4}\s?k?ca[l1ifI]\b\.?/giu, ' ')
    .replace(/(?:^|\s)(?:[1-9]\d?|\p{L})(?:\s?,\s?(?:\d{1,2}|\p{L}))+(?=\s|$)/gu, ' ')
    .replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰,]+/gu, ' ')
    .replace(/(?:^|\s)\(?(?:VGN|VG|VE|GF|DF|NF|V)+\)?(?=\s|$)/gu, ' ');
  return rest.trim() === '' && rest !== text;
}

/**
 * Allergen letters (A–N) or additive numbers listed in rising order whose commas OCR lost or read as
 * dots: "A,CG", "CF", "AG", "349". A name's letters do not rise like that.
 */
function isRisingCodes(text: string): boolean {
  const marks = text.replace(/[\s,.]/g, '');
  if (!/^(?:[A-N]{2,6}|[1-9]{2,5})$/.test(marks)) return false;
  for (let i = 1; i < marks.length; i += 1) if (marks.charCodeAt(i) <= marks.charCodeAt(i - 1)) return false;
  return true;
}

/** Dietary marks written after a name in capitals ("Caesar Salad V GF"), or run together by OCR ("VGF"). */
const DIETARY_MARKS = /^(?:VGN|VG|VE|GF|DF|NF|V)+$/u;

/**
 * Drops what menus print after a name for allergens and diets, which is no part of the name: additive
 * and allergen codes as a list ("Currywurst 3,4,9", "Caesar Salad A,C,G", superscripts "³⁴") and
 * dietary marks ("V GF").
 */
function withoutMarks(name: string): string {
  let text = name
    // Codes count from 1: "0,0" is an amount of nothing (alcohol-free), part of the name.
    .replace(/\s+(?:[1-9]\d?|\p{L})(?:\s?,\s?(?:\d{1,2}|\p{L}))+$/u, '')
    .replace(/\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?:\s?,?\s?[¹²³⁴⁵⁶⁷⁸⁹⁰]+)*$/u, '');
  for (;;) {
    const match = /\s+(\S+)$/u.exec(text);
    if (!match || !DIETARY_MARKS.test(match[1]!.replace(/[().,]/g, ''))) break;
    text = text.slice(0, match.index);
  }
  return text;
}

/**
 * A price written without its whole part (".55") after a plain gap reads as whole units (55), since OCR
 * leaves a leader's last dot on whole prices. Where that is this many times the menu's typical price,
 * it was cents: a surcharge ("Oat Milk    .55", "Flavoured syrups available    .50") that belongs to
 * the item above, not an item.
 */
const CENTS_ONLY_SURCHARGE_RATIO = 10;

/**
 * OCR loses decimal points ("3.50" → "350"). On a menu whose other prices have decimals, a
 * whole number 20× above their median is far more likely such a loss than a real price.
 * Items whose price only makes sense with a point restored ("1218") are dropped otherwise.
 */
function restoreDroppedDecimalPoints(items: ParsedItem[]): ParsedItem[] {
  const withDecimals = items.flatMap((i) => (i.price?.decimals && i.priceCents !== null ? [i.priceCents] : []));
  withDecimals.sort((a, b) => a - b);
  const median = withDecimals.length >= 3 || onlyCentsBesideUndotted(items, withDecimals) ? withDecimals[Math.floor(withDecimals.length / 2)]! : wholePricesMedian(items);
  const hundreds = withDecimals.length === 0 && median === null ? wholeHundredsMedian(items) : null;
  return items.flatMap((item) => {
    if (item.centsOnly && median !== null && item.priceCents !== null && item.priceCents >= CENTS_ONLY_SURCHARGE_RATIO * median) return [];
    if (!item.price?.undotted || item.priceCents === null) return [item];
    if (median !== null && item.priceCents >= 20 * median) return [{ ...item, priceCents: Math.round(item.priceCents / 100) }];
    if (item.price.needsPoint && hundreds !== null && item.priceCents <= MAX_WHOLE_SPREAD * hundreds && !/^(?:19|20)\d\d$/.test(String(item.priceCents / 100))) return [item];
    return item.price.needsPoint ? [] : [item];
  });
}

/**
 * Rupees, yen, forint: a page priced only in whole numbers of three digits ("850", "640") whose currency
 * OCR dropped. A four-digit number there ("1050", its sign and group lost) is a whole price too, not one
 * whose decimal point was lost, where it stands within MAX_WHOLE_SPREAD of the page's three-digit prices
 * (three or more of them; a year keeps its shape and stays out). Answers their median, or null.
 */
const MAX_WHOLE_SPREAD = 10;
function wholeHundredsMedian(items: readonly ParsedItem[]): number | null {
  const hundreds = items.flatMap((i) => (i.price?.undotted && !i.price.needsPoint && i.priceCents !== null ? [i.priceCents] : []));
  if (hundreds.length < 3) return null;
  hundreds.sort((a, b) => a - b);
  return hundreds[Math.floor(hundreds.length / 2)]!;
}

/**
 * Thin light type loses most of a page's points ("4.20" and "3.80" read, "450", "540", "490" not): one or
 * two prices with cents are evidence enough where every other price is a point-less number of three or
 * four digits and those with cents are a café's (at most 50.00); one alone only beside one such number. A page of whole prices ("240", "180",
 * "450": rupees, yen, forint) has none with cents, and one with whole short prices beside them
 * ("Tea 3") is left to wholePricesMedian.
 */
const MAX_CAFE_CENTS = 5000;
function onlyCentsBesideUndotted(items: readonly ParsedItem[], withDecimals: readonly number[]): boolean {
  if (withDecimals.length === 0 || withDecimals.at(-1)! > MAX_CAFE_CENTS) return false;
  const priced = items.filter((i) => i.price && i.priceCents !== null && !i.centsOnly);
  if (!priced.every((i) => i.price!.decimals || (i.price!.undotted && i.price!.perThousandCents === undefined))) return false;
  // One price with cents beside several whole ones may be an extra on a menu of rupees ("Extra cheese 0.50").
  return withDecimals.length >= 2 || priced.length - withDecimals.length === 1;
}

/**
 * "Kardemummabulle 38k": OCR drops the r of a glued "38kr", and the k reads as thousands. Where the
 * page's other prices are in crowns (`kr`, `:-`, SEK …), or the k-price stands over 200× the median of
 * the page's other prices, it is crowns: 38.00. A page priced in thousands ("45k" dong beside
 * "55.000") keeps its k.
 */
const THOUSANDS_FAR_OUT = 200;
function readCrownsLostTheirR(items: ParsedItem[]): ParsedItem[] {
  const perThousand = items.filter((i) => i.price?.perThousandCents !== undefined);
  if (perThousand.length === 0) return items;
  const others = items.filter((i) => i.price && i.priceCents !== null && i.price.perThousandCents === undefined).map((i) => i.priceCents!);
  others.sort((a, b) => a - b);
  const median = others.length >= 2 ? others[Math.floor(others.length / 2)]! : null;
  const inCrowns = items.some((i) => i.price?.crowns);
  return items.map((item) => {
    const shortened = item.price?.perThousandCents;
    if (shortened === undefined || item.priceCents === null) return item;
    if (inCrowns || (median !== null && item.priceCents >= THOUSANDS_FAR_OUT * median)) return { ...item, priceCents: shortened };
    return item;
  });
}

/**
 * "Moules 16", "Café 9" beside "Croque 1250", "Soupe 850": a menu priced "16€" and "12€50", whose €
 * OCR does not read, leaves whole prices of one or two digits beside numbers of three or four. Where at
 * least two of each stand on the menu and two of the long ones are 20× the short ones' median, the long
 * ones lost a decimal sign; the median is the reference restoreDroppedDecimalPoints divides by. A menu
 * of whole prices across that range (rupees: "Chai 90", "Biryani 240") stays as it is.
 */
function wholePricesMedian(items: readonly ParsedItem[]): number | null {
  const short = items.flatMap((i) => (i.price && !i.price.decimals && !i.price.undotted && !i.centsOnly && i.priceCents !== null && i.priceCents < 10_000 ? [i.priceCents] : []));
  if (short.length < 2) return null;
  short.sort((a, b) => a - b);
  const median = short[Math.floor(short.length / 2)]!;
  const lost = items.filter((i) => i.price?.undotted && i.priceCents !== null && i.priceCents >= 20 * median);
  return lost.length >= 2 ? median : null;
}

/** One text line can hold several items (two-column layouts) or none (headings, descriptions). */
function parseLine(rawLine: string): ParsedItem[] {
  const { tokens, endsWithLeader } = tokenize(normalizeLine(rawLine));
  if (tokens.length === 0) return [];

  if (!tokens.some((t) => t.price)) {
    // "Muffin ..........": the leader promises a price OCR did not deliver; clearly an item.
    // Any other unpriced line may be a heading or a description, so it is not an item.
    if (!endsWithLeader) return [];
    const name = cleanName(tokens, 'after-price');
    return name ? [{ name, priceCents: null, price: null }] : [];
  }

  // "Biefstuk 0.0    25.5", "Heineken 0,0    3,50": an amount of nothing before the price is part of
  // the name (alcohol-free), not a second price.
  for (const [i, token] of tokens.entries()) {
    if (token.price?.cents === 0 && tokens.slice(i + 1).some((t) => t.price !== null)) token.price = null;
  }
  // "Frikadelle    2,3    4,50" (additive codes set apart, read as a decimal number), "Menü 1.5    12.90" (a
  // number inside the name): a menu writes its prices one way, so a number with one decimal right before
  // the line's last price, written with two, is no price of its own. Set apart, rising codes are dropped
  // from the name; inside the name, the number stays in it.
  for (const [i, token] of tokens.entries()) {
    const next = tokens[i + 1];
    if (!token.price || !/^\d{1,2}[.,]\d$/.test(token.text) || !next?.gapBefore || !/^\D{0,3}\d{1,4}[.,]\d{2}\D{0,3}$/.test(next.text)) continue;
    if (!next.price || tokens.slice(i + 2).some((t) => t.price !== null)) continue;
    if (token.gapBefore ? isRisingCodes(token.text) : i > 0) token.price = null;
  }
  const priceIdx = tokens.flatMap((t, i) => (t.price ? [i] : []));
  if (priceIdx.length === 0) return [];
  // "Cake    1.69    910.99199": a row of prices OCR ran together after the first, one item's sizes.
  if (tokens.some((t, i) => t.gapBefore && !t.price && i > priceIdx[0]! && /^\d[\d.,]{4,}$/.test(t.text) && /\d[.,]\d/.test(t.text))) return [];
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  const priceFirst = first.price !== null && first.price.strong && last.price === null;
  const sizes = priceFirst ? null : slashedSizes(tokens, priceIdx);
  if (sizes) return [sizes];
  if (!priceFirst && listsSizes(tokens, priceIdx)) return [];

  const items: ParsedItem[] = [];
  for (let k = 0; k < priceIdx.length; k += 1) {
    const at = priceIdx[k]!;
    // "Latte    4.49    4.99    5.49": one item in several sizes, no single price to take; a
    // reader lists it with its sizes, so it is left for the vendor to add.
    if (!priceFirst && (priceIdx[k + 1] === at + 1 || priceIdx[k - 1] === at - 1)) continue;
    const nameTokens = priceFirst
      ? tokens.slice(at + 1, priceIdx[k + 1] ?? tokens.length)
      : tokens.slice(k === 0 ? 0 : priceIdx[k - 1]! + 1, at);
    // "Oat milk +0.50": a surcharge belongs to the item above, it is not one of its own.
    if (tokens[at]!.text.startsWith('+')) continue;
    const name = cleanName(nameTokens, priceFirst ? 'after-price' : 'before-price');
    const price = tokens[at]!.price!;
    if (!name) continue;
    const centsOnly = /^\.\d{1,2}$/.test(tokens[at]!.text) && !tokens[at]!.leaderBefore;
    items.push(centsOnly ? { name, priceCents: price.cents, price, centsOnly } : { name, priceCents: price.cents, price });
  }
  return items;
}

/**
 * "Double Shot rg 1.99    quad 3.99": each price labelled by a size, the first label closing the name.
 * Like a row of bare prices, one item's sizes with no single price to take: left for the vendor.
 */
function listsSizes(tokens: readonly Token[], priceIdx: readonly number[]): boolean {
  if (priceIdx.length < 2) return false;
  const labelBefore = (k: number): string => {
    const from = k === 0 ? 0 : priceIdx[k - 1]! + 1;
    const words = tokens.slice(from, priceIdx[k]).map((t) => t.text);
    return (k === 0 ? words.slice(-1) : words).join(' ');
  };
  return [0, ...priceIdx.slice(1).map((_, i) => i + 1)].every((k) => isSizeLabel(labelBefore(k)));
}

/** A size's label in a group of sizes: a letter or two (`S`, `M`, `XL`), a volume (`8oz`) or size words. */
const isGroupLabel = (text: string): boolean => /^(?:\p{Lu}{1,2}|\d{1,2}\s?oz)$/u.test(text) || isSizeLabel(text);

/**
 * "Latte    S $3.20 / M $3.70 / L $4.10": an item's sizes written as one group, a label before each
 * price and slashes between them. The first (the smallest) price is the item's.
 */
function slashedSizes(tokens: readonly Token[], priceIdx: readonly number[]): ParsedItem | null {
  const start = priceIdx[0]!;
  if (priceIdx.length < 2 || start < 2 || !isGroupLabel(tokens[start - 1]!.text)) return null;
  const grouped = priceIdx.slice(1).every((at, k) => at === priceIdx[k]! + 3 && tokens[at - 2]!.text === '/' && isGroupLabel(tokens[at - 1]!.text));
  if (!grouped) return null;
  const name = cleanName(tokens.slice(0, start - 1), 'before-price');
  const price = tokens[start]!.price!;
  return name ? { name, priceCents: price.cents, price } : null;
}

/** Two or three sizes, each a letter and a price, slashes between them, labels maybe glued to their prices. */
const SIZE_GROUP = /(?<=^|\s)(?:XL|[SMLR])\s?\d{1,4}(?:[.,]\d{1,2})?(?:\s?\/\s?(?:XL|[SMLR])\s?\d{1,4}(?:[.,]\d{1,2})?){1,2}(?=\s|$)/g;

/** Two prices joined by a dash closing the line, either with a currency sign before or after them. */
const PRICE_RANGE = /(^|\s)([$€£¥₹₺]?\d{1,4}(?:[.,]\d{2})?)\s?[-–—]\s?([$€£¥₹₺]?\d{1,4}(?:[.,]\d{2})?(?:\s?[$€£¥₹₺])?)\s*$/u;

/** Maps OCR noise to plain characters and marks column gaps and leader runs. */
function normalizeLine(line: string): string {
  return (
    line
      .replace(/\t/g, '    ')
      .replace(/\u00a0/g, ' ')
      // A glyph a PDF's font maps to no character (NUL or U+FFFD) beside a number: a currency sign its
      // font drew without saying which ("\u0000 1 050" for "₹ 1 050").
      // eslint-disable-next-line no-control-regex -- NUL is the character such a glyph comes back as
      .replace(/[\u0000\ufffd](?=\s?\d)|(?<=\d\s?)[\u0000\ufffd]/gu, '¤')
      // Full-width punctuation from PaddleOCR's Chinese-trained dictionary.
      .replace(/，/g, ',')
      // A Chinese character read at the end of a number ("5號" for a "5" on a letter board, "12元" for
      // yuan): the recognizer's dictionary is Chinese; the number is the price.
      .replace(/(\d)\p{Script=Han}{1,2}(?=\s|$)/gu, '$1')
      // … and one read where a sign the dictionary lacks opens a price ("七85" for "₺85", "天130" for
      // "₹130"): a currency sign, though which one is not known.
      .replace(/(^|\s)\p{Script=Han}(?=\d)/gu, '$1¤')
      // A euro sign set apart inside the price, where its decimal point goes ("2 € 50", OCR's "12 E 50", "8 C 50");
      // not a whole price followed by another one ("10 € 12 €").
      .replace(/(^|\s)(\d{1,4}) ?[€E∈C] ?(\d{2})(?=\s|$)(?!\s*(?:[€$£∈]|E(?:\s|$)|EUR))/gu, '$1$2€$3')
      // A currency's letters written with dots beside a number ("45 S.R.", "R.M. 12"): its code.
      .replace(/(?<=\d\s?)\p{Lu}(?:\.\p{Lu}){1,2}\.?(?=\s|$)|(?<=^|\s)\p{Lu}(?:\.\p{Lu}){1,2}\.?(?=\s?\d)/gu, (code) => {
        const letters = code.replace(/\./g, '');
        return CURRENCY_ALONE.test(letters) ? letters : code;
      })
      // "£" read as "f" (PaddleOCR's dictionary has no "£") opening a price after a word ("Burger f13.50").
      .replace(/(^|\s)f(?=\d{1,4}[.,]\d{2}(?:\s|$))/gu, '$1£')
      // … or as "E" (as € is too: "Chips    E2.50"): some currency, which one is not known.
      .replace(/(^|\s)E(?=\d{1,4}[.,]\d{2}(?:\s|$))/gu, '$1¤')
      // A price range closing the line ("$18–24", "8.50 - 12.50", "9–14 €"): several prices, like a row of
      // sizes, so no single price to take; the item is left for the vendor. Bare whole numbers are hours
      // as often ("Breakfast 8–11"), and so are "17.00 - 19.00"; they stay as they are.
      .replace(PRICE_RANGE, (range: string, before: string, low: string, high: string, offset: number, whole: string) => {
        const amount = (text: string): number => Number(text.replace(/[^\d.,]/g, '').replace(',', '.'));
        const signBefore = /^[$€£¥₹₺]/u.exec(low)?.[0] ?? /[$€£¥₹₺](?=\s?$)/u.exec(whole.slice(0, offset))?.[0] ?? '';
        const signAfter = /[$€£¥₹₺]$/u.exec(high)?.[0] ?? '';
        if ((!/[.,]\d{2}/.test(range) && !signBefore && !signAfter) || amount(high) <= amount(low)) return range;
        if (!signBefore && [low, high].every((t) => /^(?:[01]?\d|2[0-4])[.,:](?:00|15|30|45)$/.test(t))) return range;
        // Both ends carry the sign, so both read as prices ("€ 9 – 14" → "€ 9    €14").
        const lowPrice = signAfter && !low.endsWith(signAfter) ? `${low}${signAfter}` : low;
        const highPrice = signBefore && !high.startsWith(signBefore) ? `${signBefore}${high}` : high;
        return `${before}${lowPrice}    ${highPrice}`;
      })
      // A dash between the name and the price whose spaces OCR lost ("Brot-2,00", "Tea–2.50").
      .replace(/(\p{L})[-–—]((?:[$€£])?\d{1,4}[.,]\d{2})(?=\s|$)/gu, '$1 - $2')
      // Sizes in a group whose labels OCR glued to their prices ("S7,50/ M8,00 /L8.5"): a label, a price, a slash.
      .replace(SIZE_GROUP, (group: string) => group.replace(/\s*\/\s*/g, ' / ').replace(/(^|\s|\/)(XL|[SMLR])\s?(?=\d)/g, '$1$2 '))
      // A price glued to the name ("Avocado Toast8.30", "Scone£3.50"): OCR lost the gap. Letters that
      // make a currency with the sign after them ("R$9,00", "US$4.50") are that currency, not the name's.
      .replace(/(\p{L})((?:[$€£])?\d{1,4}[.,]\d{2})(?=\s|$)/gu, (match: string, letter: string, price: string, offset: number, whole: string) => {
        const word = whole.slice(whole.lastIndexOf(' ', offset) + 1, offset + 1);
        return /^[$€£]/.test(price) && CURRENCY_ALONE.test(word + price[0]!) ? match : `${letter} ${price}`;
      })
      // A space OCR put after the decimal mark of a price with its currency ("16, 20R$", "RM 8. 50").
      .replace(new RegExp(`(^|\\s)(\\d{1,4}[.,]) (\\d{2})(?=\\s?${CURRENCY}(?:\\s|$))`, 'giu'), '$1$2$3')
      .replace(new RegExp(`((?:^|\\s)${CURRENCY}\\s?\\d{1,4}[.,]) (\\d{2})(?=\\s|$)`, 'giu'), '$1$2')
      // "45 000 VND", "1 250 Ft": thousands grouped by a space, as French, Vietnamese or Hungarian menus
      // write them, where a currency follows or the group ends in hundreds (an apostrophe groups them).
      .replace(new RegExp(`(^|\\s)(\\d{1,3}) (\\d{3}(?:[.,]\\d{2})?)(?=\\s?${CURRENCY}(?:\\s|$))`, 'giu'), "$1$2'$3")
      .replace(/(^|\s)(\d{1,3}) (\d00)(?=\s|$)/gu, "$1$2'$3")
      // … or where a currency stands before them ("₹ 1 050", "Rs 2 400").
      .replace(new RegExp(`((?:^|\\s)${CURRENCY}\\s?)(\\d{1,3}) (\\d{3}(?:[.,]\\d{2})?)(?=\\s|$)`, 'giu'), "$1$2'$3")
      // An item number glued to its name ("25Prawn Toast", "A3Pho Bo"): OCR lost the space.
      .replace(/(^|\s)(\p{Lu}?\d{1,3})(?=\p{Lu}\p{Ll}{2})/gu, '$1$2 ')
      // A volume whose l OCR read as 1 ("Pils 0,5 1    4,20"): a quantity, not a price and a count.
      .replace(/(^|\s)([01][.,]\d{1,2}) ?[1I](?=\s|$)/gu, '$1$2 l')
      // A German "-,60" is 0,60.
      .replace(/(^|\s)[-–],(\d{2})(?=\s|$|\D)/g, '$10,$2')
      // … or a whole price glued to the last word of the line ("Carrot Cake4").
      .replace(/(\p{L}\p{Ll})(\d{1,3})\s*$/u, '$1 $2')
      // A doubled decimal mark ("2.,80").
      .replace(/(\d)[.,]{2}(\d{2})\b/g, '$1.$2')
      // A decimal point OCR read as a colon in a price with its sign ("$15:99", "12:50€", white letters in a
      // badge); without a sign it is a time ("Open 11:30").
      .replace(/(^|\s)([$€£¥₹₺¤]\s?\d{1,4}):(\d{2})(?=\s|$)/gu, '$1$2.$3')
      .replace(/(^|\s)(\d{1,4}):(\d{2})(?=\s?[$€£¤](?:\s|$))/gu, '$1$2.$3')
      .replace(/：/g, ':')
      .replace(/…/g, '...')
      .replace(/[·•∙⋅●]/g, '.')
      // Vertical bars are column rules or OCR noise around them, never part of a name.
      .replace(/[|¦‖]/g, ` ${GAP} `)
      // Leader runs: three or more dots, dashes, underscores … (OCR reads dots as , ' ` too).
      .replace(/(?:[ ]*[.,:;_~=*'`°\-–—]){3,}[ ]*/g, ` ${LEADER} `)
      // A dash between spaces separates ("Flat White — 4.20", "Breakfast — served until 11am").
      .replace(/ [-–—]+ /g, ` ${GAP} `)
      .replace(/ {3,}/g, ` ${GAP} `)
  );
}

function tokenize(line: string): { tokens: Token[]; endsWithLeader: boolean } {
  const words: { text: string; gapBefore: boolean; leaderBefore: boolean }[] = [];
  let gap = false;
  let leader = false;
  for (const part of line.split(' ')) {
    if (part === '') continue;
    if (part === GAP || part === LEADER || isLeaderNoise(part)) {
      gap = true;
      leader ||= part !== GAP;
      continue;
    }
    words.push({ text: part, gapBefore: gap, leaderBefore: leader });
    gap = false;
    leader = false;
  }
  mergeCurrencySigns(words);

  const tokens: Token[] = words.map((w) => ({ ...w, price: null }));
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (token.text.toLowerCase() === 'market' && next && /^price[.:]?$/i.test(next.text)) {
      // "Market price" is one placeholder: fold it into one token.
      token.text = 'MP';
      tokens.splice(i + 1, 1);
    }
    token.price = readPrice(tokens, i);
  }
  return { tokens, endsWithLeader: leader };
}

/**
 * OCR reads a run of leader dots as lowercase gibberish: "ccvvvevveennees", "..csssesrsnivesnsie",
 * "cc00ve....". Menu words do not have three equal letters in a row, 15+ lowercase letters nearly
 * all round, or dots inside a lowercase word.
 */
function isLeaderNoise(word: string): boolean {
  if (!/^[a-z0-9.,:;'`]+$/.test(word) || !/[a-z]/.test(word)) return false;
  // "cucumber,carrots,", "lettuce.anchovies,croutons": a list of ingredients whose spaces OCR lost
  // (a comma read as a dot, too); dots read as letters come out round, words have tall letters too.
  if (/^[a-z]{2,}(?:,[a-z]{2,})+,?$/.test(word)) return false;
  if (/^[a-z]{2,}(?:[.,][a-z]{3,})+[.,]?$/.test(word) && !/(.)\1\1/.test(word) && /[bdfhiklt]/.test(word)) return false;
  const letters = word.replace(/[^a-z0-9]/g, '');
  return (
    /(.)\1\1/.test(letters) ||
    // Dots read as letters come out round (a c e o s v …); words whose spaces OCR lost
    // ("breadwithyoghurtandbutter") have their share of tall and hanging letters.
    (letters.length >= 15 && (letters.match(/[bdfhkltgjpqy]/g)?.length ?? 0) * 8 <= letters.length) ||
    (word.match(/[.,:;'`]/g)?.length ?? 0) >= 2 ||
    // The tail of a leader: "verre.", "coer." (round letters OCR makes of dots, then the last dot).
    /^[acemnorsuvwx]{3,}\.$/.test(word)
  );
}

/** "$ 4.50", "4,50 €", and OCR's "S 4.50" become one token so the price reads as one. */
function mergeCurrencySigns(words: { text: string; gapBefore: boolean; leaderBefore: boolean }[]): void {
  // "E" alone is OCR's € only after a number (a name may end in a letter E).
  const isSign = (s: string): boolean => CURRENCY_ALONE.test(s) || /^C[.,]$/.test(s);
  const isSuffixSign = (s: string): boolean => isSign(s) || s === 'E';
  // Cents written as a dash count too ("CHF 12.-", "kr 145:-").
  const isNumber = (s: string): boolean => /^\d[\d.,]*(?:k|rb|(?<=[.,])[-–]|[:/][-–])?$/i.test(s);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const next = words[i + 1];
    // OCR's "S" for "$", and a lone "s" before a price with decimals (no name ends in a lone s).
    const dollar = word.text === 'S' || (word.text === 's' && next !== undefined && /^\d{1,4}[.,]\d{2}$/.test(next.text));
    if (next && (isSign(word.text) || dollar) && isNumber(next.text)) {
      next.text = (dollar ? '$' : word.text) + next.text;
      next.gapBefore = word.gapBefore || next.gapBefore;
      words.splice(i, 1);
      i -= 1;
    } else if (next && isNumber(word.text) && isSuffixSign(next.text)) {
      word.text += next.text;
      words.splice(i + 1, 1);
    }
  }
}

/** Cents written as a dash, maybe with the currency after them ("3,-", "95,- kr"). */
const DASH_CENTS = new RegExp(`(?<=\\d)(?:[.,:]|\\/)[-–](?=\\s?(?:${CURRENCY})?$)`, 'i');

/** A unit of volume or weight written after a number. */
const QUANTITY_UNIT = /^(?:m?l|cl|dl|lt|ltr|oz|g|gr|kg|cm|kcal)\.?$/i;

/** A volume in litres with its unit glued on: "0,3l", "0.5l", "1,5l". */
const GLUED_LITRES = /^[0-2][.,]\d{1,2}l$/;

/** Decides whether token i is a price, using its neighbours for the weak case of a bare integer. */
function readPrice(tokens: Token[], i: number): Price | null {
  const token = tokens[i]!;
  if (PRICE_PLACEHOLDERS.has(token.text.toLowerCase())) {
    // A placeholder only counts where a price would stand: after the name.
    return i > 0 ? { cents: null, strong: true, decimals: false, undotted: false, needsPoint: false, colon: false } : null;
  }
  const next = tokens[i + 1];
  // "0,25 l", "330 ml": a quantity, whatever its decimals; so is a drink's volume with its l glued on ("Pils
  // 0,3l"), which reads as a number once the l is taken for a 1.
  if (next && !next.gapBefore && QUANTITY_UNIT.test(next.text)) return null;
  if (GLUED_LITRES.test(token.text)) return null;
  const price = parsePriceText(token.text);
  // "12/95" is a price only where a price stands, at the end of its part of the line ("10/12 Uhr" is no
  // price), and not where it reads as a date right after a word ("valid until 31/12").
  if (price && /\d\/\d/.test(token.text)) {
    if (next && !next.gapBefore) return null;
    const prev = tokens[i - 1];
    if (!token.gapBefore && prev && (NOT_BEFORE_BARE_PRICE.has(prev.text.toLowerCase()) || /\d\/(?:0[1-9]|1[0-2])\D*$/.test(token.text))) return null;
  }
  if (!price || price.strong) return price;

  // A bare integer: a price only at the end of a name ("Croissant 3", "Espresso 3    Latte 4"),
  // never at the start of a line ("2 Eggs any style") or in the middle of one ("2 shots").
  const atSegmentEnd = !next || next.gapBefore;
  if (i === 0 || !atSegmentEnd) return null;
  const prev = tokens[i - 1]!;
  // A time-like "3:50" only counts where a price stands apart from its name (after a leader or gap). A
  // point-less "1250" (12€50 whose € OCR dropped) may follow a single space, but a year does not ("Est.
  // 1985"); either way it stays only where restoreDroppedDecimalPoints gives its point back.
  if ((price.colon || (price.needsPoint && /^(?:19|20)\d\d$/.test(token.text))) && !token.gapBefore) return null;
  if (!token.gapBefore && NOT_BEFORE_BARE_PRICE.has(prev.text.toLowerCase())) return null;
  if (!token.gapBefore && (STREET_NAME.test(prev.text) || STREET_OPENER.test(tokens[0]!.text))) return null;
  // "Lunch 12 – 3", "2 x 3": a number right before or after makes this a range or a count.
  // "Prosecco    7.90    24": a second price in a column of its own (a bottle beside a glass).
  if (token.gapBefore && prev.price?.decimals) return price;
  // "Currywurst    349    8,90": additive codes 3,4,9 whose commas OCR lost, set apart before the price.
  if (token.gapBefore && next?.gapBefore && isRisingCodes(token.text) && parsePriceText(next.text)?.decimals) return null;
  if (/\d$/.test(prev.text) || /^[x×&+\-–]$/i.test(prev.text)) return null;
  if (next && /^\d/.test(next.text)) return null;
  return price;
}

/**
 * Reads "4.20", "$3", "3,50€", "£2.80", "S4.50" (OCR for $4.50), "4.5O" (O for 0), and "3:50"
 * (OCR for 3.50; weak, since it may be a time). Returns null for anything that is not a plain
 * price: "11am", "2024", "12oz".
 */
function parsePriceText(raw: string): Price | null {
  // Allergen and additive codes in brackets ("(0.1)", "(2.4)") are not prices; a bracketed price
  // would have two decimals.
  if (/^\(.*\)$/.test(raw) && !/^\(\D{0,3}\d+[.,]\d{2}\D{0,3}\)$/.test(raw)) return null;
  // A number that opens a bracket is a size or a note ("Cola (0,33 l)"), not the price.
  if (/^\([^)]*$/.test(raw)) return null;
  const text = raw
    .replace(/^[([{+]+/, '')
    // "3,-", "2.–", "250/-", Swedish "145:-": a whole amount, its cents written as a dash.
    .replace(DASH_CENTS, '.00')
    // The tail of a leader stuck to the price (".13.30", ":.f8"): PaddleOCR keeps no gap there.
    .replace(/^[.:,;'`]+(?=\D{0,3}\d)/, '')
    // "C,13,00", "C. 15,00": OCR's reading of a "€" written before the price.
    .replace(/^C[.,]\s?(?=\d)/, '€')
    // A dash after the decimals is the end of a dash leader on the far side ("4.40-").
    .replace(/(?<=\d[.,]\d{1,2})[-–—]+$/, '')
    // OCR's zł without its ł or with it misread, glued to the decimals ("6,00z", "6,00z1").
    .replace(/(?<=\d[.,]\d{2})z[1lIit]?$/, 'zł')
    // OCR's € read as a small c, glued to the decimals ("10.90c").
    .replace(/(?<=\d[.,]\d{2})[cC]$/, '€')
    // A slash for the decimal point ("12/95"); a fraction ("1/2") has one digit after it.
    .replace(/(?<=^\D{0,3}\d{1,3})\/(?=\d{2}\D{0,3}$)/, '.')
    .replace(/[)\]}.,;:!*]+$/, '');
  const price = parsePriceTextCleaned(text);
  return price && CROWNS.test(raw) ? { ...price, crowns: true } : price;
}

/** A price in crowns: kr after or before it, a Nordic code, or Swedish `:-` for no öre. */
const CROWNS = /(?:\d[:.,]?\s?(?:kr\.?|sek|nok|dkk|isk)|^(?:kr\.?|sek|nok|dkk|isk)\s?\d.*|\d:[-–])$/i;

function parsePriceTextCleaned(text: string): Price | null {
  const grouped = parseGroupedPrice(text);
  if (grouped !== undefined) return grouped;
  const thousands = parseThousandsPrice(text);
  if (thousands) return thousands;
  const signInside = parseSignInsidePrice(text);
  if (signInside) return signInside;
  const dotted = parseLeaderDottedPrice(text);
  if (dotted) return dotted;
  // "f" before digits: PaddleOCR's dictionary has no "£" and reads it as "f".
  const match = new RegExp(`^(${CURRENCY}|S(?=[\\dOo])|f(?=\\d))?\\s?([\\dOoIl]{1,5}(?:([.,:])[\\dOoIl]{1,2})?)(${CURRENCY}|E|∈)?$`, 'i').exec(text);
  if (!match) return null;
  const [, prefix, numberText, separator, suffix] = match;
  if (!numberText || !/\d/.test(numberText)) return null;
  // OCR confuses O/0 and l/I/1 inside numbers; only fix them where the token is otherwise a number.
  const digits = numberText.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  const [whole = '', fraction] = digits.split(/[.,:]/);
  const hasCurrency = prefix !== undefined || suffix !== undefined;
  if (separator === ':' && hasCurrency) return null;
  if (fraction === undefined && !hasCurrency && whole.length > MAX_BARE_INTEGER_DIGITS + 1) return null;
  const fractionCents = fraction === undefined ? 0 : fraction.length === 1 ? Number(fraction) * 10 : Number(fraction);
  const cents = Number(whole) * 100 + fractionCents;
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_PRICE_CENTS) return null;
  return {
    cents,
    strong: hasCurrency || (fraction !== undefined && separator !== ':'),
    decimals: fraction !== undefined && separator !== ':',
    undotted: fraction === undefined && whole.length >= 3,
    needsPoint: fraction === undefined && !hasCurrency && whole.length > MAX_BARE_INTEGER_DIGITS,
    colon: separator === ':',
  };
}

/**
 * "$.1.1..30", "$.7..80": a sign and a price with the dots of a leader read in between (light text on
 * a dark leader). Only with a currency sign, and the last group must be two decimals, so allergen
 * codes ("1.2.3") stay apart.
 */
function parseLeaderDottedPrice(text: string): Price | null {
  const match = /^([$€£])\.*((?:\d\.*){1,5})\.+(\d{2})$/.exec(text);
  if (!match || !match[2] || !match[3]) return null;
  const whole = match[2].replace(/\./g, '');
  if (whole.length > MAX_BARE_INTEGER_DIGITS + 1) return null;
  const cents = Number(whole) * 100 + Number(match[3]);
  return { cents, strong: true, decimals: true, undotted: false, needsPoint: false, colon: false };
}

/**
 * "45k", "29K", "45k VND", "1.5k", "Rp25rb": thousands written with a k (or rb, ribu), as Vietnamese and
 * Indonesian menus price in dong and rupiah.
 */
function parseThousandsPrice(text: string): Price | null {
  const match = new RegExp(`^(?:${CURRENCY})?\\s?(\\d{1,3}(?:[.,]\\d)?)\\s?(?:k|rb)(?:\\s?${CURRENCY})?$`, 'i').exec(text);
  if (!match?.[1]) return null;
  const cents = Math.round(Number(match[1].replace(',', '.')) * 100_000);
  if (cents <= 0 || cents > MAX_GROUPED_PRICE_CENTS) return null;
  return { cents, strong: true, decimals: false, undotted: false, needsPoint: false, colon: false, perThousandCents: cents / 1000 };
}

/** "12€50", "2E50" (OCR's €), "4$50": the sign in place of the decimal point, as French menus write euros. */
function parseSignInsidePrice(text: string): Price | null {
  // OCR reads that € as E, ∈ or C ("8C50").
  const match = /^(\d{1,4})[€$£E∈C](\d{2})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const cents = Number(match[1]) * 100 + Number(match[2]);
  if (cents > MAX_PRICE_CENTS) return null;
  return { cents, strong: true, decimals: true, undotted: false, needsPoint: false, colon: false };
}

/**
 * "55.000", "1,250.00", "1.250,50 €", "₫55.000": thousands in groups of three, then maybe
 * decimals with the other mark. Answers undefined when the text is not written that way.
 */
function parseGroupedPrice(text: string): Price | null | undefined {
  const match = new RegExp(`^(${CURRENCY})?\\s?(\\d{1,3}(?:([.,'’])\\d{3})+)(?:([.,])(\\d{1,2}))?\\s?(${CURRENCY}|E|∈)?$`, 'i').exec(text);
  if (!match) return undefined;
  const [, , groupedText, groupMark, decimalMark, fraction] = match;
  if (!groupedText || (decimalMark !== undefined && decimalMark === groupMark)) return undefined;
  const cents = Number(groupedText.replace(/\D/g, '')) * 100 + (fraction === undefined ? 0 : Number(fraction.padEnd(2, '0')));
  if (!Number.isSafeInteger(cents) || cents > MAX_GROUPED_PRICE_CENTS) return null;
  return { cents, strong: true, decimals: fraction !== undefined, undotted: false, needsPoint: false, colon: false };
}

/**
 * Builds an item name from the tokens between prices. When a column gap splits them, the part
 * nearest the price is the name ("Soup of the day    Mocha 5.00" → "Mocha"), unless that part
 * reads as a description ("Burrito — eggs, chorizo 9.50" → "Burrito").
 */
function cleanName(tokens: Token[], side: 'before-price' | 'after-price'): string | null {
  const segments: string[][] = [];
  for (const token of tokens) {
    if (token.price && token.price.cents === null) continue;
    if (token.gapBefore || segments.length === 0) segments.push([]);
    segments[segments.length - 1]!.push(token.text);
  }
  let candidates = segments
    .map((s) => ({ raw: s.join(' '), text: tidy(s.join(' ')) }))
    // Allergen codes, dietary marks and calories set apart after the name ("3,4,9", "V GF 410 kcal").
    .filter((c) => c.text.length > 0 && !isMarksOnly(c.text));
  if (candidates.length === 0) return null;
  // Codes whose commas OCR lost ("A,CG", "CF", "349") are told by their rising order, beside a name only:
  // a name alone ("HAM") stays, and so do crumbs beside a description ("made fresh …    EF 3").
  if (candidates.length > 1) {
    const named = candidates.filter((c) => !isRisingCodes(c.text));
    if (named.some((c) => !/^\p{Ll}/u.test(c.text))) candidates = named;
  }

  let chosen: { raw: string; text: string };
  if (side === 'after-price') {
    chosen = candidates[0]!;
  } else {
    // Nor is a quantity in a column of its own ("Latte    190 kcal    3.50").
    // A name whose capital I OCR read as l ("ldli Sambar") is no description.
    const notDescription = candidates.filter(
      (c) => !/^\p{Ll}/u.test(c.text.replace(/^l(?=[bcdfghjkmnpqrstvwxz])/, 'I')) && !/^\d[\d.,]*\s?(?:kcal|cal|m?l|cl|oz|g|kg|cm)\.?$/iu.test(c.text),
    );
    chosen = notDescription[notDescription.length - 1] ?? candidates[candidates.length - 1]!;
    // A description set between the name and the price, opening with a capital ("Steak Pie    Slow cooked
    // beef in ale gravy    14.95", "Bruschetta    Pane tostato, pomodoro, basilico    6"): the name is the
    // nearest part before it that reads as a name.
    if (isSetApartDescription(chosen.text)) {
      const named = notDescription.slice(0, -1).filter((c) => !isSetApartDescription(c.text) && !isDescriptionShaped(c.text) && isStandaloneName(c.raw));
      chosen = named[named.length - 1] ?? chosen;
    }
  }
  // Options under an item ("+ Bacon", "Extra shot", "Large", "Pot for two") attach to it: not items.
  if (isOptionLine(chosen.raw, chosen.text)) return null;
  let name = chosen.text;
  // "(Merlot, Xinomavro)": a note under the item above, not an item of its own.
  if (/^\(.*\)$/.test(name)) return null;
  if (isSentence(name) || isOfferCondition(name) || COVER_CHARGE.test(name)) return null;
  // OCR reads a capital I as l ("lced Tea"); no English word starts with l and a consonant.
  name = name.replace(/(^|\s)l(?=[bcdfghjkmnpqrstvwxz])/g, '$1I');
  // A description the OCR ran into the name on one line ("served warm with butter Cappuccino"):
  // names start with a capital, so a run of leading lowercase words is the description's tail.
  // One lowercase word is kept ("gekochtes Ei", "isli Uskumru" for İsli: OCR's lost capital).
  const withoutTail = name.replace(/^(?:\p{Ll}[\p{L}'’,.-]*\s+){2,}(?=\p{Lu})/u, '');
  if (isPlausibleName(withoutTail)) name = withoutTail;
  // A name set in capitals with its description after it in ordinary type, read as one line ("STEAK PIE
  // Slow cooked beef in ale gravy 14.95"): the capitals are the name.
  const capitals = CAPITALS_BEFORE_DESCRIPTION.exec(name);
  if (capitals && isSetApartDescription(capitals[2]!) && isPlausibleName(capitals[1]!)) name = capitals[1]!;
  return isPlausibleName(name) ? name : null;
}

/**
 * Words that open an add-on or surcharge line in the languages menus are written in ("add oat milk",
 * "Extra shot", "Supplément chantilly", "zzgl. Sahne", "Aggiunta mozzarella", "Ekstra peynir").
 */
const OPTION_OPENER =
  /^(?:add(?:['’"`]?l|itional|-?on)?|extra|extras|supplement|suppl[eé]ment|suppl\.|suplementos?|supplementi|supplemento|zzgl\.?|zus[aä]tzlich|aufpreis|plus|aggiunta|aggiunte|aggiungi|a[nñ]adir|a[nñ]ade|agrega|agregar|ekstra|ilave|toevoeging|meerprijs|th[eê]m|upgrade|swap|substitute|switch|make\s+it|choice\s+of|or|oder|ou)(?=[\s:]|$)/iu;
/** An add-on named anywhere in the line ("Each additional topping", "Jede zusätzliche Zutat"). */
const OPTION_WORD = /(?:^|\s)(?:additional|zusätzliche[rs]?|supplémentaires?|adicional(?:es)?|aggiuntiv[aoie])(?=\s|$)/iu;

/**
 * Words that name a size, a measure or a share rather than a dish: a name made of nothing else
 * ("Large", "Half dozen", "Pot for two", "Glass") is one of the sizes of the item above.
 */
const SIZE_WORDS = new Set([
  'small', 'regular', 'reg', 'rg', 'medium', 'med', 'large', 'lg', 'tall', 'grande', 'venti', 'single', 'double', 'triple', 'quad',
  'half', 'full', 'quarter', 'dozen', 'doz', 'each', 'bakers', "baker's", 'glass', 'bottle', 'carafe', 'jug', 'pitcher',
  'pint', 'cup', 'mug', 'pot', 'scoop', 'scoops', 'slice', 'portion', 'serving', 'lb', 'lbs', 'ib', 'oz', 'ml', 'cl', 'l',
  'for', 'one', 'two', 'three', 'four', 'sharing', 'share', 'person', 'persons', 'people', 'per', 'pro', 'pp', 'demi', 'halbe', 'halb',
  'klein', 'kleine', 'groß', 'gross', 'große', 'mittel', 'glas', 'flasche', 'karaffe', 'kanne', 'tasse', 'stück',
  'petit', 'petite', 'moyen', 'grand', 'verre', 'bouteille', 'pichet',
  'pequeño', 'pequeno', 'mediano', 'copa', 'botella', 'jarra', 'media', 'ración', 'racion', 'raciones', 'tapa', 'porción', 'porcion', 'porzione', 'mezza', 'piccola', 'bicchiere', 'bottiglia', 'caraffa',
  'küçük', 'kucuk', 'orta', 'büyük', 'buyuk', 'bardak', 'şişe', 'sise', 'porsiyon', 'yarım', 'yarim', 'tam',
]);

/**
 * Verbs and adverbs of the sentences menus print between items ("… is also available", "ist auch …
 * möglich", "est aussi disponible"), which no dish's name holds two of.
 */
const SENTENCE_WORDS = new Set([
  'is', 'are', 'also', 'available', 'can', 'please', 'ask',
  'ist', 'sind', 'auch', 'möglich', 'erhältlich', 'kann', 'können', 'bitte',
  'est', 'sont', 'aussi', 'disponible', 'disponibles', 'peut',
  'es', 'son', 'también', 'puede', 'disponibles',
  'è', 'sono', 'anche', 'disponibile', 'può',
  'zijn', 'ook', 'verkrijgbaar', 'mogelijk',
]);

/**
 * The first person of the sentences a café writes to its guests ("Wir servieren dazu Brot", "We also
 * do takeaway"), which no dish's name speaks in.
 */
const SPEAKING_WORDS = new Set(['we', "we're", "we'll", 'wir', 'nous', 'wij', 'noi', 'nosotros', 'nosotras', 'biz']);
/** A sentence has at least this many words; a name in the first person is rarely that long. */
const SENTENCE_MIN_WORDS = 4;

/**
 * A sentence read with a price ("Beides ist auch als 0,25 l Glas möglich - 4,80 €", "Wir servieren dazu
 * Brot - 2,00 €"): a note, not an item. It holds two of the notes' verbs and adverbs, or speaks as the
 * café.
 */
function isSentence(name: string): boolean {
  const words = name.toLocaleLowerCase('en').split(/\s+/u).map((w) => w.replace(/[^\p{L}'’]/gu, ''));
  if (words.filter((w) => SENTENCE_WORDS.has(w)).length >= 2) return true;
  return words.length >= SENTENCE_MIN_WORDS && words.some((w) => SPEAKING_WORDS.has(w));
}

/**
 * A cover charge, the bread and service every table pays ("Coperto 2,50", "Servicio de pan 1,20",
 * "Couvert", "Gedeck"): no dish a vendor sells.
 */
const COVER_CHARGE = /^(?:cover(?:\s*charge)?|coperto|pane\s*e\s*coperto|pane\s*e\s*servizio|servizio(?:\s*e\s*coperto)?|couvert|gedeck|cubiertos?|servicio(?:\s*de\s*(?:pan|mesa))?|pan\s*y\s*servicio|service(?:\s*charge)?|bread\s*service|table\s*charge)$/iu;

/** Words a threshold ends on ("Free delivery on orders over £15", "Lieferung ab 15 €"): no dish's name does. */
const THRESHOLD_LAST_WORDS = new Set(['over', 'above', 'über', 'ab', 'dès', 'desde', 'oltre', 'vanaf']);
/** A combo's price closes its terms ("Any 2 for 9", "3 Donuts für 5 €", "2 pour 10 €"): no dish's name ends on these. */
const COMBO_LAST_WORDS = new Set(['for', 'für', 'pour', 'por', 'per']);
/** Words a minimum order opens with ("Min. order £10", "Mindestbestellwert 12 €"). */
const THRESHOLD_FIRST_WORDS = new Set(['min', 'minimum', 'mindestbestellwert', 'mindestbestellung', 'minimo', 'mínimo']);

/** Words a time closes on ("Breakfast served until 11.30", "Lunch from 12.00", "Valid until 31.12."): no dish's name does. */
const TIME_LAST_WORDS = new Set(['until', 'till', 'til', 'from', 'since', 'before', 'after', 'bis', 'um', 'vor', 'nach', 'hasta', 'jusqu’à', "jusqu'à", 'fino', 'dalle']);
/** Days of the week, as opening times name them ("Sat & Sun 10.00", "Mo–Fr"). */
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mo|di|mi|do|fr|sa|so|lun|mar|mer|jeu|ven|sam|dim|daily|weekdays|weekends?)$/u;
/** A fee or a deposit, paid beside the dishes ("Delivery fee 2.50", "Pfand 0,25", "Liefergebühr"): no dish. */
const FEE = /(?:^|\s)(?:fee|surcharge|deposit|pfand|\p{L}*gebühr)$/iu;

/** The terms of an offer or of delivery read with their amount, a time or a fee: a note, not an item. */
function isOfferCondition(name: string): boolean {
  const words = name.toLocaleLowerCase('en').split(/[\s.:]+/u).filter((w) => w !== '');
  const last = words[words.length - 1] ?? '';
  if (FEE.test(name)) return true;
  if (words.length > 0 && words.every((w) => WEEKDAY.test(w) || /^[&+,/–-]$/u.test(w) || /^\p{L}+[–-]\p{L}+$/u.test(w) && w.split(/[–-]/u).every((d) => WEEKDAY.test(d)))) return true;
  return THRESHOLD_LAST_WORDS.has(last) || COMBO_LAST_WORDS.has(last) || TIME_LAST_WORDS.has(last) || (words.length > 1 && THRESHOLD_FIRST_WORDS.has(words[0]!));
}

/** An add-on, a surcharge or a size of the item above, written on a line of its own. */
function isOptionLine(raw: string, name: string): boolean {
  if (/^\s*\+/.test(raw)) return true;
  if (OPTION_OPENER.test(name) || OPTION_WORD.test(name)) return true;
  return isSizeLabel(name);
}

/** A volume or weight with its unit glued on, labelling one of several prices ("Pils    0,3l 3,50    0,5l 4,90"). */
const GLUED_VOLUME = /^\d{1,4}(?:[.,]\d{1,3})?(?:m?l|cl|dl|oz|g)$/u;

/** A weight with its fraction glued on and read as a letter by OCR ("½lb" as "YIb"). */
const GLUED_WEIGHT = /^[\p{L}\d½¼¾](?:lb|lbs|ib|oz)$/u;

/**
 * A size: size words, with at most single letters, counts and fractions around them ("½ dozen",
 * "S / M / L", "quad").
 */
function isSizeLabel(label: string): boolean {
  // OCR reads a letter inside a word as a digit now and then ("Raci6n" for "Ración", "P0rtion").
  const read = label.replace(/(?<=\p{L})[06](?=\p{L})/gu, 'o').replace(/(?<=\p{L})1(?=\p{L})/gu, 'l');
  const words = read.toLocaleLowerCase('en').split(/[\s/,&-]+/u).filter((w) => w !== '');
  const sized = (w: string): boolean => SIZE_WORDS.has(w) || GLUED_WEIGHT.test(w) || GLUED_VOLUME.test(w);
  return words.some(sized) && words.every((w) => sized(w) || /^(?:\p{L}|[\d½¼¾]+|x)$/u.test(w));
}

/** Strips bullets, numbering, stray quotes and leader remains; collapses whitespace. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/(?:^| )[$€£](?= |$)/g, ' ')
    .trim()
    .replace(/^\(?\d{1,3}[.)]\s*(?=\p{L})/u, '')
    // A number mark PaddleOCR's Chinese dictionary read as a Chinese character ("士: Avocado Yogurt").
    .replace(/^\p{Script=Han}{1,2}[\s:.,;]*(?=\p{Script=Latin})/u, '')
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/[^\p{L}\p{N})!?%]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isPlausibleName(name: string): boolean {
  if (name.length < 1 || name.length > MAX_NAME_LENGTH) return false;
  const letters = name.match(/\p{L}/gu)?.length ?? 0;
  return letters >= MIN_NAME_LETTERS && /\p{L}{2}/u.test(name);
}
