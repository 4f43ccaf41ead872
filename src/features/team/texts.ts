// The texts of Account Settings, the team and the invitation page, from the message catalogue (app/team.json).
// Getters: each text is read when a page renders, in the page's language.
import { t } from '../../i18n/texts';

type RoleName = 'owner' | 'manager' | 'staff';

export const ACCOUNT_TEXT = {
  get heading() { return t('team.account.heading'); },
  get subtitle() { return t('team.account.subtitle'); },
  get profile() { return t('team.account.profile'); },
  get name() { return t('team.account.name'); },
  get email() { return t('team.account.email'); },
  get role() { return t('team.account.role'); },
  roleName: (role: RoleName) => t('team.role', { role }),
  get password() { return t('team.password.heading'); },
  get currentPassword() { return t('team.password.current'); },
  get newPassword() { return t('team.password.new'); },
  get changePassword() { return t('team.password.change'); },
  get passwordChanged() { return t('team.password.changed'); },
  get passwordFailed() { return t('team.password.failed'); },
  get sessions() { return t('team.sessions.heading'); },
  get sessionsText() { return t('team.sessions.text'); },
  get signOutEverywhere() { return t('team.sessions.signOutEverywhere'); },
  get signOutFailed() { return t('team.sessions.failed'); },
  get team() { return t('team.team.heading'); },
  get teamText() { return t('team.team.text'); },
  get invite() { return t('team.invite.button'); },
  get inviteEmail() { return t('team.invite.email'); },
  get inviteRole() { return t('team.invite.role'); },
  invited: (email: string) => t('team.invite.sent', { email }),
  get inviteFailed() { return t('team.invite.failed'); },
  get pending() { return t('team.invite.pending'); },
  get remove() { return t('team.person.remove'); },
  removeConfirm: (name: string) => t('team.person.removeConfirm', { name }),
  get changeFailed() { return t('team.person.changeFailed'); },
  get deleteStore() { return t('team.deleteStore.heading'); },
};

export const INVITATION_TEXT = {
  get checking() { return t('team.invitation.checking'); },
  title: (store: string) => t('team.invitation.title', { store }),
  text: (email: string, role: RoleName) => t('team.invitation.text', { email, role }),
  get name() { return t('team.invitation.name'); },
  get nameRequired() { return t('team.invitation.nameRequired'); },
  get password() { return t('team.invitation.password'); },
  get passwordRequired() { return t('team.invitation.passwordRequired'); },
  get passwordHelp() { return t('team.invitation.passwordHelp'); },
  get join() { return t('team.invitation.join'); },
  get dead() { return t('team.invitation.dead'); },
  get goToSignIn() { return t('team.invitation.goToSignIn'); },
  get failed() { return t('team.invitation.failed'); },
};
