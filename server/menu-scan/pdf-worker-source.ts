// Source of the throw-away worker thread that reads a PDF with pdf.js (see pdf-text.ts for why it is a string).

/**
 * Plain CommonJS JavaScript, run with `new Worker(source, { eval: true })`. pdf.js 5 is an ES
 * module and its Node build loads its own "fake worker" with a dynamic import(); neither works
 * inside jest's CommonJS module system, but both work in a real worker thread, which jest does not
 * touch. The thread also keeps parsing off the event loop and can be killed when a hostile PDF
 * makes pdf.js spin.
 *
 * workerData: { pdfjsUrl, data, maxPages, maxImagesPerPage, maxImagePixels, scannedPageMaxChars, minContrast }
 * Posts { ok: true, numPages, pages: [{ items: [{ str, x, y, width, size, angle, ink?, backdrop?, words? }], box: { width, height }, images: [{ data, width, height, channels }] }] }
 * (coordinates in the page's viewport: origin top left, y down, rotation applied) or { ok: false, error }.
 */
export const PDF_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

function toRaw(img, maxPixels) {
  if (!img || !img.data || !img.width || !img.height) return null;
  const { width, height, kind } = img;
  if (width * height > maxPixels || width < 16 || height < 16) return null;
  if (kind === 1) {
    // GRAYSCALE_1BPP: rows of packed bits, a set bit is white.
    const rowBytes = (width + 7) >> 3;
    const out = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        out[y * width + x] = (img.data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
      }
    }
    return { data: out, width, height, channels: 1 };
  }
  const channels = kind === 2 ? 3 : kind === 3 ? 4 : 0;
  if (!channels || img.data.length < width * height * channels) return null;
  return { data: new Uint8Array(img.data.subarray(0, width * height * channels)), width, height, channels };
}

/** Relative luminance (0 black, 1 white) of pdf.js's "#rrggbb". */
function luminance(hex) {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return 0;
  const channel = (k) => parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The viewport rectangle [x0, y0, x1, y1] covered by a user-space rectangle under a transform. */
function boundsOf(rect, transform) {
  const m = transform;
  const corners = [[rect[0], rect[1]], [rect[2], rect[1]], [rect[0], rect[3]], [rect[2], rect[3]]].map(([x, y]) => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The shade of each text item's letters (ink) and of what was painted under it before it
 * (backdrop: the last filled shape or picture under its start, the paper where there is none), both
 * 0 (black) to 1 (white), so text nobody can see (white on the white page) can be left out and white
 * letters on a dark band kept. The operator list draws the glyphs in the order the text content lists
 * them: each item takes the shade of the first glyphs spelling it after the previous item's; an item
 * not found there gets none (null). Invisible text (render mode 3: a scan's OCR layer) gets none either:
 * it is what the picture under it shows. Each item found also gets its letters as the file draws them
 * (words): spaced only where a space glyph is drawn or the text moves on by more than a letter's usual
 * shift, since pdf.js spaces a letter-spaced run ("W I E N E R  S C H N I T Z E L") letter by letter.
 */
function shadesOf(pdfjs, ops, viewport, items) {
  const OPS = pdfjs.OPS;
  const FILLS = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const TEXT = new Set([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  const IMAGES = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);
  const letters = (text) => text.normalize('NFKC').replace(/\s/g, '');
  let state = { ctm: [1, 0, 0, 1, 0, 0], fill: 0, mode: 0 };
  const stack = [];
  const areas = [];
  const glyphs = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push({ ...state });
    else if (fn === OPS.restore) state = stack.pop() || state;
    else if (fn === OPS.transform) state.ctm = pdfjs.Util.transform(state.ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ...state });
      if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) state.ctm = pdfjs.Util.transform(state.ctm, Array.from(args[0]));
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() || state;
    else if (fn === OPS.setFillRGBColor) state.fill = luminance(args[0]);
    else if (fn === OPS.setTextRenderingMode) state.mode = args[0];
    else if (fn === OPS.constructPath) {
      if (FILLS.has(args[0]) && args[2]) areas.push({ bounds: boundsOf(args[2], pdfjs.Util.transform(viewport.transform, state.ctm)), shade: state.fill });
    } else if (IMAGES.has(fn)) {
      // A picture's shade is not known: anything may show on it. A mask paints the fill colour.
      areas.push({ bounds: boundsOf([0, 0, 1, 1], pdfjs.Util.transform(viewport.transform, state.ctm)), shade: fn === OPS.paintImageMaskXObject ? state.fill : null });
    } else if (TEXT.has(fn)) {
      const run = args.find((arg) => Array.isArray(arg)) || [];
      const invisible = state.mode === 3 || state.mode === 7;
      // A shift between glyphs (a number in a TJ array, thousandths of an em, negative moving right)
      // wider than the run's usual one by a fifth of an em is a word's gap drawn without a space glyph.
      // The usual shift is the tracking where most letters are placed by one; where only some are (a
      // kerned pair's few thousandths), it is none.
      const shifts = run.filter((entry) => typeof entry === 'number').map((n) => -n).sort((a, b) => a - b);
      const placedLetterByLetter = 2 * shifts.length >= run.length - shifts.length;
      const usualShift = placedLetterByLetter ? shifts[Math.floor(shifts.length / 2)] : 0;
      let spaceBefore = true;
      for (const glyph of run) {
        if (typeof glyph === 'number') {
          if (-glyph > usualShift + 200) spaceBefore = true;
          continue;
        }
        if (!glyph || typeof glyph !== 'object' || typeof glyph.unicode !== 'string') continue;
        const units = letters(glyph.unicode).split('');
        if (glyph.isSpace || units.length === 0) {
          spaceBefore = true;
          continue;
        }
        // One entry per UTF-16 unit, as the search below counts them.
        for (const unit of units) {
          glyphs.push({ letter: unit, ink: invisible ? null : state.fill, areasBefore: areas.length, spaceBefore });
          spaceBefore = false;
        }
      }
    }
  }
  // Each item's letters are looked for from where the previous item's ended (pdf.js leaves text off the
  // page out of the text content, not out of the operator list).
  const drawn = glyphs.map((glyph) => glyph.letter).join('');
  let at = 0;
  return items.map((item) => {
    const text = letters(item.str);
    const found = text ? drawn.indexOf(text, at) : -1;
    if (found < 0) return null;
    const first = glyphs[found];
    at = found + text.length;
    const words = glyphs.slice(found, at).map((glyph, k) => (k > 0 && glyph.spaceBefore ? ' ' : '') + glyph.letter).join('');
    if (first.ink === null) return { words };
    // The middle of the item's first letters, half a size above its baseline.
    const x = item.x + Math.cos(item.angle) * Math.min(item.width, item.size) / 2 + Math.sin(item.angle) * item.size / 2;
    const y = item.y + Math.sin(item.angle) * Math.min(item.width, item.size) / 2 - Math.cos(item.angle) * item.size / 2;
    let backdrop = 1;
    for (let a = first.areasBefore - 1; a >= 0; a--) {
      const [x0, y0, x1, y1] = areas[a].bounds;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) {
        backdrop = areas[a].shade;
        break;
      }
    }
    return backdrop === null ? { words } : { ink: first.ink, backdrop, words };
  });
}

function getImageObject(page, id) {
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => objs.get(id, resolve));
}

