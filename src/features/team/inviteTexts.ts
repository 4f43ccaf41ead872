// The open invitations' texts: the address check, how long a link works, cancelling one.
import { t } from '../../i18n/texts';

export const INVITE_TEXT = {
  get emailInvalid() { return t('teamInvites.emailInvalid'); },
  validUntil: (date: string) => t('teamInvites.validUntil', { date }),
  get cancel() { return t('teamInvites.cancel'); },
  cancelled: (email: string) => t('teamInvites.cancelled', { email }),
  get cancelFailed() { return t('teamInvites.cancelFailed'); },
};
