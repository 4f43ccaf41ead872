// Logo and cover images: checked by content, then re-encoded (upright, metadata stripped, size
// capped); the stored bytes are named by their SHA-256, so their URL can be cached forever.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../deps';
import { badRequest } from '../http-errors';
import { findImage, type StoredImage } from '../repositories/images';
import { checkUpload, IMAGE_KINDS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type ImageKind } from './uploads';

/** Longest side of a stored image: plenty for a cover banner on a wide screen. */
export const MAX_STORED_SIDE = 1600;

const MIME: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export interface EncodedImage {
  id: string;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
}

/** The public, content-addressed URL of a stored image (served by routes/images.ts). */
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `/api/images/${imageId}` : null;
}

/** A stored logo or cover by its id (the SHA-256 of its bytes), or undefined. */
export async function findStoredImage(deps: Pick<AppDeps, 'db'>, imageId: string): Promise<StoredImage | undefined> {
  return findImage(deps.db.kysely, imageId);
}

/**
 * Re-encodes an image in its own format. sharp writes no EXIF, XMP, IPTC or comments unless told
 * to, so GPS positions and camera details of a phone photo never reach the public URL; the EXIF
 * orientation is applied to the pixels first so the image stays upright without it.
 */
export async function reencodeImage(file: Buffer, kind: ImageKind): Promise<EncodedImage> {
  const pipeline = sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true })
    .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    kind === 'png' ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    : kind === 'jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true })
    : pipeline.webp({ quality: 85 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const id = crypto.createHash('sha256').update(data).digest('hex');
  return { id, mime: MIME[kind], data, width: info.width, height: info.height };
}

/**
 * Checks an uploaded logo or cover (400/413/415 as `checkUpload` says) and answers its re-encoded
 * form, ready for `insertImageIfAbsent`.
 */
export async function prepareUploadedImage(file: Buffer, field: string, label: string): Promise<EncodedImage> {
  const kind = await checkUpload(file, { field, label, accepted: IMAGE_KINDS, maxBytes: MAX_IMAGE_BYTES });
  try {
    return await reencodeImage(file, kind);
  } catch {
    // It decoded a moment ago; whatever stops the encoder is still the file's fault.
    throw badRequest(`${label} could not be read; it may be damaged or incomplete.`, [{ field, message: 'could not be read' }]);
  }
}
