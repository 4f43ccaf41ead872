// A store's team: the owner invites managers and staff by e-mail (a one-time link valid 7 days), the invitee
// chooses a name and password and signs in with that address; the owner changes roles and removes people.
// A role change or a removal ends the person's sessions at once (the session check reads the people row).
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { inTransaction } from '../db/transactions';
import { textError, unauthorized } from '../http-errors';
import { findVendorById } from '../repositories/vendors';
import {
  bumpMemberGeneration,
  deleteMember,
  emailSignsIn,
  findInvitation,
  findMemberById,
  findPerson,
  insertInvitation,
  insertMemberIfNew,
  listOpenInvitations,
  listPeople,
  replaceMemberPassword,
  updateMemberRole,
  useInvitation,
  withdrawInvitations,
} from '../repositories/people';
import { withdrawPairingCodesOf } from '../repositories/counter-devices';
import type { AssignableRole, MeResponse, Role, TeamResponse, InvitationInfo } from '../../src/api/contract/team';
import { personLocale } from './person-locale';
import { isValidEmail, normalizeEmail } from './accounts';
import { hashPassword, passwordProblem, passwordRefusal, verifyPassword } from './passwords';
import { hashEmailToken } from './email-tokens';
import { announceSessionsEnded, endAllSessions } from './sessions';
import { invitationMail } from './team-mails';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { trimName } from './plain-text';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type TeamDeps = Pick<AppDeps, 'db' | 'mailer' | 'now' | 'config' | 'sessions'>;

export function isAssignableRole(role: string): role is AssignableRole {
  return role === 'manager' || role === 'staff';
}

export async function teamOf(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string): Promise<TeamResponse> {
  const [people, invitations] = await Promise.all([listPeople(deps.db.kysely, vendorId), listOpenInvitations(deps.db.kysely, vendorId, deps.now())]);
  return {
    people: people.map((person) => ({ id: person.id, name: person.name, email: person.email, role: toRole(person.role) })),
    invitations: invitations.filter((i) => isAssignableRole(i.role)).map((i) => ({ email: i.email, role: i.role as AssignableRole, expiresAt: i.expiresAt })),
  };
}

/** Mails an invitation; 409 when the address is in the team already or signs in to another store. */
export async function invite(
  deps: TeamDeps,
  vendorId: string,
  invitedBy: string,
  email: string,
  role: AssignableRole,
  mailLocale: Locale = DEFAULT_LOCALE,
): Promise<{ email: string; role: AssignableRole; expiresAt: number }> {
  const address = email.trim();
  if (!isValidEmail(address)) throw textError(400, 'commonRefusals.invalidEmail', undefined, [{ field: 'email', message: 'is not a valid e-mail address' }]);
  const normalized = normalizeEmail(address);
  const people = await listPeople(deps.db.kysely, vendorId);
  if (people.some((person) => normalizeEmail(person.email) === normalized)) throw textError(409, 'teamRefusals.alreadyInTeam');
  // One address signs in to one place: /login finds the store by the address alone.
  if (await emailSignsIn(deps.db.kysely, normalized)) throw textError(409, 'teamRefusals.addressHasAccount');
  const vendor = await findVendorById(deps.db.kysely, vendorId);
  if (!vendor) throw textError(404, 'commonRefusals.storeGone');
  const token = crypto.randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = now + INVITATION_TTL_MS;
  await inTransaction(deps.db.kysely, async (trx) => {
    // A new invitation replaces the address's earlier ones: only the newest link works.
    await withdrawInvitations(trx, vendorId, normalized, now);
    await insertInvitation(trx, { tokenHash: hashEmailToken(token), vendorId, email: address, emailNormalized: normalized, role, invitedBy, createdAt: now, expiresAt });
  });
  await deps.mailer.send(invitationMail(mailLocale, address, vendor.company || vendor.name, role, `${deps.config.publicUrl}/invitation/${token}`));
  return { email: address, role, expiresAt };
}

/** The owner takes back an open invitation: its link stops working at once. 404 when the address has none open. */
export async function cancelInvitation(deps: AppDeps, vendorId: string, email: string): Promise<void> {
  const withdrawn = await withdrawInvitations(deps.db.kysely, vendorId, normalizeEmail(email.trim()), deps.now());
  if (withdrawn === 0) throw textError(404, 'teamRefusals.invitationInvalid');
}

