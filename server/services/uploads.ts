// Checks uploaded files by what they contain, never by their name or declared type: magic bytes,
// size limits and, for images, a real decode (so a `.png` holding text, a truncated file or a
// decompression bomb is refused before anything else touches it).
import sharp from 'sharp';
import type { MenuFileKind } from '../menu-scan';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http-errors';
import { MAX_IMAGE_BYTES, MAX_MENU_BYTES } from '../../src/api/contract/limits';

export type ImageKind = 'png' | 'jpeg' | 'webp';
export type SniffedKind = ImageKind | 'pdf';

/** Logo and cover images, and menu files: the contract's limits, which the forms check too. */
export { MAX_IMAGE_BYTES, MAX_MENU_BYTES };
/**
 * Decompression-bomb guard, read from the header before any pixel is decoded: a 20,000 × 20,000
 * PNG is a few kilobytes on the wire but 1.6 GB in memory. 50 MP still admits any phone camera.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * The memory a full decode would take (pixels × channels × bytes per sample), also read from the
 * header: 16-bit RGBA doubles what 8-bit RGB needs for the same pixel count.
 */
export const MAX_DECODED_BYTES = 256 * 1024 * 1024;

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 };

const MEGABYTE = 1024 * 1024;

/** The format a file's first bytes announce, or null when they announce none we take. */
export function sniffKind(file: Buffer): SniffedKind | null {
  if (file.length >= 8 && file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (file.length >= 3 && file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpeg';
  if (file.length >= 12 && file.toString('latin1', 0, 4) === 'RIFF' && file.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (file.length >= 5 && file.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/**
 * The bytes of an uploaded multipart file field (attachFieldsToBody 'keyValues' hands files over as
 * Buffers). undefined when the field is absent or sent as text (e.g. an empty form value), which
 * callers treat as "no file"; a field sent twice is a bad request.
 */
export function uploadedFile(body: unknown, field: string): Buffer | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  if (Array.isArray(value)) throw badRequest(`Send one ${field} file, not ${value.length}.`, [{ field, message: 'must be a single file' }]);
  return Buffer.isBuffer(value) ? value : undefined;
}

export interface UploadRules<K extends SniffedKind> {
  /** The form field, used in messages (`logo`, `cover`, `menu`). */
  field: string;
  /** What the user would call it: "The logo", "The menu file". */
  label: string;
  accepted: readonly K[];
  maxBytes: number;
}

/**
 * The kind of `file` if it is one of `rules.accepted` and within the limits: 400 when empty,
 * 413 when too big (bytes or pixels), 415 when it is not an accepted format, 400 when it claims to
 * be one but does not decode (truncated or damaged).
 */
export async function checkUpload<K extends SniffedKind>(file: Buffer, rules: UploadRules<K>): Promise<K> {
  const { field, label } = rules;
  if (file.length === 0) throw badRequest(`${label} is empty.`, [{ field, message: 'is empty' }]);
  if (file.length > rules.maxBytes) {
    throw payloadTooLarge(`${label} is too large: at most ${rules.maxBytes / MEGABYTE} MB.`);
  }
  const kind = sniffKind(file);
  if (kind === null || !(rules.accepted as readonly SniffedKind[]).includes(kind)) {
    throw unsupportedMediaType(`${label} must be ${describeKinds(rules.accepted)}.`);
  }
  if (kind === 'pdf') {
    if (!looksLikeCompletePdf(file)) throw damaged(field, label);
  } else {
    await checkImageDecodes(file, field, label);
  }
  return kind as K;
}

/** "a PNG, JPEG or WebP image", "a PDF, PNG or JPEG file". */
export function describeKinds(kinds: readonly SniffedKind[]): string {
  const names = kinds.map((kind) => (kind === 'webp' ? 'WebP' : kind.toUpperCase()));
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return kinds.includes('pdf') ? `a ${list} file` : `a ${list} image`;
}

/**
 * A PDF is read from its end (the cross-reference table and trailer): one cut short in transit
 * has no `%%EOF` in its last kilobyte. Whether its contents parse is the scanner's concern.
 */
function looksLikeCompletePdf(file: Buffer): boolean {
  return file.subarray(Math.max(0, file.length - 1024)).includes('%%EOF', 0, 'latin1');
}

/**
 * Reads the header (size check before decoding), then decodes every pixel into a thumbnail:
 * JPEG shrink-on-load keeps this cheap, and a truncated or corrupt file fails here.
 */
async function checkImageDecodes(file: Buffer, field: string, label: string): Promise<void> {
  let width: number;
  let height: number;
  let decodedBytes: number;
  try {
    // Only the header is read here; the pixel limit is ours to check (with a clearer answer).
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
    decodedBytes = width * height * (meta.channels ?? 4) * (BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 1);
  } catch {
    throw damaged(field, label);
  }
  if (!width || !height) throw damaged(field, label);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw payloadTooLarge(`${label} is too large: ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
  if (decodedBytes > MAX_DECODED_BYTES) {
    throw payloadTooLarge(`${label} is too large: it would take ${Math.ceil(decodedBytes / MEGABYTE)} MB to open; at most ${MAX_DECODED_BYTES / MEGABYTE} MB.`);
  }
  try {
    await sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw damaged(field, label);
  }
}

function damaged(field: string, label: string) {
  return badRequest(`${label} could not be read; it may be damaged or incomplete.`, [{ field, message: 'could not be read' }]);
}

/** The menu kinds the scanner reads (menus are pdf, png or jpeg). */
export const MENU_KINDS: readonly MenuFileKind[] = ['pdf', 'png', 'jpeg'];
export const IMAGE_KINDS: readonly ImageKind[] = ['png', 'jpeg', 'webp'];

/** Checks a menu file (upload-menu, or the one sent with registration) and answers the scanner's kind. */
export function checkMenuFile(file: Buffer, field = 'menu'): Promise<MenuFileKind> {
  return checkUpload(file, { field, label: 'The menu file', accepted: MENU_KINDS, maxBytes: MAX_MENU_BYTES });
}
