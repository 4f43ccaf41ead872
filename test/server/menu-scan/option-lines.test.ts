// Option lines told from items by how the menu sets them (option-lines.ts, through the parser): smaller
// type than the section's items, or indented under an item, is an option of the item above.
import { parseMenuLines, type MenuTextLine } from '../../../server/menu-scan/parser';

/** A line read from a photo: its left edge and top, and its letters' height (fractions of the page width). */
function at(text: string, x: number, y: number, letterHeight: number, width = 0.6): MenuTextLine {
  return { text, region: { page: 0, x, y, width, height: letterHeight }, letterHeight };
}

const names = (lines: MenuTextLine[]): string[] => parseMenuLines(lines).map((item) => item.name);

describe('option lines under an item', () => {
  it('an indented list in smaller type under an item is its options, not items', () => {
    expect(
      names([
        at('Porridge    6.50', 0.1, 0.1, 0.03),
        at('Banana    1.00', 0.16, 0.14, 0.018, 0.54),
        at('Mixed Berries    1.50', 0.16, 0.17, 0.018, 0.54),
        at('Granola    7.00', 0.1, 0.21, 0.03),
      ]),
    ).toEqual(['Porridge', 'Granola']);
  });

  it('an add-on list in smaller type under a section\'s items is not items, even at the same left edge', () => {
    expect(
      names([
        at('COFFEE', 0.1, 0.05, 0.04),
        at('Latte    3.25', 0.1, 0.1, 0.026),
        at('Mocha    3.50', 0.1, 0.13, 0.027),
        at('Oat Milk    0.55', 0.1, 0.17, 0.017),
        at('Soy Milk    0.55', 0.1, 0.19, 0.017),
      ]),
    ).toEqual(['Latte', 'Mocha']);
  });

  it("a dish's kinds under its title in the items' type, at the items' left edge and priced at most half of them, are not items", () => {
    expect(
      names([
        at('Bagel and Lox    13.50', 0.1, 0.1, 0.026),
        at('Chicken Club    12.75', 0.1, 0.13, 0.026),
        at('Bagelwith Cream Cheese', 0.12, 0.17, 0.027, 0.4),
        at('Plain    2.25', 0.1, 0.2, 0.026),
        at('Strawberry    2.25', 0.1, 0.23, 0.026),
        at('Honey Walnut    3.00', 0.1, 0.26, 0.026),
        at('Bagel Melt    9.00', 0.1, 0.29, 0.026),
        at('Soup of the Day    4.00', 0.1, 0.32, 0.026),
      ]),
    ).toEqual(['Bagel and Lox', 'Chicken Club', 'Bagel Melt', 'Soup of the Day']);
  });

  it("a heading set larger that names dishes with something, a title without 'with', or a description keeps the cheaper lines under it as items", () => {
    const mains = [at('Ribeye Steak    26.00', 0.1, 0.1, 0.026), at('Lamb Shank    22.00', 0.1, 0.13, 0.026)];
    expect(names([...mains, at('Burgers with Fries', 0.1, 0.17, 0.034), at('Cheeseburger    10.00', 0.1, 0.21, 0.026)])).toEqual(['Ribeye Steak', 'Lamb Shank', 'Cheeseburger']);
    expect(names([...mains, at('Sides', 0.1, 0.17, 0.027), at('Fries    4.00', 0.1, 0.21, 0.026)])).toEqual(['Ribeye Steak', 'Lamb Shank', 'Fries']);
    expect(names([...mains, at('Two rice pancakes with lunu miris', 0.1, 0.17, 0.026), at('Egg Hoppers    9.50', 0.1, 0.21, 0.026)])).toEqual([
      'Ribeye Steak',
      'Lamb Shank',
      'Egg Hoppers',
    ]);
  });

  it("a translation in smaller type under an item names no dish: the cheaper item after it is an item", () => {
    expect(
      names([
        at('Saltimbocca alla Romana    18.50', 0.1, 0.1, 0.03),
        at('Veal with Sage and Ham', 0.1, 0.13, 0.022),
        at('Melanzane alla Parmigiana    11.00', 0.1, 0.17, 0.03),
        at('Baked Aubergine with Cheese', 0.1, 0.2, 0.022),
        at('Tiramisu della Casa    6.50', 0.1, 0.24, 0.03),
        at('Homemade Tiramisu', 0.1, 0.27, 0.022),
      ]),
    ).toEqual(['Saltimbocca alla Romana', 'Melanzane alla Parmigiana', 'Tiramisu della Casa']);
  });

  it('an indented line in the same type priced as an add-on is an option; one priced like an item, or a centred shorter line, is an item', () => {
    expect(names([at('Pancakes    8.00', 0.1, 0.1, 0.026), at('Maple Syrup    1.00', 0.17, 0.13, 0.023, 0.53)])).toEqual(['Pancakes']);
    expect(names([at('Burger    9.00', 0.1, 0.1, 0.026), at('Cheeseburger    10.00', 0.17, 0.13, 0.023, 0.53)])).toEqual(['Burger', 'Cheeseburger']);
    expect(names([at('Hausgemachtes Souvlaki    17.50', 0.1, 0.1, 0.026, 0.8), at('Gyros    14.50', 0.3, 0.13, 0.026, 0.4)])).toEqual([
      'Hausgemachtes Souvlaki',
      'Gyros',
    ]);
  });
});

describe('items that stay items', () => {
  it('a section of priced items in one type, boxed up to half again as high where their letters have descenders', () => {
    const heights = [0.031, 0.023, 0.0215, 0.021, 0.025, 0.022];
    const lines = ['Espresso', 'Americano', 'Flat White', 'Tea', 'Cappuccino', 'Hot Chocolate'].map((name, i) => at(`${name}    ${2 + i}.50`, 0.1, 0.1 + i * 0.03, heights[i]!));
    expect(names(lines)).toEqual(['Espresso', 'Americano', 'Flat White', 'Tea', 'Cappuccino', 'Hot Chocolate']);
  });

  it('the items after a section\'s first item whose box stands too tall (a tilted photo), priced like it', () => {
    expect(
      names([
        at('PUDDINGS', 0.1, 0.05, 0.023),
        at('Sticky Toffee Pudding    6.50', 0.1, 0.1, 0.032),
        at('Eton Mess    6.25', 0.1, 0.14, 0.022),
        at('Cheese Board    8.95', 0.1, 0.18, 0.022),
      ]),
    ).toEqual(['Sticky Toffee Pudding', 'Eton Mess', 'Cheese Board']);
  });

  it('a section of smaller items under its own heading', () => {
    expect(
      names([
        at('Full Breakfast    12.50', 0.1, 0.1, 0.03),
        at('Extras', 0.1, 0.15, 0.024),
        at('Toast    1.50', 0.1, 0.19, 0.018),
        at('Fried Egg    1.20', 0.1, 0.21, 0.018),
      ]),
    ).toEqual(['Full Breakfast', 'Toast', 'Fried Egg']);
  });

  it('smaller items at the top of the next column', () => {
    expect(names([at('Full Breakfast    12.50', 0.1, 0.5, 0.03), at('Toast    1.50', 0.55, 0.1, 0.018, 0.35)])).toEqual(['Full Breakfast', 'Toast']);
  });

  it('lines of a PDF text layer, which carry no type size', () => {
    expect(parseMenuLines([{ text: 'Porridge    6.50' }, { text: 'Banana    1.00' }]).map((item) => item.name)).toEqual(['Porridge', 'Banana']);
  });
});
