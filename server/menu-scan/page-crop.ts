// Finds the menu in a big photo (a card held up in a café, a page on a table in a 12-megapixel shot), so
// the page can be cut out before it is shrunk for OCR and its text keeps the pixels it needs.
import type { GreyImage } from './deskew';

/** Where the page lies, as fractions (0–1) of the upright picture. */
export interface PageCrop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Bright parts under a tenth of the biggest are reflections or a lamp, not a part of the page. */
const MIN_PART_SHARE = 0.1;
/** A paper area under this share of the picture is a label or a lamp, not the menu. */
const MIN_PAGE_SHARE = 0.04;
/** Cut only when the page's long side is at most this share of the picture's: less gains nothing. */
const MAX_KEPT_SIDE = 0.8;
/** The paper fills most of its bounding box; a bright part that does not is light through a room. */
const MIN_FILL = 0.45;
/** Room left around the page, as a share of its size, for letters on its edge and a tilted corner. */
const MARGIN = 0.05;

/**
 * Finds the paper on a small grey copy of the picture: the pixels brighter than Otsu's threshold, the
 * biggest 4-connected part of them and the parts at least a quarter its size. Answers null when that
 * is not clearly a page smaller than the picture (light text on a dark card, a page filling the frame,
 * a bright table round a dark menu).
 */
export function findPageCrop(grey: GreyImage): PageCrop | null {
  const { data, width, height } = grey;
  const total = width * height;
  if (total === 0) return null;
  const threshold = otsuThreshold(data);
  const parts = connectedParts(width, height, (at) => data[at]! > threshold);
  const biggest = parts.reduce<Part | null>((best, part) => (!best || part.size > best.size ? part : best), null);
  if (!biggest || biggest.size < total * MIN_PAGE_SHARE) return null;
  const kept = parts.filter((part) => part.size >= biggest.size * MIN_PART_SHARE);
  const left = Math.min(...kept.map((p) => p.left));
  const top = Math.min(...kept.map((p) => p.top));
  const right = Math.max(...kept.map((p) => p.right)) + 1;
  const bottom = Math.max(...kept.map((p) => p.bottom)) + 1;
  const boxArea = (right - left) * (bottom - top);
  const paper = kept.reduce((sum, p) => sum + p.size, 0);
  if (paper < boxArea * MIN_FILL) return null;
  if (Math.max((right - left) / width, (bottom - top) / height) > MAX_KEPT_SIDE) return null;
  return withMargin({ left, top, right, bottom }, width, height);
}

/** A small colour copy of the picture: `channels` bytes a pixel, red, green and blue first. */
export interface ColourImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** Paper is grey or near it; skin, wood and a coloured wall are not (chroma over brightness). */
const MAX_PAPER_SATURATION = 0.25;
/** A held card can be a small part of the frame: down to this share of the picture. */
const MIN_HELD_PAGE_SHARE = 0.008;
/** A card is a quadrilateral: its part fills most of its box, even turned a little or with a thumb over a corner. */
const MIN_HELD_FILL = 0.6;
/** Share of a page's pixels that are strokes of ink: text covers more than this … */
const MIN_INK_SHARE = 0.02;
/** … and the room around a held card far less (at most this share of the card's). */
const MAX_ROOM_INK_RATIO = 0.25;

/**
 * Finds a card held up in a hand or lying in a room where findPageCrop cannot: the hand is as bright
 * as the paper and joins it, a window or a lamp is brighter than the room, and the bright parts
 * together fill little of their box. Here paper is bright and nearly colourless (skin is not), and
 * of the paper-like parts (a window pane, a lamp, the card) the menu is the one holding text:
 * `ink` marks thin dark strokes (1) on a larger copy of the picture. The card must hold clearly more
 * of them than the room around it, so a white panel of text on a printed leaflet full of text
 * (the page fills the frame) is not cut out of its page.
 */
