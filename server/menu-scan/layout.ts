// Rebuilds a menu's text from OCR line boxes: columns found from where lines start (with a gutter
// before them), lines that the detector ran across a column gap split there, rows rebuilt per column
// from the boxes' heights and tilt, and boxes on one row joined with a gap the parser reads as
// "name … price".
import type { OcrLine } from './paddle';
import { isPriceAlone, type MenuTextLine } from './parser';

/** Lines the recognizer is less sure of than this are noise (a photo's edge, a smudge), left out. */
export const MIN_LINE_CONFIDENCE = 0.6;
/** Separates boxes on one row; the parser reads 3+ spaces as a column gap or missing leader. */
const GAP = '    ';
/** A column needs this many lines starting (with a letter) at its left edge. */
const MIN_COLUMN_LINES = 3;

interface Segment {
  text: string;
  left: number;
  right: number;
  /** Vertical centre and height, in pixels. */
  cy: number;
  height: number;
  /** The box's vertical extent, in pixels (for the item's region). */
  top: number;
  bottom: number;
  /** The box's tilt: vertical pixels per horizontal pixel along the line. */
  slope: number;
}

/** A line box steeper than this is not text running across the page (a rotated word, a misread). */
const MAX_LINE_SLOPE = 0.2;

function segmentOf(line: OcrLine): Segment | null {
  const xs = line.box.map((p) => p[0] ?? 0);
  const ys = line.box.map((p) => p[1] ?? 0);
  if (xs.length < 4) return null;
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  // A tilted box's vertical extent overstates the line height; the left edge's length does not.
  const height = Math.max(1, Math.hypot((line.box[3]?.[0] ?? 0) - (line.box[0]?.[0] ?? 0), (line.box[3]?.[1] ?? 0) - (line.box[0]?.[1] ?? 0)));
  return { text: tidyText(line.text), left: Math.min(...xs), right: Math.max(...xs), cy: (top + bottom) / 2, height, top, bottom, slope: slopeOf(line.box) };
}

/** The mean tilt of a box's top and bottom edges (0 for an upright box or one too steep to trust). */
function slopeOf(box: number[][]): number {
  const edge = (from: number[] | undefined, to: number[] | undefined): number => {
    const dx = (to?.[0] ?? 0) - (from?.[0] ?? 0);
    return dx > 0 ? ((to?.[1] ?? 0) - (from?.[1] ?? 0)) / dx : 0;
  };
  const slope = (edge(box[0], box[1]) + edge(box[3], box[2])) / 2;
  return Math.abs(slope) <= MAX_LINE_SLOPE ? slope : 0;
}

/**
 * PaddleOCR's recognizer (trained mostly on Chinese) drops spaces in small Latin text and answers
 * full-width punctuation: "BananaBread" → "Banana Bread", the ideographic space U+3000 → " ". In a word
 * set in capitals it reads some capitals as their small letters where a display face draws them alike
 * (`TIRAnIsU`): a word of four letters or more, two thirds of them capitals, is all capitals, before a
 * small letter followed by a capital is taken for a lost space.
 */
function tidyText(text: string): string {
  return text
    .replace(/\u3000/g, ' ')
    .replace(/\p{L}{4,}/gu, (word) => (3 * (word.match(/\p{Lu}/gu)?.length ?? 0) >= 2 * word.length ? word.toUpperCase() : word))
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .trim();
}

/** Text lines in reading order: column by column, top to bottom, boxes on a row joined by a gap. */
export function rowsFromLines(lines: readonly OcrLine[]): string[] {
  return placedRows(lines).map((row) => row.text);
}

/** The page image a set of OCR lines was read from, to express their places as fractions of it. */
export interface PageFrame {
  page: number;
  width: number;
  height: number;
}

/** As rowsFromLines, each row with its place on the page as fractions of the page image. */
export function menuLinesFromOcr(lines: readonly OcrLine[], frame: PageFrame): MenuTextLine[] {
  const clamp = (v: number): number => Math.min(1, Math.max(0, v));
  return placedRows(lines).map((row) => {
    const x = clamp(row.left / frame.width);
    const y = clamp(row.top / frame.height);
    return {
      text: row.text,
      region: { page: frame.page, x, y, width: clamp(row.right / frame.width) - x, height: clamp(row.bottom / frame.height) - y },
      letterHeight: row.letterHeight / frame.width,
    };
  });
}

