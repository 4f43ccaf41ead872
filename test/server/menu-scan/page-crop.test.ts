// Finding the menu in a big photo (page-crop.ts), so it can be cut out before the photo is shrunk for OCR.
import { findPageCrop } from '../../../server/menu-scan/page-crop';

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
