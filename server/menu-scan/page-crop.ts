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
  const label = new Int32Array(total).fill(-1);
  const parts: { size: number; left: number; top: number; right: number; bottom: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < total; start += 1) {
    if (label[start] !== -1 || data[start]! <= threshold) continue;
    const part = { size: 0, left: width, top: height, right: 0, bottom: 0 };
    label[start] = parts.length;
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
        if (next >= 0 && label[next] === -1 && data[next]! > threshold) {
          label[next] = parts.length;
          stack.push(next);
        }
      }
    }
    parts.push(part);
  }
  const biggest = parts.reduce<(typeof parts)[number] | null>((best, part) => (!best || part.size > best.size ? part : best), null);
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
  const marginX = (right - left) * MARGIN;
  const marginY = (bottom - top) * MARGIN;
  const x0 = Math.max(0, left - marginX) / width;
  const y0 = Math.max(0, top - marginY) / height;
  const x1 = Math.min(width, right + marginX) / width;
  const y1 = Math.min(height, bottom + marginY) / height;
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