export function findHeldPage(colour: ColourImage, ink: GreyImage): PageCrop | null {
  const { data, width, height, channels } = colour;
  const total = width * height;
  if (total === 0 || ink.width === 0 || ink.height === 0) return null;
  const grey = new Uint8Array(total);
  const colourless = new Uint8Array(total);
  for (let at = 0; at < total; at += 1) {
    const r = data[at * channels]!;
    const g = data[at * channels + 1]!;
    const b = data[at * channels + 2]!;
    grey[at] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    const max = Math.max(r, g, b);
    colourless[at] = max > 0 && (max - Math.min(r, g, b)) / max <= MAX_PAPER_SATURATION ? 1 : 0;
  }
  const threshold = otsuThreshold(grey);
  const candidates = connectedParts(width, height, (at) => grey[at]! > threshold && colourless[at] === 1).filter((part) => {
    const boxWidth = part.right - part.left + 1;
    const boxHeight = part.bottom - part.top + 1;
    return (
      part.size >= total * MIN_HELD_PAGE_SHARE &&
      part.size >= boxWidth * boxHeight * MIN_HELD_FILL &&
      Math.max(boxWidth / width, boxHeight / height) <= MAX_KEPT_SIDE
    );
  });
  const inkTotal = countInk(ink, { left: 0, top: 0, right: ink.width, bottom: ink.height });
  let best: { part: Part; share: number } | null = null;
  for (const part of candidates) {
    // The part's box on the ink copy, its edge left out (the paper's border is a dark line against the room).
    const box = scaledBox(part, width, height, ink.width, ink.height);
    const area = (box.right - box.left) * (box.bottom - box.top);
    if (area <= 0) continue;
    const inside = countInk(ink, box);
    const share = inside / area;
    const roomShare = (inkTotal - inside) / Math.max(1, ink.width * ink.height - area);
    if (share < MIN_INK_SHARE || roomShare > share * MAX_ROOM_INK_RATIO) continue;
    if (!best || share > best.share) best = { part, share };
  }
  if (!best) return null;
  const { left, top, right, bottom } = best.part;
  return withMargin({ left, top, right: right + 1, bottom: bottom + 1 }, width, height);
}

interface Part {
  size: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The 4-connected parts of the pixels `inside` answers true for, with their sizes and bounding boxes. */
function connectedParts(width: number, height: number, inside: (at: number) => boolean): Part[] {
  const total = width * height;
  const seen = new Uint8Array(total);
  const parts: Part[] = [];
  const stack: number[] = [];
  for (let start = 0; start < total; start += 1) {
    if (seen[start] === 1 || !inside(start)) continue;
    const part = { size: 0, left: width, top: height, right: 0, bottom: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      part.size += 1;
      part.left = Math.min(part.left, x);
      part.right = Math.max(part.right, x);
      part.top = Math.min(part.top, y);
      part.bottom = Math.max(part.bottom, y);
      for (const next of [x > 0 ? at - 1 : -1, x + 1 < width ? at + 1 : -1, y > 0 ? at - width : -1, y + 1 < height ? at + width : -1]) {
        if (next >= 0 && seen[next] === 0 && inside(next)) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    parts.push(part);
  }
  return parts;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A part's box (inclusive pixels of a `width` × `height` copy) on a copy of another size, a tenth in from each side. */
function scaledBox(part: Part, width: number, height: number, toWidth: number, toHeight: number): Box {
  const insetX = (part.right + 1 - part.left) * 0.1;
  const insetY = (part.bottom + 1 - part.top) * 0.1;
  return {
    left: Math.round(((part.left + insetX) * toWidth) / width),
    top: Math.round(((part.top + insetY) * toHeight) / height),
    right: Math.round(((part.right + 1 - insetX) * toWidth) / width),
    bottom: Math.round(((part.bottom + 1 - insetY) * toHeight) / height),
  };
}

function countInk(ink: GreyImage, box: Box): number {
  let count = 0;
  for (let y = Math.max(0, box.top); y < Math.min(ink.height, box.bottom); y += 1) {
    for (let x = Math.max(0, box.left); x < Math.min(ink.width, box.right); x += 1) count += ink.data[y * ink.width + x]! > 0 ? 1 : 0;
  }
  return count;
}

/** The box with room around it for letters on its edge and a tilted corner, as fractions of the picture. */
function withMargin(box: Box, width: number, height: number): PageCrop {
  const marginX = (box.right - box.left) * MARGIN;
  const marginY = (box.bottom - box.top) * MARGIN;
  const x0 = Math.max(0, box.left - marginX) / width;
  const y0 = Math.max(0, box.top - marginY) / height;
  const x1 = Math.min(width, box.right + marginX) / width;
  const y1 = Math.min(height, box.bottom + marginY) / height;
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/** The grey level that best splits the pixels into two classes (Otsu's method). */
function otsuThreshold(data: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of data) histogram[v]! += 1;
  const total = data.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v += 1) sumAll += v * histogram[v]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let v = 0; v < 256; v += 1) {
    below += histogram[v]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += v * histogram[v]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) [best, bestVariance] = [v, variance];
  }
  return best;
}
