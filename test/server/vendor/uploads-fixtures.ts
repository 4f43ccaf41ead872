// Files and multipart bodies for the vendor and image suites: real images made with sharp, a real
// PDF made with pdfkit, and the hostile ones (text named .png, truncated, decompression bomb).
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so a test controls every name, type and byte. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----stampwise${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid-colour image of the given size. */
function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
}

export function pngImage(width = 64, height = 32): Promise<Buffer> {
  return canvas(width, height).png().toBuffer();
}

/**
 * A JPEG as a phone writes it: EXIF with a description and an orientation of 6 (the pixels are
 * stored landscape, to be shown rotated 90° clockwise, i.e. portrait).
 */
export function jpegWithExif(description: string, width = 80, height = 40): Promise<Buffer> {
  return canvas(width, height)
    .jpeg()
    .withExif({ IFD0: { ImageDescription: description } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngWithExif(description: string): Promise<Buffer> {
  return canvas(40, 20).png().withExif({ IFD0: { ImageDescription: description } }).toBuffer();
}

export function webpImage(): Promise<Buffer> {
  return canvas(30, 30).webp().toBuffer();
}

export function gifImage(): Promise<Buffer> {
  return canvas(30, 30).gif().toBuffer();
}

/** Text under an image's name. */
export const textPretendingToBePng = Buffer.from('Flat White ...... 4.20\nCroissant $3\n');

/**
 * A genuine PNG of 20,000 × 20,000 one-bit pixels: about 60 kB on the wire, 400 megapixels
 * (1.2 GB as RGB) when decoded — the decompression bomb an upload must refuse from its header.
 */
export function decompressionBombPng(side = 20_000): Buffer {
  // Each row: a filter byte then side/8 zero bytes; all rows compress to almost nothing.
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return pngClaiming({ width: side, height: side, bitDepth: 1, colorType: 0 }, zlib.deflateSync(rows, { level: 9 }));
}

/**
 * A PNG whose header claims these dimensions and pixel format, with `idat` (by default a few bytes)
 * as its image data: what an upload check reads from the header is all that matters.
 */
export function pngClaiming(
  { width, height, bitDepth, colorType }: { width: number; height: number; bitDepth: number; colorType: number },
  idat: Buffer = zlib.deflateSync(Buffer.alloc(16)),
): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType; // 0 greyscale, 2 RGB, 6 RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a text layer. */
export function pdfMenu(lines: string[] = ['Flat White ..... 4.20', 'Croissant ..... 3.00']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}
