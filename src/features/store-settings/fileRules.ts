// Client-side checks of picked files; the server checks the content again.
import { MENU_UPLOAD, STORE_SETTINGS } from '../../constants';

/** null when the file may be used, otherwise the message to show. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return STORE_SETTINGS.imageOnly;
  if (file.size > STORE_SETTINGS.imageMaxBytes) return STORE_SETTINGS.imageTooLarge;
  return null;
}

const MENU_EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/** A PDF or a PNG/JPEG image; some systems give no MIME type, then the name decides. */
export function checkMenuFile(file: File): string | null {
  const typeOk = file.type ? (MENU_UPLOAD.acceptedTypes as readonly string[]).includes(file.type) : MENU_EXTENSIONS.test(file.name);
  if (!typeOk) return MENU_UPLOAD.wrongType;
  if (file.size > MENU_UPLOAD.maxBytes) return MENU_UPLOAD.tooLarge;
  return null;
}
