// Measures the menu scanner end to end on menus rendered at test time (sharp from SVG, pdfkit),
// prints precision / recall / F1 / price accuracy per menu, and checks it never crashes on bad files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pdfOf } from '../../fixtures/menus/pdf-document';
import sharp from 'sharp';
import { createLocalMenuScanner, MenuScanRejected, type MenuFileKind, type MenuScanner, type ScannedItem } from '../../../server/menu-scan';
import { estimateSkewDegrees } from '../../../server/menu-scan/deskew';
import { nameDistance } from '../../fixtures/menus/score';

// ---------------------------------------------------------------------------------------------
// Fixtures: each menu is drawn from a list of lines and knows the items a reader would list.
// ---------------------------------------------------------------------------------------------

interface TextRun {
  text: string;
  x: number;
  /** Baseline, in px from the top. */
  y: number;
  size: number;
  font: string;
  weight?: 'normal' | 'bold';
  italic?: boolean;
  anchor?: 'start' | 'end';
  colour?: string;
}

interface MenuFixture {
  name: string;
  kind: MenuFileKind;
  /** Printed menus are held to the main floor; the photo gets its own. */
  photo?: boolean;
  expected: ScannedItem[];
  render(): Promise<Buffer>;
}

const item = (name: string, priceCents: number | null): ScannedItem => ({ name, priceCents });

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function svgPage(width: number, height: number, runs: TextRun[], paper = '#fffdf7'): Buffer {
  const body = runs
    .map(
      (r) =>
        `<text x="${r.x}" y="${r.y}" font-family="${r.font}" font-size="${r.size}" font-weight="${r.weight ?? 'normal'}"` +
        ` font-style="${r.italic ? 'italic' : 'normal'}" text-anchor="${r.anchor ?? 'start'}" fill="${r.colour ?? '#1f1a17'}"` +
        ` xml:space="preserve">${escapeXml(r.text)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/>${body}</svg>`,
  );
}

/** Lays lines out top to bottom; `gap` is the space above a line. */
class Layout {
  readonly runs: TextRun[] = [];
  y = 0;
  constructor(private readonly font: string) {}
  heading(text: string, x: number, size: number, gap = size * 1.8): void {
    this.y += gap;
    this.runs.push({ text, x, y: this.y, size, font: this.font, weight: 'bold' });
  }
  line(text: string, x: number, size: number, extra: Partial<TextRun> = {}, gap = size * 1.6): void {
    this.y += gap;
    this.runs.push({ text, x, y: this.y, size, font: this.font, ...extra });
  }
  /** A name at the left and its price right-aligned at `right`, on one baseline. */
  priced(name: string, price: string, x: number, right: number, size: number, gap = size * 1.6): void {
    this.y += gap;
    this.runs.push({ text: name, x, y: this.y, size, font: this.font });
    this.runs.push({ text: price, x: right, y: this.y, size, font: this.font, anchor: 'end' });
  }
}

const euros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');
const dollars = (cents: number): string => (cents / 100).toFixed(2);

/** 1. Dot leaders in a monospace font, headings, italic descriptions. */
const classicMenu: MenuFixture = (() => {
  const coffee: [string, number, string | null][] = [
    ['Espresso', 280, 'a double shot of our house blend'],
    ['Flat White', 420, 'velvety microfoam over a ristretto'],
    ['Cappuccino', 390, null],
    ['Caffe Latte', 410, 'rich espresso with steamed milk'],
    ['Long Black', 350, null],
    ['Iced Mocha', 475, 'chocolate, espresso and cold milk'],
  ];
  // null: written "MP" (market price), an item without a price.
  const bakery: [string, number | null, string | null][] = [
    ['Butter Croissant', 325, null],
    ['Almond Danish', 395, 'toasted almonds and frangipane'],
    ['Blueberry Muffin', 300, null],
    ['Cinnamon Scroll', 360, null],
    ['Seasonal Tart', null, 'ask us what is baking today'],
  ];
  const render = async (): Promise<Buffer> => {
    const l = new Layout('DejaVu Sans Mono');
    l.heading('THE DAILY GRIND', 40, 30, 50);
    l.heading('COFFEE', 40, 22, 60);
    for (const [name, cents, description] of coffee) {
      l.line(`${name} ${'.'.repeat(34 - name.length)} ${dollars(cents)}`, 40, 17);
      if (description) l.line(description, 56, 13, { italic: true, colour: '#6b625a' }, 20);
    }
    l.heading('Pastries', 40, 22, 56);
    for (const [name, cents, description] of bakery) {
      l.line(`${name} ${'.'.repeat(34 - name.length)} ${cents === null ? '  MP' : dollars(cents)}`, 40, 17);
      if (description) l.line(description, 56, 13, { italic: true, colour: '#6b625a' }, 20);
    }
    return sharp(svgPage(560, l.y + 50, l.runs)).png().toBuffer();
  };
  return {
    name: 'classic dot leaders (mono)',
    kind: 'png',
    expected: [...coffee, ...bakery].map(([name, cents]) => item(name, cents)),
    render,
  };
})();

