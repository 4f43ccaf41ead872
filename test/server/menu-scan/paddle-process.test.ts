// The PaddleOCR child process (paddle.ts): reads a page in a process of its own, and is ended after
// a quiet spell so its memory goes back to the system; the next page starts a new one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { MenuScanRejected } from '../../../server/menu-scan/errors';
import { OCR_IDLE_MS, PaddleEngine } from '../../../server/menu-scan/paddle';

jest.setTimeout(120_000);

/** A white page with one dark line of text. */
async function page(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="120"><rect width="640" height="120" fill="#fff"/>
    <text x="30" y="70" font-family="DejaVu Sans" font-size="36" fill="#111">Flat White 4.20</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Lets real I/O (the child's exit) happen while jest's fake clock stands still. */
async function until(condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 20_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('PaddleEngine', () => {
  // Every OCR process of the file logs its pages' stage figures, so the detector's test reads them from the
  // process the other tests share instead of starting one of its own (a process start is most of a test's CPU).
  const profile = path.join(os.tmpdir(), `paddle-profile-${process.pid}.jsonl`);
  process.env.MENU_OCR_PROFILE = profile;
  const engine = new PaddleEngine();
  afterAll(async () => {
    await engine.close();
    delete process.env.MENU_OCR_PROFILE;
    fs.rmSync(profile, { force: true });
  });
  afterEach(() => jest.useRealTimers());

  it('reads a page in a child process at a lower priority than the server, and ends that process after OCR_IDLE_MS without work', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const png = await page();
    const lines = await engine.exclusive((read) => read(png), 60_000);
    expect(lines.map((line) => line.text).join(' ')).toMatch(/Flat ?White/); // PaddleOCR drops some spaces; layout.ts puts them back
    const pid = engine.pid!;
    expect(pid).not.toBe(process.pid);
    expect(alive(pid)).toBe(true);
    // Stamps come first: the OCR process yields the cores to the server whenever both want them.
    expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());

    jest.advanceTimersByTime(OCR_IDLE_MS - 1000);
    expect(engine.pid).toBe(pid);
    jest.advanceTimersByTime(1000);
    await until(() => !alive(pid));
    expect(engine.pid).toBeUndefined();

    // The next page starts a fresh process.
    const again = await engine.exclusive((read) => read(png), 60_000);
    expect(again.map((line) => line.text).join(' ')).toMatch(/Flat ?White/);
    expect(engine.pid).not.toBe(pid);
  });

  it('runs the detector only where the page has ink: blank paper is skipped, its text still read', async () => {
    // A tall page (a menu with a wide margin below its few lines), profiled by the OCR process.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536"><rect width="1024" height="1536" fill="#fff"/>
      <text x="40" y="100" font-family="DejaVu Sans" font-size="36" fill="#111">Flat White 4.20</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const logged = fs.existsSync(profile) ? fs.readFileSync(profile, 'utf8').trim().split('\n').filter(Boolean).length : 0;
    const lines = await engine.exclusive((read) => read(png), 60_000);
    expect(lines.map((line) => line.text).join(' ')).toMatch(/Flat ?White/);
    // This page's line: the ones before it are the other tests' pages.
    const [stages, ...more] = fs
      .readFileSync(profile, 'utf8')
      .trim()
      .split('\n')
      .slice(logged)
      .map((line) => JSON.parse(line) as { tiles: number; detectorRuns: number; detectorPixels: number; recognizerPixels: number; cpuMs: number });
    expect(more).toHaveLength(0);
    expect(stages!.tiles).toBe(12); // 1024 × 1536 in tiles of 512 × 256
    expect(stages!.detectorRuns).toBeLessThanOrEqual(4); // the first strip and the one under it
    // What a page cost, for measuring on a loaded machine: the pixels each model read and the CPU time.
    expect(stages!.detectorPixels).toBeGreaterThanOrEqual(320 * 576); // the line's tile with its margins
    expect(stages!.detectorPixels).toBeLessThanOrEqual(stages!.detectorRuns * 384 * 640);
    expect(stages!.recognizerPixels).toBeGreaterThanOrEqual(48 * 100); // at least one line 48 px high
    expect(stages!.cpuMs).toBeGreaterThan(0);
  });

  it('prepares and reads an uploaded photo inside the OCR process: its lines, the size of the page as read, and the picture when asked', async () => {
    // A tilted JPEG: the process straightens it before reading, as the server did before handing it over.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="400"><rect width="900" height="400" fill="#fff"/>
      <text x="60" y="120" font-family="DejaVu Sans" font-size="36" fill="#111">Flat White ...... 4.20</text>
      <text x="60" y="220" font-family="DejaVu Sans" font-size="36" fill="#111">Croissant ....... 3.00</text></svg>`;
    const photo = await sharp(Buffer.from(svg)).rotate(4, { background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();

    const page = await engine.exclusive((_read, readPage) => readPage(photo, true), 60_000);

    expect(page!.lines.map((line) => line.text).join(' ')).toMatch(/Flat ?White.*Croissant/);
    const corners = page!.lines.flatMap((line) => line.box);
    expect(Math.max(...corners.map(([x]) => x!))).toBeLessThanOrEqual(page!.width);
    expect(Math.max(...corners.map(([, y]) => y!))).toBeLessThanOrEqual(page!.height);
    // The picture comes back as bytes the server can store and send: a JPEG of the page's shape.
    expect(Buffer.isBuffer(page!.view!.jpeg)).toBe(true);
    const view = await sharp(page!.view!.jpeg).metadata();
    expect(view.format).toBe('jpeg');
    expect(view.width! / view.height!).toBeCloseTo(page!.width / page!.height, 1);

    const withoutView = await engine.exclusive((_read, readPage) => readPage(photo, false), 60_000);
    expect(withoutView!.view).toBeNull();
  });

  it('answers null for a picture that cannot be read and refuses a decompression bomb with MenuScanRejected', async () => {
    const truncated = (await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fff' } }).png().toBuffer()).subarray(0, 200);
    await expect(engine.exclusive((_read, readPage) => readPage(truncated, false), 60_000)).resolves.toBeNull();

    // A PNG whose header claims 20,000 × 20,000 pixels: refused from the header, nothing decoded.
    const bomb = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } }).png().toBuffer();
    // IHDR's width and height follow the signature, the chunk's length and its type; its CRC follows the header.
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const refusal: unknown = await engine.exclusive((_read, readPage) => readPage(bomb, false), 60_000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MenuScanRejected);
    expect(refusal).toMatchObject({ reason: 'image-too-large', httpStatus: 413 });
  });
});
