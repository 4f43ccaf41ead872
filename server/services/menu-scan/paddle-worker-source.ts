// Source of the long-lived worker thread that runs PaddleOCR (ONNX Runtime) on prepared menu pages.

/**
 * Plain CommonJS JavaScript, run with `new Worker(source, { eval: true })` (as pdf-worker-source.ts,
 * for the same reason: @gutenye/ocr-node is an ES module, which jest's CommonJS module system
 * cannot load, but a real worker thread can). Running in a thread keeps ONNX inference and the
 * library's pixel loops off the server's event loop.
 *
 * The library's own `Ocr.detect` binarizes the detector's text probability at 0.03, which merges
 * a menu's columns (and a name with the description beside it) into one box. This thread runs the
 * library's two models itself with PaddleOCR's usual threshold (0.3), so boxes stop at column gaps.
 *
 * workerData: { ocrUrl, commonBuildUrl, threads, threshold }
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

async function start() {
  await import(workerData.ocrUrl); // registers the Node backend (sharp images, onnxruntime-node)
  const backend = await import(workerData.commonBuildUrl + '/backend/backend.js');
  const { Detection } = await import(workerData.commonBuildUrl + '/models/Detection.js');
  const { Recognition } = await import(workerData.commonBuildUrl + '/models/Recognition.js');
  const detection = await Detection.create({ onnxOptions });
  const recognition = await Recognition.create({ onnxOptions });
  return { backend, detection, recognition };
}

const ready = start();
// A failed start is reported to each job that asks for it.
ready.catch(() => undefined);

async function read(png) {
  const { backend, detection, recognition } = await ready;
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
  return recognition.run(lineImages);
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
