// The invitation to join a store's team, in the language of the owner's page that sent it.
import type { MailMessage } from '../infra/mailer';
import { text } from '../infra/texts';
import type { AssignableRole } from '../../src/api/contract/team';
import type { Locale } from '../../src/api/contract/locales';
import { compose } from './auth-mails';

export function invitationMail(locale: Locale, to: string, storeName: string, role: AssignableRole, link: string): MailMessage {
  return compose(
    locale,
    to,
    text(locale, 'teamMail.invite.subject', { store: storeName }),
    [text(locale, 'teamMail.invite.greeting'), text(locale, 'teamMail.invite.intro', { store: storeName, role })],
    { label: text(locale, 'teamMail.invite.action'), link },
  );
}
