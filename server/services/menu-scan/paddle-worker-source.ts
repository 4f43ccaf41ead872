// Source of the long-lived worker thread that runs PaddleOCR (ONNX Runtime) on prepared menu pages.

/**
 * Plain CommonJS JavaScript, run with `new Worker(source, { eval: true })` (as pdf-worker-source.ts,
 * for the same reason: @gutenye/ocr-node is an ES module, which jest's CommonJS module system
 * cannot load, but a real worker thread can). Running in a thread keeps ONNX inference and the
 * library's pixel loops off the server's event loop.
 *
 * The library's own `Ocr.detect` binarizes the detector's text probability at 0.03 and then joins
 * every box on one midline into one line, which merges a menu's columns (and a name with the
 * description beside it). This thread runs the library's detector with PaddleOCR's usual
 * threshold (0.3) and its box splitting, then the recognition model itself, in batches of lines
 * of similar width (several times faster than the library's one line per inference), and hands
 * back one result per box: the layout (layout.ts) decides what belongs together.
 *
 * workerData: { ocrUrl, commonBuildUrl, modelsUrl, ortUrl, threads, threshold }
 * Receives { id, png } (an RGB PNG); posts { id, ok: true, lines: [{ text, mean, box }] } with box
 * as four [x, y] corners in the detector's input pixels, or { id, ok: false, error }.
 */
export const PADDLE_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

const onnxOptions = {
  intraOpNumThreads: workerData.threads,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  // Without these ONNX Runtime keeps the peak buffers of every page size it has seen.
  enableCpuMemArena: false,
  enableMemPattern: false,
};

/** The recognizer reads lines 48 px high (PP-OCRv4). */
const REC_HEIGHT = 48;
/** Wider lines are squeezed: beyond this a menu line is a leader run, not more letters. */
const REC_MAX_WIDTH = 1600;
const REC_BATCH = 8;

async function start() {
  await import(workerData.ocrUrl); // registers the Node backend (sharp images, onnxruntime-node)
  const backend = await import(workerData.commonBuildUrl + '/backend/backend.js');
  const { Detection } = await import(workerData.commonBuildUrl + '/models/Detection.js');
  const models = (await import(workerData.modelsUrl)).default;
  const ort = await import(workerData.ortUrl);
  const detection = await Detection.create({ onnxOptions });
  const recognizer = await ort.InferenceSession.create(models.recognitionPath, onnxOptions);
  const text = require('node:fs').readFileSync(models.dictionaryPath, 'utf8');
  // CTC class 0 is the blank; class i is dictionary[i - 1]; the last class is a space.
  const dictionary = [...text.split('\n'), ' '];
  return { backend, detection, recognizer, dictionary, ort };
}

/** Runs the recognizer on lines in batches; answers { text, mean } per line, in order. */
async function recognize({ recognizer, dictionary, ort }, lineImages) {
  const lines = [];
  for (const lineImage of lineImages) {
    const crop = lineImage.image;
    const width = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((crop.width * REC_HEIGHT) / Math.max(1, crop.height))));
    const resized = await crop.resize({ width, height: REC_HEIGHT });
    lines.push({ image: resized, width });
  }
  const order = lines.map((_, i) => i).sort((a, b) => lines[a].width - lines[b].width);
  const results = new Array(lines.length);
  for (let start = 0; start < order.length; start += REC_BATCH) {
    const batch = order.slice(start, start + REC_BATCH);
    const batchWidth = Math.max(...batch.map((i) => lines[i].width));
    const plane = REC_HEIGHT * batchWidth;
    const data = new Float32Array(batch.length * 3 * plane);
    batch.forEach((lineIndex, b) => {
      const { image, width } = lines[lineIndex];
      const pixels = image.data;
      const base = b * 3 * plane;
      for (let y = 0; y < REC_HEIGHT; y++) {
        for (let x = 0; x < batchWidth; x++) {
          // Narrower lines are padded by repeating their last column (paper, not a black bar).
          const sx = x < width ? x : width - 1;
          const p = (y * image.width + Math.min(sx, image.width - 1)) * 4;
          const o = y * batchWidth + x;
          // Planar B, G, R in 0..1, as the library feeds this model.
          data[base + o] = pixels[p + 2] / 255;
          data[base + plane + o] = pixels[p + 1] / 255;
          data[base + 2 * plane + o] = pixels[p] / 255;
        }
      }
    });
    const feeds = { [recognizer.inputNames[0]]: new ort.Tensor('float32', data, [batch.length, 3, REC_HEIGHT, batchWidth]) };
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

async function read(png) {
  const engine = await ready;
  const { backend, detection } = engine;
  const image = await backend.ImageRaw.open(png);
  // The detector wants sides that are multiples of 32.
  const width = Math.max(32, Math.ceil(image.width / 32) * 32);
  const height = Math.max(32, Math.ceil(image.height / 32) * 32);
  const input = await image.resize({ width, height });
  const pixels = input.data;
  const plane = width * height;
  // Planar B, G, R in 0..1, as the library's imageToInput does, without its arrays of numbers.
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    data[i] = pixels[i * 4 + 2] / 255;
    data[plane + i] = pixels[i * 4 + 1] / 255;
    data[2 * plane + i] = pixels[i * 4] / 255;
  }
  const output = await detection.runModel({ modelData: { data, width, height }, onnxOptions: {} });
  const mapHeight = output.dims[2];
  const mapWidth = output.dims[3];
  const mask = new Uint8Array(mapWidth * mapHeight * 4);
  for (let i = 0; i < mapWidth * mapHeight; i++) {
    const v = output.data[i] > workerData.threshold ? 255 : 0;
    mask[i * 4] = v;
    mask[i * 4 + 1] = v;
    mask[i * 4 + 2] = v;
    mask[i * 4 + 3] = 255;
  }
  const lineImages = await backend.splitIntoLineImages(new backend.ImageRaw({ data: mask, width: mapWidth, height: mapHeight }), input);
  if (lineImages.length === 0) return [];
  const texts = await recognize(engine, lineImages);
  return texts.map((t, i) => ({ text: t.text, mean: t.mean, box: lineImages[i].box }));
}

parentPort.on('message', async ({ id, png }) => {
  try {
    const lines = await read(Buffer.from(png));
    parentPort.postMessage({
      id,
      ok: true,
      lines: lines.map((line) => ({ text: String(line.text), mean: Number(line.mean), box: line.box })),
    });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
});
`;