/** The invitation a link names, while it can be accepted: 404 unknown or used, 410 expired. */
export async function openInvitation(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<InvitationInfo & { vendorId: string; invitedBy: string; tokenHash: string }> {
  const invitation = await findInvitation(deps.db.kysely, hashEmailToken(token));
  if (!invitation || invitation.usedAt !== null || !isAssignableRole(invitation.role)) throw textError(404, 'teamRefusals.invitationInvalid');
  if (invitation.expiresAt <= deps.now()) throw textError(410, 'teamRefusals.invitationExpired');
  const vendor = await findVendorById(deps.db.kysely, invitation.vendorId);
  if (!vendor) throw textError(404, 'teamRefusals.invitationInvalid');
  return { email: invitation.email, role: invitation.role, storeName: vendor.company || vendor.name, vendorId: invitation.vendorId, invitedBy: invitation.invitedBy, tokenHash: invitation.tokenHash };
}

/** Accepts an invitation: the person joins the team with the role invited and is signed in. Single use. */
export async function acceptInvitation(deps: TeamDeps, token: string, name: string, password: string): Promise<{ token: string; vendorId: string; email: string }> {
  const invitation = await openInvitation(deps, token);
  const problem = await passwordProblem(password);
  if (problem) throw passwordRefusal(problem);
  const trimmedName = trimName(name);
  if (!trimmedName) throw textError(400, 'formRefusals.nameRequired', undefined, [{ field: 'name', message: 'must not be empty' }]);
  const passwordHash = await hashPassword(password);
  const personId = crypto.randomUUID();
  const now = deps.now();
  const role: AssignableRole = invitation.role;
  await inTransaction(deps.db.kysely, async (trx) => {
    if (!(await useInvitation(trx, invitation.tokenHash, now))) throw textError(404, 'teamRefusals.invitationInvalid');
    if (await emailSignsIn(trx, normalizeEmail(invitation.email))) throw textError(409, 'teamRefusals.invitationTaken');
    const inserted = await insertMemberIfNew(trx, {
      id: personId,
      vendorId: invitation.vendorId,
      role,
      email: invitation.email,
      emailNormalized: normalizeEmail(invitation.email),
      name: trimmedName,
      passwordHash,
      invitedBy: invitation.invitedBy,
      createdAt: now,
    });
    if (!inserted) throw textError(409, 'teamRefusals.invitationTaken');
  });
  return { token: deps.sessions.issue(invitation.vendorId, 0, { id: personId, role }), vendorId: invitation.vendorId, email: invitation.email };
}

/**
 * The owner changes a manager's or staff member's role; their open sessions end, and so do the counter
 * pairing codes they made that have not paired yet (a code made as manager would otherwise still pair a
 * counter screen for someone who may no longer add one).
 */
export async function changeRole(deps: Pick<AppDeps, 'db' | 'activityBus'>, vendorId: string, personId: string, role: Role): Promise<void> {
  if (personId === vendorId || !isAssignableRole(role)) throw textError(409, 'teamRefusals.ownerStays');
  await inTransaction(deps.db.kysely, async (trx) => {
    if (!(await updateMemberRole(trx, vendorId, personId, role))) throw textError(404, 'teamRefusals.noSuchPerson');
    await withdrawPairingCodesOf(trx, vendorId, personId);
  });
  announceSessionsEnded(deps, vendorId);
}

/** The owner removes a person: they can no longer sign in, their open sessions end, and their unused pairing codes stop working. */
export async function removePerson(deps: Pick<AppDeps, 'db' | 'activityBus'>, vendorId: string, personId: string): Promise<void> {
  if (personId === vendorId) throw textError(409, 'teamRefusals.ownerStays');
  await inTransaction(deps.db.kysely, async (trx) => {
    if (!(await deleteMember(trx, vendorId, personId))) throw textError(404, 'teamRefusals.noSuchPerson');
    await withdrawPairingCodesOf(trx, vendorId, personId);
  });
  announceSessionsEnded(deps, vendorId);
}

/** A team member changes their own password (the current one is needed); their other sessions end. */
export async function changeMemberPassword(deps: Pick<AppDeps, 'db' | 'sessions' | 'activityBus'>, vendorId: string, personId: string, currentPassword: string, newPassword: string): Promise<{ token: string; vendorId: string; email: string }> {
  const member = await findMemberById(deps.db.kysely, personId);
  if (!member || member.vendorId !== vendorId || !member.passwordHash || !(await verifyPassword(member.passwordHash, currentPassword))) {
    throw textError(400, 'teamRefusals.wrongCurrentPassword', undefined, [{ field: 'currentPassword', message: 'is not right' }]);
  }
  const problem = await passwordProblem(newPassword);
  if (problem) throw passwordRefusal(problem);
  const generation = await replaceMemberPassword(deps.db.kysely, personId, await hashPassword(newPassword));
  announceSessionsEnded(deps, vendorId);
  return { token: deps.sessions.issue(vendorId, generation, { id: personId, role: toRole(member.role) }), vendorId, email: member.email };
}

/** The signed-in person's name and e-mail (the owner's are the vendor row's). */
export async function whoIsSignedIn(deps: Pick<AppDeps, 'db'>, vendorId: string, personId: string, role: Role): Promise<MeResponse> {
  const person = await findPerson(deps.db.kysely, vendorId, personId);
  if (!person) throw unauthorized();
  return { vendorId, personId, role, name: person.name, email: person.email, locale: await personLocale(deps, personId) };
}

/** Ends every session of one person: the owner's follow the vendor row, a member's their own row. */
export async function signOutEverywhere(deps: Pick<AppDeps, 'db' | 'activityBus'>, vendorId: string, personId: string): Promise<void> {
  if (personId === vendorId) await endAllSessions(deps, vendorId);
  else await bumpMemberGeneration(deps.db.kysely, personId);
  announceSessionsEnded(deps, vendorId);
}

function toRole(role: string): Role {
  return role === 'owner' || role === 'manager' ? role : 'staff';
}
