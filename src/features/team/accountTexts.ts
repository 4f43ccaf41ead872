// The texts of Account Settings' name, e-mail, sessions and store-deletion parts, and of the e-mail change link's
// page, from the message catalogue (app/account.json). Getters: each text is read when a page renders.
import { t } from '../../i18n/texts';

export const ACCOUNT_SETTINGS_TEXT = {
  get saveName() { return t('account.name.save'); },
  get nameSaved() { return t('account.name.saved'); },
  get nameRequired() { return t('account.name.required'); },
  get nameFailed() { return t('account.name.failed'); },
  get newEmail() { return t('account.email.newLabel'); },
  get sendEmailLink() { return t('account.email.send'); },
  emailLinkSent: (email: string, current: string) => t('account.email.sent', { email, current }),
  get emailTaken() { return t('account.email.taken'); },
  get emailThrottled() { return t('account.email.throttled'); },
  get emailFailed() { return t('account.email.failed'); },
  get confirming() { return t('account.confirm.checking'); },
  emailConfirmed: (email: string) => t('account.confirm.done', { email }),
  get linkUsed() { return t('account.confirm.used'); },
  get linkInvalid() { return t('account.confirm.invalid'); },
  get confirmFailed() { return t('account.confirm.failed'); },
  get goToSignIn() { return t('account.confirm.goToSignIn'); },
  get sessionsIntro() { return t('account.sessions.intro'); },
  device: (browser: string, system: string) => {
    if (browser && system) return t('account.sessions.device', { browser, system });
    return browser || system || t('account.sessions.unknownDevice');
  },
  sessionTimes: (signedIn: string, lastSeen: string) => t('account.sessions.times', { signedIn, lastSeen }),
  get thisBrowser() { return t('account.sessions.thisBrowser'); },
  get signOutSession() { return t('account.sessions.signOut'); },
  get sessionSignedOut() { return t('account.sessions.signedOut'); },
  get sessionSignOutFailed() { return t('account.sessions.failed'); },
  get deleteIntro() { return t('account.delete.intro'); },
  get exportCustomers() { return t('account.delete.exportCustomers'); },
  get exportActivity() { return t('account.delete.exportActivity'); },
  get exportFailed() { return t('account.delete.exportFailed'); },
  deleteNameLabel: (name: string) => t('account.delete.nameLabel', { name }),
  get deletePassword() { return t('account.delete.passwordLabel'); },
  get deleteButton() { return t('account.delete.button'); },
  get deleteFailed() { return t('account.delete.failed'); },
  get deleted() { return t('account.delete.done'); },
};