async function main() {
  const pdfjs = await import(workerData.pdfjsUrl);
  const open = (maxImageSize) =>
    pdfjs.getDocument({
      // Each document gets its own copy: pdf.js takes the bytes over.
      data: workerData.data.slice(),
      // Never compile the file's font programs into JavaScript functions.
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      // pdf.js skips decoding images bigger than this instead of allocating them (0: every image).
      maxImageSize,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
  // Text and its shades come from the file read without its pictures: decoding a page's photographs
  // took seconds. The pictures are read (a second copy of the document) only for a page that needs
  // them: a scan, or light letters that may stand on a photograph.
  const doc = await open(0);
  let withPictures = null;
  const pageWithPictures = async (n) => (await (withPictures ??= open(workerData.maxImagePixels))).getPage(n);
  const pages = [];
  const transfer = [];
  const count = Math.min(doc.numPages, workerData.maxPages);
  for (let n = 1; n <= count; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = [];
    for (const item of content.items) {
      if (typeof item.str !== 'string' || item.str.trim() === '') continue;
      const t = pdfjs.Util.transform(viewport.transform, item.transform);
      items.push({ str: item.str, x: t[4], y: t[5], width: item.width, size: Math.hypot(t[2], t[3]) || item.height || 1, angle: Math.atan2(t[1], t[0]) });
    }
    if (items.length > 0) {
      let shades = shadesOf(pdfjs, await page.getOperatorList(), viewport, items);
      if (shades.some((shade) => shade && shade.ink !== undefined && Math.abs(shade.ink - shade.backdrop) < workerData.minContrast)) {
        // That reading left the pictures out: a light run on a photograph looked like one on paper.
        const full = await pageWithPictures(n);
        shades = shadesOf(pdfjs, await full.getOperatorList(), viewport, items);
        full.cleanup();
      }
      shades.forEach((shade, k) => {
        if (shade) Object.assign(items[k], shade);
      });
    }
    const images = [];
    const chars = items.reduce((sum, item) => sum + item.str.trim().length, 0);
    if (chars < workerData.scannedPageMaxChars) {
      // No real text layer (none, or only a page number or a scanner app's watermark): probably
      // a scanned menu. Hand its pictures back for OCR.
      const scan = await pageWithPictures(n);
      const ops = await scan.getOperatorList();
      for (let i = 0; i < ops.fnArray.length && images.length < workerData.maxImagesPerPage; i++) {
        const fn = ops.fnArray[i];
        let img = null;
        if (fn === pdfjs.OPS.paintImageXObject) img = await getImageObject(scan, ops.argsArray[i][0]);
        else if (fn === pdfjs.OPS.paintInlineImageXObject) img = ops.argsArray[i][0];
        const raw = toRaw(img, workerData.maxImagePixels);
        if (raw) {
          images.push(raw);
          transfer.push(raw.data.buffer);
        }
      }
      scan.cleanup();
    }
    pages.push({ items, box: { width: viewport.width, height: viewport.height }, images });
    page.cleanup();
  }
  const numPages = doc.numPages;
  await doc.destroy();
  if (withPictures) await (await withPictures).destroy();
  parentPort.postMessage({ ok: true, numPages, pages }, transfer);
}

main().catch((error) => {
  parentPort.postMessage({ ok: false, error: String((error && error.name) || 'Error') + ': ' + String(error && error.message) });
});
`;