interface PlacedRow {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /**
   * The height of the row's tallest box along its own tilt, in pixels: its type size, which tells an
   * option or note set smaller under an item from the item (a tilted row's extent would not).
   */
  letterHeight: number;
}

function placedRows(lines: readonly OcrLine[]): PlacedRow[] {
  const segments = lines
    .filter((line) => line.mean >= MIN_LINE_CONFIDENCE && line.text.trim() !== '')
    .map(segmentOf)
    .filter((s): s is Segment => s !== null);
  if (segments.length === 0) return [];
  const lineHeight = median(segments.map((s) => s.height));
  const starts = columnStarts(segments, lineHeight);
  const split = segments.flatMap((s) => splitAtColumns(s, starts, lineHeight));

  const columns: Segment[][] = starts.map(() => []);
  for (const segment of split) {
    let column = 0;
    while (column + 1 < starts.length && segment.left >= starts[column + 1]! - lineHeight * 0.5) column += 1;
    columns[column]!.push(segment);
  }
  return columns.flatMap(rowsOf);
}

/** Left edges where several lines beginning with a letter start: the first is the page margin. */
function columnStarts(segments: readonly Segment[], lineHeight: number): number[] {
  const lefts = segments
    // Two letters: a price read as "f12.50" (for £12.50) does not start a column; nor does a price
    // whose currency is written in letters ("Rs 120", "RM 8.50", "TL45").
    // An item number before the name counts as the name's start ("31 Chow Mein", "A12 Pho"); a quantity
    // ("250 g", "330 ML") does not.
    .filter((s) => /^(?:\p{Lu}?\d{1,3}[.)]?\s?(?=\p{Lu}\p{Ll}))?\p{L}{2}/u.test(s.text) && !isPriceAlone(s.text))
    .map((s) => s.left)
    .sort((a, b) => a - b);
  const clusters: { x: number; count: number }[] = [];
  for (const left of lefts) {
    const last = clusters[clusters.length - 1];
    if (last && left - last.x <= lineHeight * 0.4) last.count += 1;
    else clusters.push({ x: left, count: 1 });
  }
  const minX = lefts[0] ?? 0;
  const starts = [minX];
  for (const cluster of clusters) {
    // A column sits well right of the previous one (wider than an indented description) …
    if (cluster.count < MIN_COLUMN_LINES || cluster.x - starts[starts.length - 1]! <= lineHeight * 4) continue;
    // … with a gutter before it: a few lines starting at the same place inside a column (centred
    // headings, the second half of a long line) have more of the column's lines running across it.
    const crossing = segments.filter((s) => s.left < cluster.x - lineHeight && s.right > cluster.x + lineHeight).length;
    if (crossing < cluster.count && !continuesRowsFromTheLeft(segments, cluster.x, starts[starts.length - 1]!, lineHeight)) starts.push(cluster.x);
  }
  return starts;
}

/**
 * Whether the lines starting at `x` go on rows begun further left, so `x` starts no column of its own:
 * - names whose prices stand before them ("12 Riyals    Arabic Coffee", a price list set in two
 *   blocks): the text beside them on the left is all prices;
 * - descriptions set on their item's own line ("Masala Dosa    crisp rice crepe, potato    ₹120"):
 *   they open with a small letter, as names do not, and the text beside them on the left holds no price;
 * - a name's translation beside it ("Mercimek Çorbası    Lentil Soup    45 TL"): the text beside it on
 *   the left holds no price, and the row's price stands at or right of it.
 * Either way most of the lines at `x` have such text beside them.
 */
function continuesRowsFromTheLeft(segments: readonly Segment[], x: number, previousStart: number, lineHeight: number): boolean {
  const starting = segments.filter((s) => Math.abs(s.left - x) <= lineHeight * 0.4);
  const lowercase = starting.filter((s) => /^\p{Ll}/u.test(s.text)).length * 2 > starting.length;
  const onRow = (a: Segment, b: Segment): boolean => Math.abs(a.cy - b.cy) <= lineHeight * 0.5;
  let prices = 0;
  let names = 0;
  for (const line of starting) {
    const beside = segments.filter((s) => s !== line && s.left >= previousStart - lineHeight && s.right <= x && onRow(s, line));
    if (beside.length === 0) continue;
    if (beside.every((s) => isPriceAlone(s.text))) prices += 1;
    else if (beside.every((s) => !/\d/.test(s.text)) && (lowercase || segments.some((s) => s.left >= line.left && onRow(s, line) && /\d/.test(s.text)))) names += 1;
    else return false;
  }
  const rows = prices + names;
  return (prices === 0 || names === 0) && rows >= MIN_COLUMN_LINES && rows * 2 >= starting.length;
}