/** 2. Two columns, right-aligned prices, serif, section headings per column. */
const twoColumnMenu: MenuFixture = (() => {
  const left: [string, number][] = [['Latte', 450], ['Mocha', 500], ['Americano', 340], ['Macchiato', 360], ['Chai Latte', 470], ['Hot Chocolate', 420]];
  const right: [string, number][] = [['English Breakfast', 320], ['Earl Grey', 320], ['Peppermint Tea', 300], ['Green Sencha', 340], ['Lemonade', 380], ['Orange Juice', 450]];
  const render = async (): Promise<Buffer> => {
    const runs: TextRun[] = [];
    const font = 'Liberation Serif';
    runs.push({ text: 'Corner Café', x: 350, y: 56, size: 34, font, weight: 'bold', anchor: 'start' });
    runs.push({ text: 'HOT DRINKS', x: 40, y: 120, size: 22, font, weight: 'bold' });
    runs.push({ text: 'TEA & COLD', x: 400, y: 120, size: 22, font, weight: 'bold' });
    left.forEach(([name, cents], i) => {
      runs.push({ text: name, x: 40, y: 160 + i * 34, size: 19, font });
      runs.push({ text: dollars(cents), x: 330, y: 160 + i * 34, size: 19, font, anchor: 'end' });
    });
    right.forEach(([name, cents], i) => {
      runs.push({ text: name, x: 400, y: 160 + i * 34, size: 19, font });
      runs.push({ text: dollars(cents), x: 700, y: 160 + i * 34, size: 19, font, anchor: 'end' });
    });
    runs.push({ text: 'Oat, soy or almond milk on request', x: 40, y: 400, size: 14, font, italic: true });
    return sharp(svgPage(740, 430, runs)).png().toBuffer();
  };
  return { name: 'two columns (serif)', kind: 'png', expected: [...left, ...right].map(([n, c]) => item(n, c)), render };
})();

/** 3. Prices before names, "$" signs, some prices without decimals; JPEG. */
const priceFirstMenu: MenuFixture = (() => {
  const lines: [string, number][] = [
    ['Avocado Toast', 1250], ['Eggs Benedict', 1400], ['Bacon & Egg Roll', 900], ['Granola Bowl', 1100],
    ['Banana Bread', 500], ['Ham & Cheese Toastie', 850], ['Fruit Salad', 700], ['Pancake Stack', 1300],
  ];
  const price = (cents: number): string => (cents % 100 === 0 ? `$${cents / 100}` : `$${dollars(cents)}`);
  const render = async (): Promise<Buffer> => {
    const l = new Layout('Liberation Sans');
    l.heading('Breakfast — served until 11am', 40, 24, 50);
    for (const [name, cents] of lines) l.line(`${price(cents)}    ${name}`, 40, 18, {}, 32);
    l.line('Gluten free bread available, ask our friendly staff', 40, 14, { italic: true }, 40);
    return sharp(svgPage(620, l.y + 40, l.runs)).jpeg({ quality: 90 }).toBuffer();
  };
  return { name: 'prices first, $ (jpeg)', kind: 'jpeg', expected: lines.map(([n, c]) => item(n, c)), render };
})();

