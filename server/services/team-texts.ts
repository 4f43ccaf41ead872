// What the team's routes answer and the invitation mail says.
import type { MailMessage } from '../infra/mailer';
import type { AssignableRole } from '../../src/api/contract/team';
import { compose } from './auth-mails';

export const ROLE_NAMES: Record<AssignableRole | 'owner', string> = { owner: 'owner', manager: 'manager', staff: 'staff member' };

export const ALREADY_IN_TEAM_MESSAGE = 'This person is already in your team.';
export const ADDRESS_HAS_ACCOUNT_MESSAGE = 'This address already signs in to Stampwise. Invite another address.';
export const OWNER_STAYS_MESSAGE = 'A store always keeps its owner: the owner cannot be removed or given another role.';
export const NO_SUCH_PERSON_MESSAGE = 'This person is not in your team.';
export const INVITATION_INVALID_MESSAGE = 'This invitation is not valid. It may have been used already.';
export const INVITATION_EXPIRED_MESSAGE = 'This invitation has expired. Ask the owner for a new one.';
export const INVITATION_TAKEN_MESSAGE = 'This address already signs in to Stampwise. Sign in instead.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not right.';

export function invitationMail(to: string, storeName: string, role: AssignableRole, link: string): MailMessage {
  return compose(
    to,
    `You are invited to ${storeName} on Stampwise`,
    [
      'Hello,',
      `The owner of ${storeName} invites you to join their Stampwise team as a ${ROLE_NAMES[role]}. Click the link below to choose your name and password; then you sign in with this e-mail address. The link works once and expires in 7 days.`,
    ],
    { label: 'Join the team', link },
  );
}
