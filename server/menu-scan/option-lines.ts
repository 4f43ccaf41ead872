// Tells an option or add-on line from an item line by how the menu sets it: a line in clearly smaller
// type than its section's items, or indented under an item in type no larger and priced at most half
// of it, is one of that item's options (a flavour, a milk, a topping) even with a price of its own; so are
// the cheap lines under a dish's title in the items' type ("Bagel with Cream Cheese" over its flavours).
// Nothing in such a line's text tells it from an item ("Oat Milk    0.55" under "Latte    3.25"); its
// place and size do. Lines read from a PDF's text layer carry no size and are never judged here.
import type { MenuTextLine } from './parser';

/** Type at most this share of the section's item type is an option's ("Oat Milk" under "Latte"). */
const SMALLER_TYPE = 0.72;
/**
 * Indented by at least this many letter heights under an item, in type no larger than this share
 * of the items', and priced at most this share of the item, a line is an option set under that item
 * (a topping); an indented line priced like an item ("Cheeseburger 10.00" under "Burger 9.00") is a
 * kind of it, an item. Recognized boxes vary in height from line to line of the same type, so "no
 * larger" leaves a margin.
 */
const INDENT_LETTERS = 1.2;
const INDENTED_TYPE = 0.92;
const INDENTED_PRICE = 0.5;
/** A line without a price set at least this much larger than the items opens a new section. */
const HEADING_TYPE = 1.15;
/** Items set this much smaller than a heading right above them are that heading's section, not options. */
const TITLED_TYPE = 1.1;
/**
 * A line without a price that names a dish with what comes with it, in capitals like a name ("Bagel with
 * Cream Cheese", "Toast mit Belag"; OCR may glue "with" to the word before), set in the items' type, titles
 * that dish's kinds (its flavours, its spreads) below it: lines priced at most INDENTED_PRICE of the
 * section's items are those kinds, not items, even at the items' left edge and in their type. A title set
 * larger is a heading ("Burgers with Fries" over burgers): what follows it is items. A description ("Two
 * rice pancakes with lunu miris", "Roti with egg, leeks") is written in lower case or lists with commas.
 */
const NAMES_A_DISH = /(?:^|\s|(?<=\p{Ll}))with\s|\s(?:mit|avec|con|com|met|ile)\s/iu;
/** Words a name keeps in lower case between its capitalised words. */
const JOINING_WORDS = new Set(['with', 'mit', 'avec', 'con', 'com', 'met', 'ile', 'and', 'und', 'et', 'e', 'y', 'of', 'de', 'di', 'du', '&']);

function namesADish(text: string): boolean {
  if (!NAMES_A_DISH.test(text) || text.includes(',')) return false;
  return text.trim().split(/\s+/u).every((word) => !/^\p{Ll}/u.test(word) || JOINING_WORDS.has(word));
}
/**
 * A dish's title is set in the items' type: no lower than this share of it (boxes vary with ascenders and
 * descenders). A translation set smaller under its item ("Baked Aubergine with Cheese" in italics at 0.74
 * of the names) names no dish whose kinds follow.
 */
const TITLE_TYPE = 0.85;
/** A line starting this many letter heights left or right of the section's items belongs to another column. */
const OTHER_COLUMN_LETTERS = 6;
/** A line starting this far (a share of the page's height) above the one before it opens another column. */
const BACK_UP_PAGE = 0.01;

interface Placement {
  page: number;
  left: number;
  centre: number;
  top: number;
  /** As a fraction of the page's width, like `left` and `centre`. */
  letterHeight: number;
  /** The price of the line's first item, where it has one. */
  priceCents: number | null;
}

function placementOf(line: MenuTextLine, priceCents: number | null): Placement | null {
  const { letterHeight } = line;
  const region = line.region ?? line.place;
  if (!region || letterHeight === undefined || letterHeight <= 0) return null;
  return { page: region.page, left: region.x, centre: region.x + region.width / 2, top: region.y, letterHeight, priceCents };
}

/**
 * The section's item type: the smallest of its items' letter heights. The recognizer boxes a line with
 * descenders and tall capitals ("Sticky Toffee Pudding") up to half again as high as one without
 * ("Cheese Board") in the same type, so only the lowest box is near the type's own height; on a
 * photo taken at a slant, where lines shrink down the page, it is also the latest item's.
 */
