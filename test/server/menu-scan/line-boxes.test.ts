// The OCR process's text-line finder (line-boxes-source.ts): the detector's mask in, line boxes and
// upright line crops out. The source is plain JavaScript for the child process; evaluated here.
import { LINE_BOXES_SOURCE } from '../../../server/menu-scan/line-boxes-source';

type Point = [number, number];
interface Crop {
  data: Uint8Array;
  width: number;
  height: number;
}
interface LineBoxes {
  findLineBoxes(mask: Uint8Array, width: number, height: number): Point[][];
  cropLine(rgb: Uint8Array, width: number, height: number, box: Point[]): Crop;
}

// The source is ours: evaluated as one script, as the OCR process runs it.
const { findLineBoxes, cropLine } = new Function(`${LINE_BOXES_SOURCE}\nreturn { findLineBoxes, cropLine };`)() as LineBoxes;

const WIDTH = 400;
const HEIGHT = 200;

/** A mask with the given pixels set: `inside(x, y)` says which. */
function mask(inside: (x: number, y: number) => boolean): Uint8Array {
  const m = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) for (let x = 0; x < WIDTH; x += 1) m[y * WIDTH + x] = inside(x, y) ? 1 : 0;
  return m;
}

const rect = (left: number, top: number, width: number, height: number) => (x: number, y: number) =>
  x >= left && x < left + width && y >= top && y < top + height;

describe('findLineBoxes', () => {
  it('boxes each text region, grown by PaddleOCR’s unclip, corners clockwise from the top left', () => {
    const boxes = findLineBoxes(mask((x, y) => rect(20, 30, 101, 11)(x, y) || rect(200, 100, 61, 9)(x, y)), WIDTH, HEIGHT);
    // Pixel centres span 100 × 10 (unclip: 100·10·1.5 / (2·110) ≈ 6.8 px a side) and 60 × 8 (≈ 5.3 px).
    expect(boxes).toEqual([
      [[13, 23], [127, 23], [127, 47], [13, 47]],
      [[195, 95], [265, 95], [265, 113], [195, 113]],
    ]);
  });

  it('follows a tilted line', () => {
    const slope = Math.tan((5 * Math.PI) / 180);
    const [box] = findLineBoxes(mask((x, y) => x >= 50 && x < 300 && Math.abs(y - (150 - (x - 50) * slope)) <= 5), WIDTH, HEIGHT);
    const [tl, tr, br, bl] = box!;
    // Rising to the right by about 250 · tan 5° ≈ 22 px; left and right edges upright to it.
    expect(tl![1] - tr![1]).toBeGreaterThan(18);
    expect(tl![1] - tr![1]).toBeLessThan(26);
    expect(bl![1] - br![1]).toBeGreaterThan(18);
    expect(tl![0]).toBeLessThan(bl![0]);
  });

  it('leaves out specks and hairlines, and keeps boxes inside the page', () => {
    const boxes = findLineBoxes(mask((x, y) => rect(10, 10, 2, 2)(x, y) || rect(100, 50, 200, 1)(x, y) || rect(0, 190, 60, 10)(x, y)), WIDTH, HEIGHT);
    expect(boxes).toHaveLength(1);
    for (const [x, y] of boxes[0]!) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(HEIGHT);
    }
  });
});

describe('cropLine', () => {
  /** An RGB page whose red is x, green is y and blue is 7 everywhere. */
  const page = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) page.set([x % 256, y, 7], (y * WIDTH + x) * 3);
  }

  it('cuts out an upright box pixel for pixel', () => {
    const crop = cropLine(page, WIDTH, HEIGHT, [[10, 20], [50, 20], [50, 30], [10, 30]]);
    expect([crop.width, crop.height]).toEqual([40, 10]);
    expect([...crop.data.subarray(0, 3)]).toEqual([10, 20, 7]);
    const last = (9 * 40 + 39) * 3;
    expect([...crop.data.subarray(last, last + 3)]).toEqual([49, 29, 7]);
  });

  it('turns a crop at least 1.5× taller than wide a quarter, so its right edge is on top', () => {
    const crop = cropLine(page, WIDTH, HEIGHT, [[100, 10], [110, 10], [110, 40], [100, 40]]);
    expect([crop.width, crop.height]).toEqual([30, 10]);
    // Top left of the turned crop is the original's top right.
    expect([...crop.data.subarray(0, 3)]).toEqual([109, 10, 7]);
  });
});