/** 4. Euro bistro: comma decimals, € after the number, accents, bold serif headings. */
const euroMenu: MenuFixture = (() => {
  const lines: [string, number][] = [
    ['Café Crème', 350], ['Chocolat Chaud', 420], ['Croque Monsieur', 790], ['Quiche Lorraine', 850],
    ['Tarte Tatin', 550], ['Pain au Chocolat', 240], ['Salade Niçoise', 1150],
  ];
  const render = async (): Promise<Buffer> => {
    const l = new Layout('DejaVu Serif');
    l.heading('Le Petit Bistro', 40, 30, 50);
    l.heading('Boissons & Plats', 40, 20, 50);
    for (const [name, cents] of lines) l.priced(name, `${euros(cents)} €`, 40, 520, 18, 34);
    l.line('Prix nets, service compris', 40, 13, { italic: true }, 44);
    return sharp(svgPage(560, l.y + 40, l.runs)).png().toBuffer();
  };
  return { name: 'euro, comma decimals (serif)', kind: 'png', expected: lines.map(([n, c]) => item(n, c)), render };
})();

/** 5. Tea room: small narrow sans, "£" before comma decimals, whole-pound prices, no leaders. */
const poundMenu: MenuFixture = (() => {
  const lines: [string, number][] = [
    ['Cream Tea', 650], ['Scone with Jam', 300], ['Victoria Sponge', 425], ['Carrot Cake', 400],
    ['Bakewell Tart', 375], ['Cheese Scone', 325], ['Pot of Tea', 280], ['Sausage Roll', 350],
  ];
  const price = (cents: number): string => (cents % 100 === 0 ? `£${cents / 100}` : `£${euros(cents)}`);
  const render = async (): Promise<Buffer> => {
    const l = new Layout('Liberation Sans Narrow');
    l.heading('AFTERNOON TEA', 24, 18, 34);
    l.line('All cakes baked in house every morning', 24, 11, { italic: true }, 22);
    for (const [name, cents] of lines) l.line(`${name}  ${price(cents)}`, 24, 13, {}, 22);
    return sharp(svgPage(300, l.y + 24, l.runs)).png().toBuffer();
  };
  return { name: 'pounds, small narrow font', kind: 'png', expected: lines.map(([n, c]) => item(n, c)), render };
})();