function itemType(heights: readonly number[]): number {
  return heights.length === 0 ? 0 : Math.min(...heights);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Follows a menu's sections line by line, in reading order (column by column, top to bottom), and
 * answers whether a priced line is set as an option under the section's items. A section ends at a
 * heading set larger than its items, a new column or a new page.
 */
export class OptionLineReader {
  private itemHeights: number[] = [];
  /** The prices of the section's items. */
  private itemPrices: number[] = [];
  /** A dish's title in the items' type, read since the section's last item (see NAMES_A_DISH). */
  private dish: Placement | null = null;
  private lastItem: Placement | null = null;
  private previous: Placement | null = null;
  /** A heading read since the section's last item. */
  private heading: Placement | null = null;

  /**
   * Takes the next line in reading order, what it holds and the price of its first item: answers true
   * when its items are options of the item above (set smaller than the section's items, or indented
   * under the item above in type no larger and priced at most half of it) or kinds of a dish titled in
   * the items' type (see NAMES_A_DISH). Items that are not options
   * set the section's item type. A heading opens a new section when it is set larger than the items,
   * or when the priced lines after it are set smaller than it (a section of smaller items under its
   * own title: "Extras" over "Toast  1.50").
   */
  isOption(line: MenuTextLine, holds: 'items' | 'heading' | 'other', priceCents: number | null = null): boolean {
    const here = this.enter(line, priceCents);
    if (!here) return false;
    const itemHeight = itemType(this.itemHeights);
    if (holds !== 'items') {
      if (this.itemHeights.length > 0 && here.letterHeight >= HEADING_TYPE * itemHeight) this.newSection();
      else if (holds === 'heading') {
        this.heading = here;
        // A title of words alone ends the dish's kinds; a size line under them ("½ lb    2.25") does not.
        if (namesADish(line.text) && this.itemPrices.length > 0 && here.letterHeight >= TITLE_TYPE * itemHeight) this.dish = here;
        else if (!/\d/.test(line.text)) this.dish = null;
      }
      return false;
    }
    if (this.dish && here.priceCents !== null && here.priceCents <= INDENTED_PRICE * median(this.itemPrices)) return true;
    this.dish = null;
    if (this.heading && here.letterHeight * TITLED_TYPE <= this.heading.letterHeight) this.newSection();
    if (this.lastItem && this.itemHeights.length > 0) {
      const addOnPrice = here.priceCents !== null && this.lastItem.priceCents !== null && here.priceCents <= INDENTED_PRICE * this.lastItem.priceCents;
      // One item's box alone may stand too tall (a tilted photo, a box run into the line under it):
      // under a single item, a smaller line priced like it is the section's next item, not its option.
      const pricedLikeAnItem = here.priceCents !== null && !addOnPrice;
      if (here.letterHeight <= SMALLER_TYPE * itemHeight && (this.itemHeights.length > 1 || !pricedLikeAnItem)) return true;
      if (addOnPrice && here.letterHeight <= INDENTED_TYPE * itemHeight && this.indentedUnder(here, this.lastItem, itemHeight)) return true;
    }
    this.itemHeights.push(here.letterHeight);
    if (here.priceCents !== null) this.itemPrices.push(here.priceCents);
    this.lastItem = here;
    this.heading = null;
    return false;
  }

  /** The line's place, after starting a new section where it opens a new page or column. */
  private enter(line: MenuTextLine, priceCents: number | null): Placement | null {
    const here = placementOf(line, priceCents);
    if (!here) return null;
    const before = this.previous;
    this.previous = here;
    const itemHeight = itemType(this.itemHeights);
    const otherColumn = this.lastItem !== null && Math.abs(here.left - this.lastItem.left) > OTHER_COLUMN_LETTERS * itemHeight;
    if (before && (here.page !== before.page || here.top < before.top - BACK_UP_PAGE || otherColumn)) this.newSection();
    return here;
  }

  /**
   * Starts right of the item by a few letters and is not centred under it: on a centred menu a
   * shorter line starts further right without being indented, its centre where the item's is (an
   * indented line's centre moves right by half its indent, its price staying at the right edge).
   */
  private indentedUnder(here: Placement, item: Placement, itemHeight: number): boolean {
    const indent = here.left - item.left;
    const offCentre = Math.abs(here.centre - item.centre);
    return indent >= INDENT_LETTERS * itemHeight && offCentre >= Math.max(indent / 4, itemHeight / 2);
  }

  private newSection(): void {
    this.itemHeights = [];
    this.itemPrices = [];
    this.dish = null;
    this.lastItem = null;
    this.heading = null;
  }
}
