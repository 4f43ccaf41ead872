// Client-side checks of picked files; the server checks the content again.
import { MENU_UPLOAD_FILES, STORE_PROFILE_LIMITS } from '../../constants';
import { t } from '../../i18n/texts';

/** null when the file may be used, otherwise the message to show. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return t('storeSettings.imageOnly');
  if (file.size > STORE_PROFILE_LIMITS.imageMaxBytes) return t('storeSettings.imageTooLarge');
  return null;
}

const MENU_EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/** A PDF or a PNG/JPEG image; some systems give no MIME type, then the name decides. */
export function checkMenuFile(file: File): string | null {
  const typeOk = file.type ? (MENU_UPLOAD_FILES.acceptedTypes as readonly string[]).includes(file.type) : MENU_EXTENSIONS.test(file.name);
  if (!typeOk) return t('menuUpload.wrongType');
  if (file.size > MENU_UPLOAD_FILES.maxBytes) return t('menuUpload.tooLarge');
  return null;
}