/** 6. A photo of a menu: tilted 3.5°, blurred, uneven light, sensor noise, JPEG quality 70. */
const photoMenu: MenuFixture = (() => {
  const lines: [string, number][] = [
    ['Flat White', 420], ['Cappuccino', 400], ['Long Black', 360], ['Piccolo', 350], ['Dirty Chai', 520],
    ['Babyccino', 150], ['Toasted Sourdough', 650], ['Almond Croissant', 480], ['Lemon Tart', 550],
  ];
  const render = async (): Promise<Buffer> => {
    const l = new Layout('DejaVu Sans');
    l.heading('BLACKBOARD SPECIALS', 60, 34, 80);
    for (const [name, cents] of lines) l.priced(name, dollars(cents), 60, 840, 30, 56);
    const width = 900;
    const height = Math.round(l.y + 80);
    const page = await sharp(svgPage(width, height, l.runs, '#f4efe4')).png().toBuffer();
    const tilted = await sharp(page).rotate(3.5, { background: '#8a7f70' }).blur(1.1).png().toBuffer();
    const meta = await sharp(tilted).metadata();
    const noise = await seededNoise(meta.width, meta.height, 28);
    // A shadow falling across the page from the left.
    const shade = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}"><defs><linearGradient id="g">` +
        `<stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    return sharp(tilted)
      .composite([{ input: noise, blend: 'soft-light' }, { input: shade }])
      .jpeg({ quality: 70 })
      .toBuffer();
  };
  return { name: 'photo: tilted, blurred, noisy (jpeg q70)', kind: 'jpeg', photo: true, expected: lines.map(([n, c]) => item(n, c)), render };
})();

/**
 * Grey sensor noise (mean 128, about `sigma` deep) from a fixed seed, so the photo is the same in
 * every run (sharp's own noise generator is random).
 */
async function seededNoise(width: number, height: number, sigma: number): Promise<Buffer> {
  let state = 20261122;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i += 1) {
    // Sum of three uniforms: close enough to a bell curve, with variance 1/4.
    const bell = (uniform() + uniform() + uniform() - 1.5) * 2;
    pixels[i] = Math.max(0, Math.min(255, Math.round(128 + bell * sigma)));
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } }).toColourspace('srgb').png().toBuffer();
}

/** 7. A two-page PDF with a text layer: leaders, right-aligned prices, a two-column block. */
const pdfMenu: MenuFixture = (() => {
  const page1: [string, number][] = [['Flat White', 420], ['Cortado', 380], ['Matcha Latte', 520], ['Iced Long Black', 450], ['Affogato', 600]];
  const page2Left: [string, number][] = [['Brownie', 400], ['Cheesecake', 650], ['Apple Pie', 550]];
  const page2Right: [string, number][] = [['Club Sandwich', 1250], ['Soup of the Day', 900], ['Caesar Salad', 1300]];
  const render = (): Promise<Buffer> =>
    pdfOf((doc) => {
      doc.font('Helvetica-Bold').fontSize(24).text('Harbour Coffee Co.', 50, 50);
      doc.font('Helvetica-Bold').fontSize(16).text('COFFEE', 50, 110);
      doc.font('Helvetica').fontSize(12).text('All coffee made with locally roasted beans', 50, 132);
      page1.forEach(([name, cents], i) => {
        const y = 160 + i * 24;
        doc.font('Times-Roman').fontSize(13).text(`${name} ${'.'.repeat(60 - name.length * 2)}`, 50, y, { lineBreak: false });
        doc.text(`$${dollars(cents)}`, 450, y, { width: 90, align: 'right', lineBreak: false });
      });
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(16).text('Sweets', 50, 60);
      doc.text('Lunch', 320, 60);
      for (let i = 0; i < 3; i += 1) {
        const y = 90 + i * 22;
        const [leftName, leftCents] = page2Left[i]!;
        const [rightName, rightCents] = page2Right[i]!;
        doc.font('Helvetica').fontSize(12).text(leftName, 50, y, { lineBreak: false });
        doc.text(dollars(leftCents), 230, y, { width: 50, align: 'right', lineBreak: false });
        doc.text(rightName, 320, y, { lineBreak: false });
        doc.text(dollars(rightCents), 490, y, { width: 50, align: 'right', lineBreak: false });
      }
    }, { margin: 50 });
  return {
    name: 'PDF text layer, 2 pages',
    kind: 'pdf',
    expected: [...page1, ...page2Left, ...page2Right].map(([n, c]) => item(n, c)),
    render,
  };
})();

/** 8. A scanned menu: a PDF holding a picture of the menu and, as scanner apps add, a text watermark. */
const scannedPdfMenu: MenuFixture = (() => {
  const lines: [string, number][] = [['Espresso Tonic', 550], ['Cold Brew', 480], ['Iced Matcha', 560], ['Honey Latte', 490], ['Spiced Cider', 420]];
  const render = async (): Promise<Buffer> => {
    const l = new Layout('Liberation Sans');
    l.heading('SUMMER DRINKS', 40, 26, 50);
    for (const [name, cents] of lines) l.priced(name, dollars(cents), 40, 520, 20, 36);
    const png = await sharp(svgPage(560, l.y + 40, l.runs, '#ffffff')).png().toBuffer();
    return pdfOf((doc) => {
      doc.image(png, 50, 50, { width: 495 });
      doc.font('Helvetica').fontSize(8).fillColor('#999999').text('Scanned with PocketScan Free', 50, 780);
    }, { margin: 50 });
  };
  return { name: 'PDF scan (image + watermark text)', kind: 'pdf', expected: lines.map(([n, c]) => item(n, c)), render };
})();

const FIXTURES: MenuFixture[] = [classicMenu, twoColumnMenu, priceFirstMenu, euroMenu, poundMenu, photoMenu, pdfMenu, scannedPdfMenu];

// ---------------------------------------------------------------------------------------------
// Scoring: names match case-insensitively with a normalized edit distance ≤ 0.15.
// ---------------------------------------------------------------------------------------------

interface Score {
  expected: number;
  found: number;
  matched: number;
  /** Matched with the name spelled exactly (case aside), not just within the edit distance. */
  exact: number;
  pricesRight: number;
  misses: string[];
  extras: string[];
  wrongPrices: string[];
  misspelt: string[];
}

function score(expected: ScannedItem[], found: ScannedItem[]): Score {
  const unused = new Set(found.map((_, i) => i));
  const result: Score = { expected: expected.length, found: found.length, matched: 0, exact: 0, pricesRight: 0, misses: [], extras: [], wrongPrices: [], misspelt: [] };
  for (const want of expected) {
    let best: number | null = null;
    let bestDistance = Infinity;
    for (const i of unused) {
      const d = nameDistance(want.name, found[i]!.name);
      if (d < bestDistance) [best, bestDistance] = [i, d];
    }
    if (best === null || bestDistance > 0.15) {
      result.misses.push(want.name);
      continue;
    }
    unused.delete(best);
    result.matched += 1;
    const got = found[best]!;
    if (bestDistance === 0) result.exact += 1;
    else result.misspelt.push(`${want.name} → ${got.name}`);
    if (got.priceCents === want.priceCents) result.pricesRight += 1;
    else result.wrongPrices.push(`${want.name}: ${got.priceCents} ≠ ${want.priceCents}`);
  }
  result.extras = [...unused].map((i) => `${found[i]!.name} (${found[i]!.priceCents})`);
  return result;
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
function metrics(s: Score): { precision: number; recall: number; f1: number; priceAccuracy: number; exactNames: number } {
  const precision = ratio(s.matched, s.found);
  const recall = ratio(s.matched, s.expected);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, priceAccuracy: ratio(s.pricesRight, s.matched), exactNames: ratio(s.exact, s.matched) };
}

function sum(scores: Score[]): Score {
  return scores.reduce<Score>(
    (t, s) => ({
      expected: t.expected + s.expected,
      found: t.found + s.found,
      matched: t.matched + s.matched,
      exact: t.exact + s.exact,
      pricesRight: t.pricesRight + s.pricesRight,
      misses: [...t.misses, ...s.misses],
      extras: [...t.extras, ...s.extras],
      wrongPrices: [...t.wrongPrices, ...s.wrongPrices],
      misspelt: [...t.misspelt, ...s.misspelt],
    }),
    { expected: 0, found: 0, matched: 0, exact: 0, pricesRight: 0, misses: [], extras: [], wrongPrices: [], misspelt: [] },
  );
}

function table(rows: { name: string; score: Score; ms?: number }[]): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`.padStart(7);
  const header = `${'menu'.padEnd(42)} ${'items'.padStart(5)} ${'found'.padStart(5)} ${'prec'.padStart(7)} ${'recall'.padStart(7)} ${'F1'.padStart(7)} ${'price'.padStart(7)} ${'exact'.padStart(7)} ${'ms'.padStart(6)}`;
  const body = rows.map(({ name, score: s, ms }) => {
    const m = metrics(s);
    const detail = [
      s.misses.length ? `missed: ${s.misses.join('; ')}` : '',
      s.extras.length ? `extra: ${s.extras.join('; ')}` : '',
      s.wrongPrices.length ? `price: ${s.wrongPrices.join('; ')}` : '',
      s.misspelt.length ? `spelt: ${s.misspelt.join('; ')}` : '',
    ].filter(Boolean);
    return (
      `${name.padEnd(42)} ${String(s.expected).padStart(5)} ${String(s.found).padStart(5)} ${pct(m.precision)} ${pct(m.recall)} ${pct(m.f1)} ${pct(m.priceAccuracy)} ${pct(m.exactNames)} ${ms === undefined ? '' : String(ms).padStart(6)}` +
      detail.map((d) => `\n    ${d}`).join('')
    );
  });
  return [header, '-'.repeat(header.length), ...body].join('\n');
}

/** Set MENU_SCAN_FIXTURE_DIR to keep the rendered menus and their expected items for inspection. */
const FIXTURE_DIR = process.env.MENU_SCAN_FIXTURE_DIR;
function saveFixture(dir: string, index: number, fixture: MenuFixture, file: Buffer): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${index}.${fixture.kind}`), file);
  fs.writeFileSync(path.join(dir, `${index}.json`), JSON.stringify(fixture.expected, null, 2));
}

// ---------------------------------------------------------------------------------------------

// Scanning every fixture takes seconds on an idle machine and minutes on a loaded one: the suite
// tests what is read, so neither jest nor the scanner gives up on a slow machine (the scanner's own
// deadline is tested below with a deadline of 1 ms).
jest.setTimeout(900_000);
const UNHURRIED_OCR_TIMEOUT_MS = 600_000;

let scanner: MenuScanner;
beforeAll(() => {
  scanner = createLocalMenuScanner({ ocrTimeoutMs: UNHURRIED_OCR_TIMEOUT_MS });
});
afterAll(async () => {
  await scanner.close();
});

describe('menu scan quality on rendered menus', () => {
  const results: { name: string; score: Score; ms: number; photo: boolean }[] = [];

  beforeAll(async () => {
    for (const fixture of FIXTURES) {
      const file = await fixture.render();
      if (FIXTURE_DIR) saveFixture(FIXTURE_DIR, FIXTURES.indexOf(fixture), fixture, file);
      const started = Date.now();
      const found = await scanner.scan(file, fixture.kind);
      results.push({ name: fixture.name, score: score(fixture.expected, found), ms: Date.now() - started, photo: fixture.photo ?? false });
    }
    const printed = results.filter((r) => !r.photo);
    const photos = results.filter((r) => r.photo);
    // The point of this suite is the printed table.
    console.log(
      'Names match case-insensitively within a normalized edit distance of 0.15; "price" is the share of matched\n' +
        'items with the exact price, "exact" the share of matched names spelt exactly; ms is the scan time.\n\n' +
        `${table(results)}\n${'-'.repeat(104)}\n${table([
        { name: 'OVERALL printed menus (no photo)', score: sum(printed.map((r) => r.score)) },
        { name: 'OVERALL photos', score: sum(photos.map((r) => r.score)) },
        { name: 'OVERALL all', score: sum(results.map((r) => r.score)) },
      ]).split('\n').slice(2).join('\n')}`,
    );
  });

  it('reads printed menus (images and PDFs) with F1 ≥ 0.95 and prices ≥ 0.95 right', () => {
    const overall = metrics(sum(results.filter((r) => !r.photo).map((r) => r.score)));
    expect(overall.f1).toBeGreaterThanOrEqual(0.95);
    expect(overall.priceAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('reads every printed menu with F1 ≥ 0.85 (no layout is left behind)', () => {
    for (const r of results.filter((x) => !x.photo)) {
      expect({ menu: r.name, f1: metrics(r.score).f1 >= 0.85 }).toEqual({ menu: r.name, f1: true });
    }
  });

  it('reads a tilted, blurred, noisy photo with F1 ≥ 0.8', () => {
    const overall = metrics(sum(results.filter((r) => r.photo).map((r) => r.score)));
    expect(overall.f1).toBeGreaterThanOrEqual(0.8);
  });
});

// ---------------------------------------------------------------------------------------------
// Bad files: each answers [] (unreadable) or MenuScanRejected (refused), and the
// scanner keeps working afterwards.
// ---------------------------------------------------------------------------------------------

/** A PNG whose header claims width × height; its pixel data is a token few bytes. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type, compression, filter and interlace stay 0 (greyscale)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real (small) JPEG whose frame header is patched to claim width × height. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  for (let i = 2; i < jpeg.length - 9; i += 1) {
    // SOF0 / SOF2 marker: FF C0|C2, length (2), precision (1), height (2), width (2).
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker in the test JPEG');
}

describe('deskew', () => {
  let page: Buffer;
  beforeAll(async () => {
    page = await sharp(await poundMenu.render()).resize({ width: 900 }).png().toBuffer();
  });

  it.each([-4, -1.5, 0, 2.5, 6])('measures a page tilted by %s° to within half a degree', async (degrees) => {
    const { data, info } = await sharp(page)
      .rotate(degrees, { background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const measured = await estimateSkewDegrees({ data, width: info.width, height: info.height });
    expect(Math.abs(measured - degrees)).toBeLessThanOrEqual(0.5);
  });

  it('answers 0 for a page without text lines', async () => {
    const { data, info } = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    await expect(estimateSkewDegrees({ data, width: info.width, height: info.height })).resolves.toBe(0);
  });
});

describe('menu scan of bad files', () => {
  let menuPng: Buffer;
  let menuPdf: Buffer;
  beforeAll(async () => {
    menuPng = await euroMenu.render();
    menuPdf = await pdfMenu.render();
  });

  it('answers [] for an empty file of every kind', async () => {
    for (const kind of ['png', 'jpeg', 'pdf'] as const) {
      await expect(scanner.scan(Buffer.alloc(0), kind)).resolves.toEqual([]);
    }
  });

  it('answers [] for random bytes of every kind', async () => {
    const noise = crypto.randomBytes(64 * 1024);
    for (const kind of ['png', 'jpeg', 'pdf'] as const) {
      await expect(scanner.scan(noise, kind)).resolves.toEqual([]);
    }
  });

  it('answers [] for a truncated PNG rather than half a menu', async () => {
    await expect(scanner.scan(menuPng.subarray(0, Math.floor(menuPng.length * 0.6)), 'png')).resolves.toEqual([]);
  });

  it('answers [] for a truncated JPEG', async () => {
    const jpeg = await sharp(menuPng).jpeg().toBuffer();
    await expect(scanner.scan(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'jpeg')).resolves.toEqual([]);
  });

  it('answers [] for a truncated or corrupted PDF', async () => {
    await expect(scanner.scan(menuPdf.subarray(0, Math.floor(menuPdf.length / 2)), 'pdf')).resolves.toEqual([]);
    await expect(scanner.scan(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), 'pdf')).resolves.toEqual([]);
  });

  it('answers [] for a PDF with neither text nor images', async () => {
    const drawing = await pdfOf((doc) => {
      doc.rect(100, 100, 300, 200).fillAndStroke('#eeeeee', '#333333');
      doc.circle(300, 500, 80).stroke();
    }, { margin: 50 });
    await expect(scanner.scan(drawing, 'pdf')).resolves.toEqual([]);
  });

  it('answers [] for a file whose content is another kind than the caller said', async () => {
    await expect(scanner.scan(menuPdf, 'png')).resolves.toEqual([]);
    await expect(scanner.scan(menuPng, 'pdf')).resolves.toEqual([]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50">Latte 4.50</text></svg>');
    await expect(scanner.scan(svg, 'png')).resolves.toEqual([]);
  });

  // Refused on the size its header claims, before a pixel is decoded; the vendor is told the limit.
  async function refusalOf(file: Buffer, kind: MenuFileKind): Promise<MenuScanRejected> {
    const refusal: unknown = await scanner.scan(file, kind).then(
      () => null,
      (error: unknown) => error,
    );
    if (!(refusal instanceof MenuScanRejected)) throw new Error(`expected a MenuScanRejected, got ${String(refusal)}`);
    return refusal;
  }

  it('refuses a 20,000 × 20,000 PNG (decompression bomb) from its header, as image-too-large', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const refusal = await refusalOf(bomb, 'png');
    expect(refusal).toMatchObject({ reason: 'image-too-large', httpStatus: 413 });
    expect(refusal.message).toContain('at most 50 megapixels');
  });

  it('refuses a JPEG claiming 20,000 × 20,000 pixels the same way', async () => {
    const refusal = await refusalOf(await jpegClaiming(20_000, 20_000), 'jpeg');
    expect(refusal).toMatchObject({ reason: 'image-too-large', httpStatus: 413 });
    expect(refusal.message).toContain('at most 50 megapixels');
  });

  it('still scans a real menu after all of the above', async () => {
    const items = await scanner.scan(menuPdf, 'pdf');
    expect(items).toContainEqual({ name: 'Flat White', priceCents: 420 });
  });
});

describe('menu scanner lifecycle', () => {
  it('queues concurrent scans on its one OCR worker and answers each with its own items', async () => {
    const [a, b] = await Promise.all([euroMenu.render(), poundMenu.render()]);
    const [itemsA, itemsB] = await Promise.all([scanner.scan(a, 'png'), scanner.scan(b, 'png')]);
    expect(itemsA.map((i) => i.name)).toContain('Tarte Tatin');
    expect(itemsB.map((i) => i.name)).toContain('Carrot Cake');
    expect(itemsA.map((i) => i.name)).not.toContain('Carrot Cake');
  });

  it('gives up on OCR past its timeout with MenuScanRejected(timeout), then works again', async () => {
    const impatient = createLocalMenuScanner({ ocrTimeoutMs: 1 });
    try {
      const menu = await poundMenu.render();
      await expect(impatient.scan(menu, 'png')).rejects.toMatchObject({ reason: 'timeout', httpStatus: 422 });
      // The worker that timed out is gone; the next job starts a fresh one (and times out again).
      await expect(impatient.scan(menu, 'png')).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      await impatient.close();
    }
  });

  it('can be closed twice, and scans again after close by starting a new worker', async () => {
    const own = createLocalMenuScanner({ ocrTimeoutMs: UNHURRIED_OCR_TIMEOUT_MS });
    await own.close();
    const items = await own.scan(await poundMenu.render(), 'png');
    expect(items.length).toBeGreaterThan(0);
    await own.close();
    await own.close();
  });
});
