// The bench's stage attribution (bench/menu-stages.ts): where a missed menu item was lost, told from what
// each stage of the scanner answered.
import { holdsPrice, lossStage, substringDistance, type StageTexts } from '../../fixtures/menus/stage-attribution';

const item = { name: 'Peanut Power', priceCents: 720 };
const stages = (over: Partial<StageTexts>): StageTexts => ({ ocrLines: [], rows: [], items: [], ...over });

describe('substringDistance', () => {
  it('is 0 for a name inside a longer text, whatever the case, accents and punctuation', () => {
    expect(substringDistance('Crème Brûlée', 'DESSERTS: creme brulee ....... 7.50')).toBe(0);
  });

  it('counts the edits to the nearest stretch of the text as a share of the name', () => {
    expect(substringDistance('Peanut Power', 'Peanut Powe 7.20')).toBeCloseTo(1 / 12);
    expect(substringDistance('Peanut Power', 'Cold Brew')).toBeGreaterThan(0.5);
  });
});

describe('holdsPrice', () => {
  it('finds the price however its decimal mark is written, and a whole price with or without cents', () => {
    expect(holdsPrice('Peanut Power    7,20 €', 720)).toBe(true);
    expect(holdsPrice('720', 720)).toBe(true);
    expect(holdsPrice('Kabsa    45 S.R.', 4500)).toBe(true);
    expect(holdsPrice('Kabsa    45.00', 4500)).toBe(true);
    expect(holdsPrice('Peanut Power    T2D', 720)).toBe(false);
    expect(holdsPrice('Peanut Power    17.20', 720)).toBe(false);
  });
});

describe('lossStage', () => {
  it('tells a name no line resembles (not detected) from one read too wrongly (misread)', () => {
    expect(lossStage(item, stages({ ocrLines: [{ text: 'Cold Brew', mean: 0.9 }] }))).toBe('not detected');
    expect(lossStage(item, stages({ ocrLines: [{ text: 'Pcanvt Fowcr', mean: 0.9 }] }))).toBe('misread');
  });

  it('tells a line left out as unsure, and a name cut over two boxes', () => {
    expect(lossStage(item, stages({ ocrLines: [{ text: 'Peanut Power', mean: 0.4 }] }))).toBe('dropped as unsure');
    expect(lossStage(item, stages({ ocrLines: [{ text: 'Peanut', mean: 0.9 }, { text: 'Power 7.20', mean: 0.9 }] }))).toBe('split over boxes');
  });

  it('tells a price never read from one read but not paired, and a row the parser dropped', () => {
    const name = { text: 'Peanut Power', mean: 0.9 };
    expect(lossStage(item, stages({ ocrLines: [name, { text: 'T2D', mean: 0.7 }], rows: ['Peanut Power', 'T2D'] }))).toBe('price not read');
    expect(lossStage(item, stages({ ocrLines: [name, { text: '7.20', mean: 0.9 }], rows: ['Peanut Power', '7.20'] }))).toBe('no price paired');
    expect(lossStage(item, stages({ ocrLines: [name], rows: ['Peanut Power    7.20'] }))).toBe('dropped by the parser');
  });

  it('tells a name joined with a neighbour from one read with plain letters for ones the recognizer lacks', () => {
    const rows = ['Peanut Power Mango Lassi    7.20'];
    expect(lossStage(item, stages({ rows, items: [{ name: 'Peanut Power Mango Lassi', priceCents: 720 }] }))).toBe('joined with a neighbour');
    expect(lossStage({ name: 'Börülce', priceCents: 900 }, stages({ rows: ['Borulce    9.00'], items: [{ name: 'Borulce', priceCents: 900 }] }))).toBe('misread');
  });
});
