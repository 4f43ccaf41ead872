// Source of the OCR process's text-line finder: the detector's binary text mask in, one box per
// text line out, and the line's pixels cut out of the page for the recognizer.

/**
 * Plain JavaScript, embedded in the OCR child process's source (paddle-process-source.ts) and
 * tested on its own (test/server/menu-scan/line-boxes.test.ts).
 *
 * It does what @gutenye/ocr-common's `splitIntoLineImages` (PaddleOCR's DB post-processing) did
 * with OpenCV's WebAssembly build, without OpenCV: that build alone made the OCR ~75 MB bigger
 * (its heap and compiled module), for four calls (findContours, minAreaRect,
 * getPerspectiveTransform, warpPerspective) that are a few dozen lines each here.
 *
 * findLineBoxes(mask, width, height): mask is a Uint8Array, 1 where the detector saw text. Each
 * 8-connected region becomes the smallest rotated rectangle around it, grown by PaddleOCR's
 * "unclip" (distance = area × 1.5 / perimeter on each side, which turns the detector's shrunken
 * text kernels back into whole lines); regions thinner than 3 px are noise. Answers boxes as four
 * [x, y] corners: top left, top right, bottom right, bottom left, rounded and inside the page.
 *
 * cropLine(rgb, width, height, box): the box's pixels as an upright RGB image
 * ({ data, width, height }, 3 bytes a pixel), sampled bilinearly (edges repeat outside the page);
 * a crop at least 1.5× taller than wide is turned a quarter (as PaddleOCR does for vertical text).
 */
