// Source of the OCR child process that runs PaddleOCR (ONNX Runtime) on prepared menu pages.
import { LINE_BOXES_SOURCE } from './line-boxes-source';

/**
 * Plain CommonJS JavaScript, run as `node -e <source>` with an IPC channel (paddle.ts). A child
 * process rather than a worker thread because its memory can be handed back: glibc's allocator is
 * told (MALLOC_MMAP_THRESHOLD_, set by paddle.ts) to give every large buffer its own mapping, so
 * the detector's and recognizer's tensors return to the system when freed instead of staying in
 * the heap. Inside the server's process the heap kept them: measured +430 MB after one page and
 * +710 MB after four, against a ~290 MB peak for this whole process (docs/menu-scanning.md).
 *
 * Per page: the detector (PP-OCRv4) reads the page in tiles with an overlap, so its working memory
 * is that of a tile whatever the page size, and skips tiles of blank paper; the text mask it leaves becomes line
 * boxes (line-boxes-source.ts); the recognizer reads the lines one at a time, each at most
 * REC_MAX_WIDTH wide. Answers one result per box: the layout (layout.ts) decides what belongs
 * together.
 *
 * The process also prepares the uploaded pages (page-reading.ts, loaded from pageReadingPath: sharp's
 * decoding, cropping, straightening and lighting), so the native memory sharp's threads leave behind is
 * given back with the process, not kept by the long-lived server.
 *
 * Configuration: JSON in STAMPWISE_PADDLE_CONFIG: { ortPath, sharpPath, pageReadingPath, tsxApiPath,
 * modelsUrl, threads, threshold }. Receives { id, kind: 'lines', png } (a prepared RGB PNG) and answers
 * { id, ok: true, result: [{ text, mean, box }] } with box as four [x, y] corners in the page's pixels;
 * receives { id, kind: 'page', file | raw, withView } (an uploaded PNG or JPEG, or a PDF's decoded picture)
 * and answers { id, ok: true, result: { lines, width, height, view } or null } (page-reading.ts's PageOcr).
 * A failure answers { id, ok: false, error, rejected? } (rejected: a MenuScanRejected's reason).
 * With MENU_OCR_PROFILE=<file> it appends each page's stage times and memory there (a measuring aid:
 * memoryMb is the RSS before the page, then the high-water mark after detection, boxes, recognition;
 * tiles and detectorRuns: the detector's tiles, and those it read, blank ones being skipped; unread: a page
 * whose boxes were too low to read there (ReadOptions);
 * detectorPixels and recognizerPixels: the pixels each model was given; cpuMs: the CPU time of all
 * the process's threads for the page, which a loaded machine does not inflate as it does the wall time).
 */
