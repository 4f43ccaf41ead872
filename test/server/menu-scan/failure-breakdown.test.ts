// The field bench's failure breakdown (MENU_FIELD_BREAKDOWN=1): each missed item in the stage that lost it,
// each extra item in the kind of text it came from.
import { breakDown, extraBucket, missBucket } from '../../fixtures/menus/failure-breakdown';
import type { StageTexts } from '../../fixtures/menus/stage-attribution';

const item = { name: 'Peanut Power', priceCents: 720 };
const stages = (over: Partial<StageTexts>): StageTexts => ({ ocrLines: [], rows: [], items: [], ...over });

describe('missBucket', () => {
  it('puts a name no line holds with the recognizer, and one read with plain letters for accents apart', () => {
    expect(missBucket(item, stages({ ocrLines: [{ text: 'Cold Brew', mean: 0.9 }] }))).toBe('recognizer: nothing like it read');
    expect(missBucket(item, stages({ ocrLines: [{ text: 'Pcanvt Fowcr', mean: 0.9 }] }))).toBe('recognizer: misread');
    const borulce = { name: 'Börülce', priceCents: 900 };
    expect(missBucket(borulce, stages({ ocrLines: [{ text: 'Borulce 9.00', mean: 0.9 }], rows: ['Borulce    9.00'], items: [{ name: 'Borulce', priceCents: 900 }] }))).toBe(
      'recognizer: accents or letters lacked',
    );
  });

  it('tells a name or price the confidence floor dropped', () => {
    expect(missBucket(item, stages({ ocrLines: [{ text: 'Peanut Power', mean: 0.4 }] }))).toBe('confidence: name under the floor');
    const lines = [
      { text: 'Peanut Power', mean: 0.9 },
      { text: '7.20', mean: 0.5 },
    ];
    expect(missBucket(item, stages({ ocrLines: lines, rows: ['Peanut Power'] }))).toBe('confidence: price under the floor');
  });

  it('tells rows the layout or the parser lost from items taken with a wrong name', () => {
    const name = { text: 'Peanut Power', mean: 0.9 };
    expect(missBucket(item, stages({ ocrLines: [name, { text: '7.20', mean: 0.9 }], rows: ['Peanut Power', '7.20'] }))).toBe('layout: no price paired');
    expect(missBucket(item, stages({ ocrLines: [name], rows: ['Peanut Power    7.20'] }))).toBe('parser: row dropped');
    const joined = ['Peanut Power Mango Lassi    7.20'];
    expect(missBucket(item, stages({ rows: joined, items: [{ name: 'Peanut Power Mango Lassi', priceCents: 720 }] }))).toBe('pairing: joined with a neighbour');
    expect(missBucket(item, stages({ ocrLines: [name], rows: ['Peanut    Power 7.20'], items: [{ name: 'Power', priceCents: 720 }] }))).toBe('pairing: name cut');
  });
});

describe('extraBucket', () => {
  const expected = [item, { name: 'Mango Lassi', priceCents: 450 }];
  it('tells a missed item misread, a split or doubled item, and text that is no item', () => {
    expect(extraBucket({ name: 'Pcanut Pawcr', priceCents: 720 }, expected, [item])).toBe('a missed item misread');
    expect(extraBucket({ name: 'Mango Lassi with ice', priceCents: 450 }, expected, [])).toBe('split or merged item');
    expect(extraBucket({ name: 'Mango Lassi', priceCents: 450 }, expected, [])).toBe('an item twice');
    expect(extraBucket({ name: 'Hauptstraße 12, 10115 Berlin', priceCents: 1200 }, expected, [])).toBe('address or other text');
    expect(extraBucket({ name: 'served with fresh bread and butter', priceCents: 200 }, expected, [])).toBe('description');
    expect(extraBucket({ name: 'DESSERTS', priceCents: 500 }, expected, [])).toBe('heading');
    expect(extraBucket({ name: 'Xx~:;|', priceCents: 100 }, expected, [])).toBe('OCR garbage');
  });
});

describe('breakDown', () => {
  it('buckets every miss and every extra of a scan, and nothing the scan matched', () => {
    const result = breakDown([item, { name: 'Mango Lassi', priceCents: 450 }], {
      ocrLines: [{ text: 'Mango Lassi 4.50', mean: 0.9 }, { text: 'DRINKS', mean: 0.9 }],
      rows: ['Mango Lassi    4.50', 'DRINKS    3.00'],
      items: [
        { name: 'Mango Lassi', priceCents: 450 },
        { name: 'DRINKS', priceCents: 300 },
      ],
    });
    expect(result.misses).toEqual([{ item, bucket: 'recognizer: nothing like it read', detail: '' }]);
    expect(result.extras).toEqual([{ item: { name: 'DRINKS', priceCents: 300 }, bucket: 'heading' }]);
  });
});

describe('missDetail', () => {
  const lassi = { name: 'Mango Lassi', priceCents: 450 };
  const expected = [item, lassi];
  it("tells where an unpaired price stands against its name's row", () => {
    const result = breakDown(expected, {
      ocrLines: [
        { text: 'Peanut Power', mean: 0.9 },
        { text: 'a shake of oats and honey', mean: 0.9 },
        { text: '7.20', mean: 0.9 },
      ],
      rows: ['Peanut Power', 'a shake of oats and honey', '7.20', 'Mango Lassi    4.50'],
      items: [lassi],
    });
    expect(result.misses).toEqual([{ item, bucket: 'layout: no price paired', detail: 'price alone, 2-3 rows below' }]);
  });

  it("tells a dropped row holding another item's name from one holding a description", () => {
    const twoItems = breakDown(expected, { ocrLines: [{ text: 'Peanut Power 7.20 Mango Lassi 4.50', mean: 0.9 }], rows: ['Peanut Power 7.20 Mango Lassi 4.50'], items: [] });
    expect(twoItems.misses.map((m) => m.detail)).toEqual(["another item's name on the row too", "another item's name on the row too"]);
    const described = breakDown([item], { ocrLines: [{ text: 'Peanut Power oats, honey and banana 7.20', mean: 0.9 }], rows: ['Peanut Power oats, honey and banana    7.20'], items: [] });
    expect(described.misses).toEqual([{ item, bucket: 'parser: row dropped', detail: 'other words on the row (3+)' }]);
  });
});
