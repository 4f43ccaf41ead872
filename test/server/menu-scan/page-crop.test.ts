// Finding the menu in a big photo (page-crop.ts), so it can be cut out before the photo is shrunk for OCR.
import type { GreyImage } from '../../../server/menu-scan/deskew';
import { findHeldPage, findPageCrop, type ColourImage } from '../../../server/menu-scan/page-crop';

/** A 200 × 250 grey picture of `room`, with a rectangle of `paper` and dark lines of text on it. */
function photo(room: (x: number, y: number) => number, paper: { left: number; top: number; width: number; height: number; shade: number } | null) {
  const width = 200;
  const height = 250;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const onPaper = paper && x >= paper.left && x < paper.left + paper.width && y >= paper.top && y < paper.top + paper.height;
      const textLine = onPaper && (y - paper.top) % 8 === 4 && x > paper.left + 4 && x < paper.left + paper.width - 4;
      data[y * width + x] = onPaper ? (textLine ? 30 : paper.shade) : room(x, y);
    }
  }
  return { data, width, height };
}

const busyRoom = (x: number, y: number): number => 40 + ((x * 7 + y * 13) % 50);

describe('findPageCrop', () => {
  it('finds a small card in a big, busy photo, with a little room around it', () => {
    const crop = findPageCrop(photo(busyRoom, { left: 70, top: 60, width: 60, height: 90, shade: 235 }));
    expect(crop).not.toBeNull();
    expect(crop!.left).toBeGreaterThan(0.3);
    expect(crop!.left).toBeLessThanOrEqual(70 / 200);
    expect(crop!.left + crop!.width).toBeGreaterThanOrEqual(130 / 200);
    expect(crop!.top).toBeLessThanOrEqual(60 / 250);
    expect(crop!.top + crop!.height).toBeGreaterThanOrEqual(150 / 250);
    expect(crop!.width).toBeLessThan(0.4);
  });

  it('keeps the whole picture when the page fills it', () => {
    expect(findPageCrop(photo(busyRoom, { left: 5, top: 5, width: 190, height: 240, shade: 235 }))).toBeNull();
  });

  it('keeps the whole picture for a dark menu on a light table', () => {
    expect(findPageCrop(photo(() => 225, { left: 60, top: 60, width: 80, height: 100, shade: 25 }))).toBeNull();
  });

  it('keeps the whole picture when nothing in it is paper', () => {
    expect(findPageCrop(photo(busyRoom, null))).toBeNull();
  });
});

/** Rectangles of colour on a room, top to bottom in paint order; `ink` rectangles hold lines of text. */
interface Patch {
  left: number;
  top: number;
  width: number;
  height: number;
  rgb: [number, number, number];
  text?: boolean;
}

const inside = (p: Patch, x: number, y: number): boolean => x >= p.left && x < p.left + p.width && y >= p.top && y < p.top + p.height;

/** A 200 × 250 colour picture of the patches and its map of ink strokes at twice the size. */
function scene(patches: readonly Patch[]): { colour: ColourImage; grey: GreyImage; ink: GreyImage } {
  const width = 200;
  const height = 250;
  const data = new Uint8Array(width * height * 3);
  const grey = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let rgb: [number, number, number] = [92, 74, 60];
      for (const p of patches) if (inside(p, x, y)) rgb = p.rgb;
      data.set(rgb, (y * width + x) * 3);
      grey[y * width + x] = Math.round(0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]);
    }
  }
  const ink = Buffer.alloc(width * 2 * height * 2);
  for (let y = 0; y < height * 2; y += 1) {
    for (let x = 0; x < width * 2; x += 1) {
      const top = [...patches].reverse().find((p) => inside(p, x / 2, y / 2));
      // Lines of letters: a stroke every third pixel along rows 6 px apart.
      if (top?.text && y % 6 === 2 && x % 3 === 0) ink[y * width * 2 + x] = 1;
    }
  }
  return { colour: { data, width, height, channels: 3 }, grey: { data: grey, width, height }, ink: { data: ink, width: width * 2, height: height * 2 } };
}

describe('findHeldPage', () => {
  const window: Patch = { left: 120, top: 10, width: 70, height: 90, rgb: [232, 236, 239] };
  const card: Patch = { left: 70, top: 110, width: 50, height: 30, rgb: [250, 249, 245], text: true };
  const hand: Patch = { left: 60, top: 138, width: 40, height: 110, rgb: [217, 162, 126] };

  it('finds a small card held in a hand in front of a bright window, which the paper search alone cannot', () => {
    const { colour, grey, ink } = scene([window, card, hand]);
    expect(findPageCrop(grey)).toBeNull();
    const crop = findHeldPage(colour, ink);
    expect(crop).not.toBeNull();
    expect(crop!.left).toBeLessThanOrEqual(70 / 200);
    expect(crop!.left).toBeGreaterThan(60 / 200);
    expect(crop!.left + crop!.width).toBeGreaterThanOrEqual(120 / 200);
    expect(crop!.top).toBeLessThanOrEqual(110 / 250);
    expect(crop!.top + crop!.height).toBeGreaterThanOrEqual(138 / 250);
    expect(crop!.top + crop!.height).toBeLessThan(150 / 250);
  });

  it('does not cut a white panel of text out of a printed leaflet full of text', () => {
    const leaflet: Patch = { left: 0, top: 0, width: 200, height: 250, rgb: [200, 30, 40], text: true };
    const panel: Patch = { left: 60, top: 80, width: 80, height: 60, rgb: [250, 250, 250], text: true };
    const { colour, ink } = scene([leaflet, panel]);
    expect(findHeldPage(colour, ink)).toBeNull();
  });

  it('finds nothing where no bright part holds text (a window and a lamp in a room)', () => {
    const { colour, ink } = scene([window, { left: 20, top: 180, width: 30, height: 30, rgb: [201, 194, 184] }]);
    expect(findHeldPage(colour, ink)).toBeNull();
  });
});
