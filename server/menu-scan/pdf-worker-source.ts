// Source of the throw-away worker thread that reads a PDF with pdf.js (see pdf-text.ts for why it is a string).

/**
 * Plain CommonJS JavaScript, run with `new Worker(source, { eval: true })`. pdf.js 5 is an ES
 * module and its Node build loads its own "fake worker" with a dynamic import(); neither works
 * inside jest's CommonJS module system, but both work in a real worker thread, which jest does not
 * touch. The thread also keeps parsing off the event loop and can be killed when a hostile PDF
 * makes pdf.js spin.
 *
 * workerData: { pdfjsUrl, data, maxPages, maxImagesPerPage, maxImagePixels, scannedPageMaxChars }
 * Posts { ok: true, numPages, pages: [{ items: [{ str, x, y, width, size, angle }], box: { width, height }, images: [{ data, width, height, channels }] }] }
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

function getImageObject(page, id) {
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => objs.get(id, resolve));
}

async function main() {
  const pdfjs = await import(workerData.pdfjsUrl);
  const doc = await pdfjs.getDocument({
    data: workerData.data,
    // Never compile the file's font programs into JavaScript functions.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // pdf.js skips decoding images bigger than this instead of allocating them.
    maxImageSize: workerData.maxImagePixels,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
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
    const images = [];
    const chars = items.reduce((sum, item) => sum + item.str.trim().length, 0);
    if (chars < workerData.scannedPageMaxChars) {
      // No real text layer (none, or only a page number or a scanner app's watermark): probably
      // a scanned menu. Hand its pictures back for OCR.
      const ops = await page.getOperatorList();
      for (let i = 0; i < ops.fnArray.length && images.length < workerData.maxImagesPerPage; i++) {
        const fn = ops.fnArray[i];
        let img = null;
        if (fn === pdfjs.OPS.paintImageXObject) img = await getImageObject(page, ops.argsArray[i][0]);
        else if (fn === pdfjs.OPS.paintInlineImageXObject) img = ops.argsArray[i][0];
        const raw = toRaw(img, workerData.maxImagePixels);
        if (raw) {
          images.push(raw);
          transfer.push(raw.data.buffer);
        }
      }
    }
    pages.push({ items, box: { width: viewport.width, height: viewport.height }, images });
    page.cleanup();
  }
  const numPages = doc.numPages;
  await doc.destroy();
  parentPort.postMessage({ ok: true, numPages, pages }, transfer);
}

main().catch((error) => {
  parentPort.postMessage({ ok: false, error: String((error && error.name) || 'Error') + ': ' + String(error && error.message) });
});
`;