/**
 * The detector sometimes boxes a name in one column together with the text beside it in the next.
 * The text is cut at the space nearest to where the column starts, assuming evenly wide characters.
 */
function splitAtColumns(segment: Segment, starts: readonly number[], lineHeight: number): Segment[] {
  const boundary = starts.find((x) => x > segment.left + lineHeight && x < segment.right - lineHeight);
  if (boundary === undefined) return [segment];
  const text = segment.text;
  const target = Math.round((text.length * (boundary - segment.left)) / (segment.right - segment.left));
  let cut = -1;
  for (let d = 0; d < text.length; d += 1) {
    if (text[target - d] === ' ') {
      cut = target - d;
      break;
    }
    if (text[target + d] === ' ') {
      cut = target + d;
      break;
    }
  }
  if (cut <= 0) return [segment];
  const left = { ...segment, text: text.slice(0, cut).trim(), right: boundary - lineHeight };
  const right = { ...segment, text: text.slice(cut + 1).trim(), left: boundary };
  return [left, ...splitAtColumns(right, starts, lineHeight)].filter((s) => s.text !== '');
}

/**
 * Rows top to bottom. A photographed page is rarely flat: a price at the far right of its name can
 * sit higher or lower than the name by more than half a line. Rows therefore follow the lines' own
 * tilt: segments are ordered by their height with the page's bend taken out, and a segment joins a
 * row where it lies on the extension of the row's widest box (the most reliable angle), or level with
 * it once the bend is taken out.
 */
function rowsOf(segments: Segment[]): PlacedRow[] {
  const bend = pageBend(segments);
  const level = (s: Segment): number => s.cy - bend.rise((s.left + s.right) / 2);
  const sorted = [...segments].sort((a, b) => level(a) - level(b));
  const rows: Segment[][] = [];
  for (const [index, segment] of sorted.entries()) {
    const row = rows[rows.length - 1];
    const anchor = row ? widest(row) : undefined;
    if (row && anchor && offLine(anchor, segment, bend) <= 0.5 && !fitsNextRowBetter(segment, anchor, row, sorted[index + 1], bend)) row.push(segment);
    else rows.push([segment]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.left - b.left);
    return {
      text: row.map((s, i) => (i === 0 ? '' : joinerBetween(row[i - 1]!, s)) + s.text).join(''),
      left: Math.min(...row.map((s) => s.left)),
      right: Math.max(...row.map((s) => s.right)),
      top: Math.min(...row.map((s) => s.top)),
      bottom: Math.max(...row.map((s) => s.bottom)),
      letterHeight: Math.max(...row.map((s) => s.height)),
    };
  });
}

/**
 * Words set wide apart (display type tracked out, a chalk hand's loose letters) come from the detector as
 * a box each: `Kroket` `op` `Brood`. Two boxes whose letters meet across a gap under WORD_GAP of their
 * height are one phrase, joined by a space; anything wider, or touching a digit or a sign, stays a gap
 * the parser reads as a column gap (a name and its price, a name and its translation).
 */
const WORD_GAP = 1;

function joinerBetween(left: Segment, right: Segment): string {
  const gap = right.left - left.right;
  const words = /\p{L}$/u.test(left.text) && /^\p{L}/u.test(right.text);
  return words && gap < WORD_GAP * Math.min(left.height, right.height) ? ' ' : GAP;
}

/**
 * How the page's lines run across it: their tilt (`slope`, the median of the long boxes') and, on a
 * page bent where a menu folder opens, how far a line has risen or fallen at a given x (`rise`).
 */
interface PageBend {
  slope: number;
  rise(x: number): number;
  curved: boolean;
}

/** A line's tilt changing by less than this across the page's text is a flat page (a few pixels). */
const MIN_CURVE_SLOPE_CHANGE = 0.04;
/** Boxes needed to tell a bend from the tilt of a few lines. */
const MIN_CURVE_LINES = 6;

