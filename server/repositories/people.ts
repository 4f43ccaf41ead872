// SQL for a store's team: its people (the owner, whose e-mail and name are the vendor row's, and the managers
// and staff who accepted an invitation) and the owner's invitations.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, InvitationTable } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface PersonRow {
  id: string;
  vendorId: string;
  role: string;
  email: string;
  name: string;
  createdAt: number;
}

export interface PersonCredentials {
  id: string;
  vendorId: string;
  role: string;
  email: string;
  passwordHash: string | null;
  generation: number;
}

/** The store's people, the owner first (their e-mail and name from the vendor row), then by when they joined. */
export async function listPeople(db: Queryable, vendorId: string): Promise<PersonRow[]> {
  const rows = await db
    .selectFrom('people')
    .innerJoin('vendors', 'vendors.id', 'people.vendor_id')
    .select(['people.id', 'people.vendor_id as vendorId', 'people.role', 'people.email', 'people.name', 'people.created_at as createdAt', 'vendors.email as ownerEmail', 'vendors.name as ownerName'])
    .where('people.vendor_id', '=', vendorId)
    .orderBy('people.created_at')
    .orderBy('people.id')
    .execute();
  const people = rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId,
    role: row.role,
    email: row.role === 'owner' ? row.ownerEmail : row.email ?? '',
    name: row.role === 'owner' ? row.ownerName : row.name ?? '',
    createdAt: Number(row.createdAt),
  }));
  return [...people.filter((p) => p.role === 'owner'), ...people.filter((p) => p.role !== 'owner')];
}

export async function findPerson(db: Queryable, vendorId: string, personId: string): Promise<PersonRow | undefined> {
  return (await listPeople(db, vendorId)).find((person) => person.id === personId);
}

/** A team member (not an owner) by their lower-cased e-mail. */
export async function findMemberByEmail(db: Queryable, emailNormalized: string): Promise<PersonCredentials | undefined> {
  const row = await db
    .selectFrom('people')
    .select(['id', 'vendor_id', 'role', 'email', 'password_hash', 'session_generation'])
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, vendorId: row.vendor_id, role: row.role, email: row.email ?? '', passwordHash: row.password_hash, generation: Number(row.session_generation) };
}

export async function findMemberById(db: Queryable, personId: string): Promise<PersonCredentials | undefined> {
  const row = await db
    .selectFrom('people')
    .select(['id', 'vendor_id', 'role', 'email', 'password_hash', 'session_generation'])
    .where('id', '=', personId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, vendorId: row.vendor_id, role: row.role, email: row.email ?? '', passwordHash: row.password_hash, generation: Number(row.session_generation) };
}

/** True when a vendor account or a team member already signs in with this address. */
export async function emailSignsIn(db: Queryable, emailNormalized: string): Promise<boolean> {
  const vendor = await db.selectFrom('vendors').select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  if (vendor) return true;
  const person = await db.selectFrom('people').select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  return person !== undefined;
}

export interface NewMember {
  id: string;
  vendorId: string;
  role: string;
  email: string;
  emailNormalized: string;
  name: string;
  passwordHash: string;
  invitedBy: string;
  createdAt: number;
}

/** Inserts the member unless the address is taken; true when inserted (the unique index settles a race). */
export async function insertMemberIfNew(db: Queryable, member: NewMember): Promise<boolean> {
  const result = await db
    .insertInto('people')
    .values({
      id: member.id,
      vendor_id: member.vendorId,
      role: member.role,
      email: member.email,
      email_normalized: member.emailNormalized,
      name: member.name,
      password_hash: member.passwordHash,
      invited_by: member.invitedBy,
      created_at: member.createdAt,
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Changes a member's role and ends their sessions (the generation moves on); false when no such member. */
export async function updateMemberRole(db: Queryable, vendorId: string, personId: string, role: string): Promise<boolean> {
  const result = await db
    .updateTable('people')
    .set((eb) => ({ role, session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', personId)
    .where('vendor_id', '=', vendorId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMember(db: Queryable, vendorId: string, personId: string): Promise<boolean> {
  const result = await db.deleteFrom('people').where('id', '=', personId).where('vendor_id', '=', vendorId).where('role', '!=', 'owner').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A member's new password; their other sessions end (the generation moves on). Answers the new generation. */
export async function replaceMemberPassword(db: Queryable, personId: string, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('people')
    .set((eb) => ({ password_hash: passwordHash, session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', personId)
    .returning('session_generation')
    .executeTakeFirstOrThrow();
  return Number(row.session_generation);
}

/** Ends every session of a member; answers the new generation. */
export async function bumpMemberGeneration(db: Queryable, personId: string): Promise<number> {
  const row = await db
    .updateTable('people')
    .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', personId)
    .returning('session_generation')
    .executeTakeFirstOrThrow();
  return Number(row.session_generation);
}

export async function updateMemberProfile(db: Queryable, personId: string, name: string): Promise<void> {
  await db.updateTable('people').set({ name }).where('id', '=', personId).execute();
}

// ---- invitations ----

export interface InvitationRow {
  tokenHash: string;
  vendorId: string;
  email: string;
  emailNormalized: string;
  role: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertInvitation(db: Queryable, invitation: Omit<InvitationRow, 'usedAt'>): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      token_hash: invitation.tokenHash,
      vendor_id: invitation.vendorId,
      email: invitation.email,
      email_normalized: invitation.emailNormalized,
      role: invitation.role,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
    })
    .execute();
}

export async function findInvitation(db: Queryable, tokenHash: string): Promise<InvitationRow | undefined> {
  const row = await db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && toInvitation(row);
}

/** Marks the invitation used unless it already was: true for the one caller that used it (single use under races). */
export async function useInvitation(db: Queryable, tokenHash: string, now: number): Promise<boolean> {
  const result = await db.updateTable('invitations').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The store's invitations not used and not expired, newest first. */
export async function listOpenInvitations(db: Queryable, vendorId: string, now: number): Promise<InvitationRow[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toInvitation);
}

/** An invitations row as the services read it (PostgreSQL answers BIGINT columns as strings). */
function toInvitation(row: Selectable<InvitationTable>): InvitationRow {
  return {
    tokenHash: row.token_hash,
    vendorId: row.vendor_id,
    email: row.email,
    emailNormalized: row.email_normalized,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

/** Earlier open invitations of the same address to the store: a new one replaces them. */
/** Marks the address's open invitations used, so their links stop working; answers how many there were. */
export async function withdrawInvitations(db: Queryable, vendorId: string, emailNormalized: string, now: number): Promise<number> {
  const result = await db.updateTable('invitations').set({ used_at: now }).where('vendor_id', '=', vendorId).where('email_normalized', '=', emailNormalized).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