export const LINE_BOXES_SOURCE = String.raw`
const LINE_MIN_SIDE = 3;
const LINE_UNCLIP_RATIO = 1.5;

function findLineBoxes(mask, width, height) {
  const boxes = [];
  const seen = new Uint8Array(width * height);
  // Breadth-first fill: the queue also lists the region's pixels once the fill is done. No region
  // is bigger than the mask's text pixels, a small part of a page (a page-sized queue is 4 bytes a pixel).
  let textPixels = 0;
  for (let i = 0; i < width * height; i++) if (mask[i]) textPixels++;
  const queue = new Int32Array(Math.max(1, textPixels));
  for (let start = 0; start < width * height; start++) {
    if (!mask[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
      const p = queue[head++];
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            queue[tail++] = q;
          }
        }
      }
    }
    const box = boxOfRegion(queue, tail, width, height);
    if (box) boxes.push(box);
  }
  return boxes;
}

/** The unclipped rotated rectangle around one region's pixels (queue[0..count)), or null. */
function boxOfRegion(queue, count, width, height) {
  // The convex hull only needs each row's leftmost and rightmost pixel.
  const rows = new Map();
  for (let i = 0; i < count; i++) {
    const p = queue[i];
    const x = p % width;
    const y = (p - x) / width;
    const row = rows.get(y);
    if (!row) rows.set(y, [x, x]);
    else {
      if (x < row[0]) row[0] = x;
      if (x > row[1]) row[1] = x;
    }
  }
  const points = [];
  for (const [y, [left, right]] of rows) {
    points.push([left, y]);
    if (right !== left) points.push([right, y]);
  }
  const hull = convexHull(points);
  if (hull.length < 3) return null;
  const rect = minAreaRect(hull);
  if (Math.min(rect.w, rect.h) < LINE_MIN_SIDE) return null;
  const distance = (rect.w * rect.h * LINE_UNCLIP_RATIO) / (2 * (rect.w + rect.h));
  const w = rect.w + 2 * distance;
  const h = rect.h + 2 * distance;
  if (Math.min(w, h) < LINE_MIN_SIDE + 2) return null;
  const corners = [];
  for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
    corners.push([
      rect.cx + (a * w * rect.ux) / 2 + (b * h * rect.nx) / 2,
      rect.cy + (a * w * rect.uy) / 2 + (b * h * rect.ny) / 2,
    ]);
  }
  // Left pair and right pair by x; in each, the higher point is the top corner.
  corners.sort((p, q) => p[0] - q[0]);
  const [l1, l2, r1, r2] = corners;
  const box = [l1[1] <= l2[1] ? l1 : l2, r1[1] <= r2[1] ? r1 : r2, r1[1] <= r2[1] ? r2 : r1, l1[1] <= l2[1] ? l2 : l1].map(([x, y]) => [
    Math.max(0, Math.min(width, Math.round(x))),
    Math.max(0, Math.min(height, Math.round(y))),
  ]);
  if (Math.floor(Math.hypot(box[1][0] - box[0][0], box[1][1] - box[0][1])) <= 3) return null;
  if (Math.floor(Math.hypot(box[3][0] - box[0][0], box[3][1] - box[0][1])) <= 3) return null;
  return box;
}

/** Andrew's monotone chain; counter-clockwise (in y-down pixels: clockwise), no repeated point. */
function convexHull(points) {
  points.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * Smallest-area rectangle around a convex hull: one of its sides lies on a hull edge, so each edge
 * direction is tried. Answers the centre, the side lengths and the unit axes (u along w, n along h).
 */
function minAreaRect(hull) {
  let best = null;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length === 0) continue;
    let ux = (b[0] - a[0]) / length;
    let uy = (b[1] - a[1]) / length;
    // The axis closer to horizontal is u, pointing right: w is then the line's length.
    if (Math.abs(ux) < Math.abs(uy)) [ux, uy] = [uy, -ux];
    if (ux < 0) [ux, uy] = [-ux, -uy];
    const nx = -uy;
    const ny = ux;
    let minU = Infinity, maxU = -Infinity, minN = Infinity, maxN = -Infinity;
    for (const p of hull) {
      const pu = p[0] * ux + p[1] * uy;
      const pn = p[0] * nx + p[1] * ny;
      if (pu < minU) minU = pu;
      if (pu > maxU) maxU = pu;
      if (pn < minN) minN = pn;
      if (pn > maxN) maxN = pn;
    }
    const area = (maxU - minU) * (maxN - minN);
    if (!best || area < best.area) {
      const mu = (minU + maxU) / 2;
      const mn = (minN + maxN) / 2;
      best = { area, w: maxU - minU, h: maxN - minN, ux, uy, nx, ny, cx: mu * ux + mn * nx, cy: mu * uy + mn * ny };
    }
  }
  return best;
}

function cropLine(rgb, width, height, box) {
  const [tl, tr, br, bl] = box;
  const cropWidth = Math.max(1, Math.floor(Math.max(Math.hypot(tr[0] - tl[0], tr[1] - tl[1]), Math.hypot(br[0] - bl[0], br[1] - bl[1]))));
  const cropHeight = Math.max(1, Math.floor(Math.max(Math.hypot(bl[0] - tl[0], bl[1] - tl[1]), Math.hypot(br[0] - tr[0], br[1] - tr[1]))));
  const data = new Uint8Array(cropWidth * cropHeight * 3);
  for (let v = 0; v < cropHeight; v++) {
    const t = v / cropHeight;
    // Left and right edges at this height; a pixel is sampled between them.
    const lx = tl[0] + (bl[0] - tl[0]) * t;
    const ly = tl[1] + (bl[1] - tl[1]) * t;
    const rx = tr[0] + (br[0] - tr[0]) * t;
    const ry = tr[1] + (br[1] - tr[1]) * t;
    for (let u = 0; u < cropWidth; u++) {
      const s = u / cropWidth;
      const x = Math.max(0, Math.min(width - 1, lx + (rx - lx) * s));
      const y = Math.max(0, Math.min(height - 1, ly + (ry - ly) * s));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = x - x0;
      const fy = y - y0;
      const o = (v * cropWidth + u) * 3;
      for (let c = 0; c < 3; c++) {
        const top = rgb[(y0 * width + x0) * 3 + c] * (1 - fx) + rgb[(y0 * width + x1) * 3 + c] * fx;
        const bottom = rgb[(y1 * width + x0) * 3 + c] * (1 - fx) + rgb[(y1 * width + x1) * 3 + c] * fx;
        data[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  if (cropHeight / cropWidth < 1.5) return { data, width: cropWidth, height: cropHeight };
  // A quarter turn anticlockwise: the crop's right edge becomes the top.
  const turned = new Uint8Array(data.length);
  for (let y = 0; y < cropWidth; y++) {
    for (let x = 0; x < cropHeight; x++) {
      const from = (x * cropWidth + (cropWidth - 1 - y)) * 3;
      const to = (y * cropHeight + x) * 3;
      turned[to] = data[from];
      turned[to + 1] = data[from + 1];
      turned[to + 2] = data[from + 2];
    }
  }
  return { data: turned, width: cropHeight, height: cropWidth };
}
`;