export const PADDLE_PROCESS_SOURCE = String.raw`
'use strict';
const fs = require('node:fs');
const os = require('node:os');
// Stamps come before menus: the server's thread wins the cores whenever both want them. Set before
// ONNX Runtime and sharp start their threads, which inherit it (on Linux, niceness is per thread).
try {
  os.setPriority(Math.min(19, os.getPriority() + 10));
} catch {
  // A system that refuses only costs the scan its politeness, not the scan.
}
const config = JSON.parse(process.env.STAMPWISE_PADDLE_CONFIG);
const ort = require(config.ortPath);
const sharp = require(config.sharpPath);
// libvips' operation cache and thread pool would keep memory for pages that are gone.
sharp.cache(false);
sharp.concurrency(1);
if (config.tsxApiPath) require(config.tsxApiPath).register();
const pageReading = require(config.pageReadingPath);

const onnxOptions = {
  intraOpNumThreads: config.threads,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  // Idle inference threads sleep instead of spinning: a spinning thread holds a core the server
  // (or, on a shared machine, anything else) could use, and measured slower on a loaded machine.
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  // The arena is kept (measured: without it every run maps fresh memory and pages run 3-5x slower);
  // the tiles and one-line recognizer runs below keep what it holds small. Memory patterns are planned per
  // input shape and would be kept for every shape seen.
  enableCpuMemArena: true,
  enableMemPattern: false,
};

/** Detector tiles: the rows and columns read at once, and the context read around them (multiples of 32). */
const TILE_ROWS = 256;
const TILE_COLUMNS = 512;
const TILE_MARGIN = 64;
/**
 * A tile with no pixel darker than this (0-255) is blank paper: the lighting correction has made
 * paper white and ink black, so the detector is not run on it (its mask stays empty).
 */
const BLANK_TILE_LEVEL = 200;
/** The recognizer reads lines 48 px high (PP-OCRv4's model takes no other height). */
const REC_HEIGHT = 48;
/** Wider lines are squeezed: beyond this a menu line is a leader run, not more letters. */
const REC_MAX_WIDTH = 1600;
/**
 * A batch holds up to this many lines and this many pixels of line width in all. One line a run:
 * no line is padded to a wider neighbour's width, and measured on real menu photos it reads the
 * same lines at least as well (batches of 16 lost items: the padding changes what the recognizer
 * reads) and 15-20 % faster than batches of 4-8.
 */
const REC_BATCH = 1;
const REC_BATCH_WIDTH = REC_MAX_WIDTH;

${LINE_BOXES_SOURCE}

async function start() {
  const models = (await import(config.modelsUrl)).default;
  const detector = await ort.InferenceSession.create(models.detectionPath, onnxOptions);
  const recognizer = await ort.InferenceSession.create(models.recognitionPath, onnxOptions);
  const text = fs.readFileSync(models.dictionaryPath, 'utf8');
  // CTC class 0 is the blank; class i is dictionary[i - 1]; the last class is a space.
  const dictionary = [...text.split('\n'), ' '];
  return { detector, recognizer, dictionary };
}

/**
 * The detector's text mask (1 = text) of a page whose sides are multiples of 32, and how many
 * tiles the page had and how many of them the detector read (the others were blank).
 */
async function detect(detector, rgb, width, height) {
  const mask = new Uint8Array(width * height);
  // One input buffer for every tile of the page (a tile's tensor is a view of its start): a fresh
  // array per tile would leave ~3 MB of garbage a tile until V8 collects it.
  const buffer = new Float32Array(3 * (TILE_ROWS + 2 * TILE_MARGIN) * (TILE_COLUMNS + 2 * TILE_MARGIN));
  let tiles = 0;
  let detectorRuns = 0;
  let detectorPixels = 0;
  for (let coreTop = 0; coreTop < height; coreTop += TILE_ROWS) {
    const coreBottom = Math.min(height, coreTop + TILE_ROWS);
    const top = Math.max(0, coreTop - TILE_MARGIN);
    const bottom = Math.min(height, coreBottom + TILE_MARGIN);
    for (let coreLeft = 0; coreLeft < width; coreLeft += TILE_COLUMNS) {
      const coreRight = Math.min(width, coreLeft + TILE_COLUMNS);
      const left = Math.max(0, coreLeft - TILE_MARGIN);
      const right = Math.min(width, coreRight + TILE_MARGIN);
      tiles++;
      if (isBlank(rgb, width, left, top, right, bottom)) continue;
      // The whole tile, blank parts and all: reading only the inked rectangle of a tile was measured
      // and not kept, as it changes what the detector finds near the rectangle's edges.
      const rows = bottom - top;
      const columns = right - left;
      const plane = rows * columns;
      // Planar B, G, R in 0..1, as PaddleOCR's Node port feeds this model.
      const data = buffer.subarray(0, 3 * plane);
      for (let y = 0; y < rows; y++) {
        let p = ((top + y) * width + left) * 3;
        let o = y * columns;
        for (let x = 0; x < columns; x++, p += 3, o++) {
          data[o] = rgb[p + 2] / 255;
          data[plane + o] = rgb[p + 1] / 255;
          data[2 * plane + o] = rgb[p] / 255;
        }
      }
      detectorRuns++;
      detectorPixels += plane;
      const outputs = await detector.run({ [detector.inputNames[0]]: new ort.Tensor('float32', data, [1, 3, rows, columns]) });
      const probability = outputs[detector.outputNames[0]].data;
      // Text is kept from the core and half the margin around it: where tiles overlap, text seen
      // by either counts, so a line running across a cut stays one region.
      const keepTop = Math.max(top, coreTop - TILE_MARGIN / 2);
      const keepBottom = Math.min(bottom, coreBottom + TILE_MARGIN / 2);
      const keepLeft = Math.max(left, coreLeft - TILE_MARGIN / 2);
      const keepRight = Math.min(right, coreRight + TILE_MARGIN / 2);
      for (let y = keepTop; y < keepBottom; y++) {
        for (let x = keepLeft; x < keepRight; x++) {
          if (probability[(y - top) * columns + (x - left)] > config.threshold) mask[y * width + x] = 1;
        }
      }
    }
  }
  return { mask, tiles, detectorRuns, detectorPixels };
}

/** True if no pixel of the area is darker than BLANK_TILE_LEVEL in any channel. */
function isBlank(rgb, width, left, top, right, bottom) {
  for (let y = top; y < bottom; y++) {
    let p = (y * width + left) * 3;
    for (let x = left; x < right; x++, p += 3) {
      if (rgb[p] < BLANK_TILE_LEVEL || rgb[p + 1] < BLANK_TILE_LEVEL || rgb[p + 2] < BLANK_TILE_LEVEL) return false;
    }
  }
  return true;
}

/** Runs the recognizer on line crops in batches; answers { text, mean } per line, in order. */
async function recognize({ recognizer, dictionary }, crops) {
  const lines = [];
  for (let i = 0; i < crops.length; i++) {
    const crop = crops[i];
    // The crop is not needed once resized: letting it go keeps only the 48-px lines.
    crops[i] = null;
    const width = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((crop.width * REC_HEIGHT) / Math.max(1, crop.height))));
    const data = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .resize({ width, height: REC_HEIGHT, fit: 'fill' })
      .raw()
      .toBuffer();
    lines.push({ data, width });
  }
  const order = lines.map((_, i) => i).sort((a, b) => lines[a].width - lines[b].width);
  const results = new Array(lines.length);
  results.recognizerPixels = 0;
  // One input buffer for every batch (a batch's tensor is a view of its start), not one per line.
  const buffer = new Float32Array(REC_BATCH * 3 * REC_HEIGHT * REC_MAX_WIDTH);
  for (let start = 0; start < order.length; ) {
    // Sorted by width, so the last line of a batch is its widest.
    let end = start + 1;
    while (end < order.length && end - start < REC_BATCH && (end - start + 1) * lines[order[end]].width <= REC_BATCH_WIDTH) end++;
    const batch = order.slice(start, end);
    start = end;
    const batchWidth = lines[batch[batch.length - 1]].width;
    const plane = REC_HEIGHT * batchWidth;
    results.recognizerPixels += batch.length * plane;
    const input = buffer.subarray(0, batch.length * 3 * plane);
    batch.forEach((lineIndex, b) => {
      const { data, width } = lines[lineIndex];
      const base = b * 3 * plane;
      for (let y = 0; y < REC_HEIGHT; y++) {
        for (let x = 0; x < batchWidth; x++) {
          // Narrower lines are padded by repeating their last column (paper, not a black bar).
          const p = (y * width + Math.min(x, width - 1)) * 3;
          const o = y * batchWidth + x;
          input[base + o] = data[p + 2] / 255;
          input[base + plane + o] = data[p + 1] / 255;
          input[base + 2 * plane + o] = data[p] / 255;
        }
      }
    });
    const feeds = { [recognizer.inputNames[0]]: new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, batchWidth]) };
    const output = (await recognizer.run(feeds))[recognizer.outputNames[0]];
    const [, steps, classes] = output.dims;
    const probs = output.data;
    batch.forEach((lineIndex, b) => {
      let text = '';
      let sum = 0;
      let count = 0;
      let previous = -1;
      for (let t = 0; t < steps; t++) {
        const offset = (b * steps + t) * classes;
        let best = 0;
        let bestP = -Infinity;
        for (let c = 0; c < classes; c++) {
          const v = probs[offset + c];
          if (v > bestP) {
            bestP = v;
            best = c;
          }
        }
        if (best !== 0 && best !== previous) {
          text += dictionary[best - 1] ?? '';
          sum += bestP;
          count++;
        }
        previous = best;
      }
      results[lineIndex] = { text, mean: count ? sum / count : 0 };
    });
  }
  return results;
}

const ready = start();
// A failed start is reported to each job that asks for it.
ready.catch(() => undefined);

/** User and system CPU of all this process's threads (ONNX Runtime's included), in ms. */
function cpuMs(usage) {
  return Math.round((usage.user + usage.system) / 1000);
}

function highWaterMb() {
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024);
}

/** The median height of line boxes (their left edges' length: a tilted box's extent would overstate it). */
function medianBoxHeight(boxes) {
  const heights = boxes.map((b) => Math.hypot(b[3][0] - b[0][0], b[3][1] - b[0][1])).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}

/** Lines below this many are too few to judge a page's type size by. */
const MIN_LINES_FOR_HEIGHT = 3;

async function read(png, options) {
  const engine = await ready;
  const profile = process.env.MENU_OCR_PROFILE;
  // Memory in MB: the start, and the high-water mark after each stage (reset for each page).
  const memory = profile ? [Math.round(process.memoryUsage().rss / 2 ** 20)] : [];
  if (profile) fs.writeFileSync('/proc/self/clear_refs', '5');
  const started = Date.now();
  const cpuStarted = profile ? process.cpuUsage() : null;
  const info = await sharp(png).metadata();
  // The detector wants sides that are multiples of 32: the page's edge pixels are repeated. One
  // decode straight to the padded size, so no second copy of the page's pixels is held.
  const width = Math.max(32, Math.ceil(info.width / 32) * 32);
  const height = Math.max(32, Math.ceil(info.height / 32) * 32);
  let rgb = await sharp(png)
    .removeAlpha()
    .extend({ right: width - info.width, bottom: height - info.height, extendWith: 'copy' })
    .raw()
    .toBuffer();
  const { mask, tiles, detectorRuns, detectorPixels } = await detect(engine.detector, rgb, width, height);
  const detected = Date.now();
  if (profile) memory.push(highWaterMb());
  let boxes = findLineBoxes(mask, width, height);
  // Letters too small for the detector's input: the caller reads the page again, larger (paddle.ts, ReadOptions).
  const below = options && options.unreadBelowLineHeight;
  if (below && boxes.length >= MIN_LINES_FOR_HEIGHT && medianBoxHeight(boxes) < below) {
    if (profile) {
      const stages = { width, height, tiles, detectorRuns, detectorPixels, lines: boxes.length, unread: true, detectMs: detected - started, cpuMs: cpuMs(process.cpuUsage(cpuStarted)), memoryMb: [...memory, highWaterMb()] };
      fs.appendFileSync(profile, JSON.stringify(stages) + '\n');
    }
    return boxes.map((box) => ({ text: '', mean: 0, box }));
  }
  const crops = boxes.map((box) => cropLine(rgb, width, height, box));
  const fragments = fragmentPairs(boxes);
  const joinedCrops = fragments.map(({ joined }) => cropLine(rgb, width, height, joined));
  // The page's pixels are in the crops now: let them go before the recognizer's memory grows.
  rgb = null;
  const boxed = Date.now();
  if (profile) memory.push(highWaterMb());
  let texts = boxes.length ? await recognize(engine, crops) : [];
  ({ boxes, texts } = await rereadFragments(engine, boxes, texts, fragments, joinedCrops));
  if (profile) {
    memory.push(highWaterMb());
    const stages = { width, height, tiles, detectorRuns, detectorPixels, recognizerPixels: texts.recognizerPixels ?? 0, lines: boxes.length, detectMs: detected - started, boxesMs: boxed - detected, recognizeMs: Date.now() - boxed, cpuMs: cpuMs(process.cpuUsage(cpuStarted)), memoryMb: memory };
    fs.appendFileSync(profile, JSON.stringify(stages) + '\n');
  }
  return texts.map((t, i) => ({ text: t.text, mean: t.mean, box: boxes[i] }));
}

/** A box this many times as wide as it is high, or narrower, may be a piece of a line the detector cut … */
const FRAGMENT_MAX_ASPECT = 3;
/** … where the next box on its row starts within this share of its height of its right edge … */
const FRAGMENT_MAX_GAP = 0.6;
/** … and reads doubtfully (nothing, or a mean below this): it is read again joined with that box. */
const FRAGMENT_DOUBT = 0.6;

/** The box's height along its left edge and its width along its top. */
function boxSides(box) {
  return { width: Math.hypot(box[1][0] - box[0][0], box[1][1] - box[0][1]), height: Math.hypot(box[3][0] - box[0][0], box[3][1] - box[0][1]) };
}

/**
 * Short boxes with a box starting just right of them on the same row (a price cut at its decimal point:
 * "12." beside "90"), each with the box joining the two. Their joined crops are cut with the other
 * crops, while the page's pixels are still held.
 */
function fragmentPairs(boxes) {
  const pairs = [];
  boxes.forEach((box, i) => {
    const { width, height } = boxSides(box);
    if (height < 4 || width > FRAGMENT_MAX_ASPECT * height) return;
    const top = (box[0][1] + box[1][1]) / 2;
    const bottom = (box[3][1] + box[2][1]) / 2;
    const right = (box[1][0] + box[2][0]) / 2;
    let best = -1;
    let bestGap = Infinity;
    boxes.forEach((other, j) => {
      if (j === i) return;
      const otherTop = (other[0][1] + other[1][1]) / 2;
      const otherBottom = (other[3][1] + other[2][1]) / 2;
      const overlap = Math.min(bottom, otherBottom) - Math.max(top, otherTop);
      if (overlap < 0.6 * Math.min(bottom - top, otherBottom - otherTop)) return;
      const otherHeight = boxSides(other).height;
      if (otherHeight > 1.5 * height || height > 1.5 * otherHeight) return;
      const gap = (other[0][0] + other[3][0]) / 2 - right;
      if (gap < -0.2 * height || gap > FRAGMENT_MAX_GAP * height || gap >= bestGap) return;
      best = j;
      bestGap = gap;
    });
    if (best >= 0) pairs.push({ left: i, right: best, joined: [box[0], boxes[best][1], boxes[best][2], box[3]] });
  });
  return pairs;
}

/**
 * A short box that read doubtfully is read again joined with its neighbour; the joined reading replaces
 * both where it holds at least the neighbour's characters at most a little less surely. Answers the boxes
 * and readings, a replaced pair as one.
 */
async function rereadFragments(engine, boxes, texts, fragments, joinedCrops) {
  const doubtful = fragments.map((pair, k) => ({ pair, crop: joinedCrops[k] })).filter(({ pair }) => {
    const t = texts[pair.left];
    return t.text === '' || t.mean < FRAGMENT_DOUBT;
  });
  if (doubtful.length === 0) return { boxes, texts };
  const again = await recognize(engine, doubtful.map(({ crop }) => crop));
  const gone = new Set();
  const joinedBox = new Map();
  const joinedText = new Map();
  doubtful.forEach(({ pair }, k) => {
    const neighbour = texts[pair.right];
    const reading = again[k];
    if (gone.has(pair.left) || gone.has(pair.right) || joinedBox.has(pair.right)) return;
    if (reading.text.length < neighbour.text.length || reading.mean < 0.9 * neighbour.mean) return;
    gone.add(pair.left);
    joinedBox.set(pair.right, pair.joined);
    joinedText.set(pair.right, reading);
  });
  if (gone.size === 0) return { boxes, texts };
  const keptBoxes = [];
  const keptTexts = [];
  boxes.forEach((box, i) => {
    if (gone.has(i)) return;
    keptBoxes.push(joinedBox.get(i) ?? box);
    keptTexts.push(joinedText.get(i) ?? texts[i]);
  });
  keptTexts.recognizerPixels = (texts.recognizerPixels ?? 0) + (again.recognizerPixels ?? 0);
  return { boxes: keptBoxes, texts: keptTexts };
}

/** A Buffer view of bytes received over the channel, not a copy. */
function asBuffer(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

process.on('message', async (request) => {
  const { id } = request;
  try {
    const result =
      request.kind === 'page'
        ? await pageReading.readPage(request.file ? asBuffer(request.file) : request.raw, request.withView, read)
        : await read(asBuffer(request.png));
    process.send({ id, ok: true, result });
  } catch (error) {
    const rejected = error && error.name === 'MenuScanRejected' ? error.reason : undefined;
    process.send({ id, ok: false, error: String((error && error.message) || error), rejected });
  }
});
// The server went away (or closed the scanner): nothing is left to read for.
process.on('disconnect', () => process.exit(0));
`;