/**
 * A page lying in a menu folder rises off the table towards its spine, so its lines bend: a line's
 * tilt changes steadily across the page. Each long box measures the tilt at its middle (over a box,
 * the mean of a steadily changing tilt is the tilt at its middle); a straight line fitted to those
 * tilts against x, weighted by the boxes' widths, is integrated into the height a line has at any x.
 * A flat or merely tilted page keeps one tilt, as before.
 */
function pageBend(segments: readonly Segment[]): PageBend {
  const slope = median(segments.filter((s) => s.right - s.left > 4 * s.height).map((s) => s.slope), 0);
  const flat: PageBend = { slope, rise: (x) => slope * x, curved: false };
  // Prices are short boxes, but they are the ones far from the names, where the tilt differs most.
  const long = segments.filter((s) => s.right - s.left > 2 * s.height);
  if (long.length < MIN_CURVE_LINES) return flat;
  let weight = 0;
  let meanX = 0;
  let meanSlope = 0;
  for (const s of long) {
    const w = s.right - s.left;
    weight += w;
    meanX += w * ((s.left + s.right) / 2);
    meanSlope += w * s.slope;
  }
  meanX /= weight;
  meanSlope /= weight;
  let covariance = 0;
  let variance = 0;
  for (const s of long) {
    const w = s.right - s.left;
    const dx = (s.left + s.right) / 2 - meanX;
    covariance += w * dx * (s.slope - meanSlope);
    variance += w * dx * dx;
  }
  if (variance <= 0) return flat;
  const change = covariance / variance;
  const from = Math.min(...long.map((s) => s.left));
  const to = Math.max(...long.map((s) => s.right));
  if (Math.abs(change * (to - from)) < MIN_CURVE_SLOPE_CHANGE) return flat;
  // slope(x) = meanSlope + change · (x − meanX), so rise(x) = meanSlope · x + change · (x − meanX)² / 2 (up to a
  // constant), but only between the boxes' middles, where the tilt was measured. Beyond them the line goes on
  // straight at the last tilt measured: names all starting at one x measure a change over a few tens of
  // pixels, and a pixel of noise there, carried as a curve to a price column far right, moves it rows away.
  const first = Math.min(...long.map((s) => (s.left + s.right) / 2));
  const last = Math.max(...long.map((s) => (s.left + s.right) / 2));
  const measured = (x: number): number => meanSlope * x + (change * (x - meanX) ** 2) / 2;
  const rise = (x: number): number => {
    const within = Math.min(last, Math.max(first, x));
    return measured(within) + (meanSlope + change * (within - meanX)) * (x - within);
  };
  return { slope, rise, curved: true };
}

const overlapAcross = (a: Segment, b: Segment): boolean => a.left < b.right && b.left < a.right;
const widest = (row: readonly Segment[]): Segment => row.reduce((w, s) => (s.right - s.left > w.right - w.left ? s : w));

/**
 * How far `b` lies off the line `a` runs along, in the smaller line height: level with it, or on
 * its extension along the tilt of the wider of the two or of the page, or level with it once a bent
 * page's rise is taken out (a box's angle is a pixel or two over its length, so the smallest
 * distance counts). On one line up to 0.5.
 */
function offLine(a: Segment, b: Segment, bend: PageBend): number {
  const [guide, other] = b.right - b.left > a.right - a.left ? [b, a] : [a, b];
  const otherX = (other.left + other.right) / 2;
  const guideX = (guide.left + guide.right) / 2;
  const run = otherX - guideX;
  const distances = [0, guide.slope, bend.slope].map((slope) => Math.abs(other.cy - guide.cy - slope * run));
  if (bend.curved) distances.push(Math.abs(other.cy - bend.rise(otherX) - (guide.cy - bend.rise(guideX))));
  return Math.min(...distances) / Math.min(a.height, b.height);
}

/**
 * A price between two rows of a tilted page may fit the row above and the one starting next: it
 * goes with the next one when that is a new row (it overlaps the row above across the page) and
 * the price lies closer to its line.
 */
function fitsNextRowBetter(segment: Segment, anchor: Segment, row: readonly Segment[], next: Segment | undefined, bend: PageBend): boolean {
  if (!next || overlapAcross(next, segment)) return false;
  const startsNewRow = row.some((s) => overlapAcross(s, next));
  return startsNewRow && offLine(next, segment, bend) < offLine(anchor, segment, bend);
}

function median(values: number[], empty = 1): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? empty;
}
