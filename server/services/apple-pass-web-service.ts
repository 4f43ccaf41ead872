// Apple's pass web service: phones register for a pass's updates, ask which of their passes changed,
// fetch the latest pass and send their logs. Every answer about one pass needs that pass's
// authentication token; a wrong token and a serial nobody was given get the same 401, after the same
// work, so the service never tells whether a serial exists.
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http-errors';
import {
  applePassesUpdatedSince,
  findApplePassBySerial,
  keepNewestRegistrations,
  registerApplePassDevice,
  unregisterApplePassDevice,
  type ApplePassOfSerial,
} from '../repositories/apple-passes';
import { text } from '../infra/texts';
import { APPLE_WALLET_NOT_CONFIGURED_MESSAGE, applePassForCard, hashPassToken, type ApplePassDeps } from './apple-pass';

/**
 * Phones one pass stays registered on: a customer's iPhone and Watch, and the phones a backup restored it
 * to, with room to spare. The pass's own token registers any device id it likes, so without a bound one
 * customer could fill the table and have every stamp on their card sent to APNs thousands of times.
 */
export const MAX_DEVICES_PER_PASS = 10;

/** Compared against when the serial is unknown, so that answer costs what a wrong token costs. */
const NO_PASS_HASH = hashPassToken(crypto.randomBytes(32).toString('hex'));

export interface PassRequest {
  passTypeId: string;
  serialNumber: string;
  /** The Authorization header as sent: "ApplePass <token>". */
  authorization: string | undefined;
  /** The language of the refusal (the request's Accept-Language). */
  locale: string | null;
}

function requireConfigured(deps: Pick<AppDeps, 'config'>): string {
  const config = deps.config.applePass;
  if (!config) throw notFound(APPLE_WALLET_NOT_CONFIGURED_MESSAGE);
  return config.passTypeId;
}

function tokenOf(authorization: string | undefined): string {
  const match = /^ApplePass\s+(\S+)$/.exec(authorization?.trim() ?? '');
  return match?.[1] ?? '';
}

async function authorizedPass(deps: Pick<AppDeps, 'db' | 'config'>, request: PassRequest): Promise<ApplePassOfSerial> {
  const passTypeId = requireConfigured(deps);
  const pass = await findApplePassBySerial(deps.db.kysely, request.serialNumber);
  const expected = Buffer.from(pass?.auth_token_hash ?? NO_PASS_HASH, 'hex');
  const given = Buffer.from(hashPassToken(tokenOf(request.authorization)), 'hex');
  const tokenMatches = crypto.timingSafeEqual(expected, given);
  if (!pass || !tokenMatches || request.passTypeId !== passTypeId) throw new HttpError(401, text(request.locale, 'applePass.unauthorized'));
  return pass;
}

/** Registers the phone for the pass's pushes: 'created' the first time, 'exists' after. */
export async function registerDevice(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, request: PassRequest & { deviceLibraryId: string; pushToken: string }): Promise<'created' | 'exists'> {
  await authorizedPass(deps, request);
  const outcome = await registerApplePassDevice(deps.db.kysely, { deviceLibraryId: request.deviceLibraryId, pushToken: request.pushToken, serialNumber: request.serialNumber }, deps.now());
  // A known phone under another push token is no phone this pass is on: answered as a wrong token is.
  if (outcome === 'refused') throw new HttpError(401, text(request.locale, 'applePass.unauthorized'));
  // The newest registrations stay: a phone that registers now is the one in the customer's hand.
  if (outcome === 'created') await keepNewestRegistrations(deps.db.kysely, request.serialNumber, MAX_DEVICES_PER_PASS);
  return outcome;
}

/** The phone no longer wants the pass's pushes (the customer removed the pass from Wallet). */
export async function unregisterDevice(deps: Pick<AppDeps, 'db' | 'config'>, request: PassRequest & { deviceLibraryId: string }): Promise<void> {
  await authorizedPass(deps, request);
  await unregisterApplePassDevice(deps.db.kysely, request.deviceLibraryId, request.serialNumber);
}

/**
 * The serials of the phone's passes changed after the tag it got last time (all of them without
 * one), and the new tag; undefined when none changed. The tag is the newest change time, opaque to the phone.
 */
export async function updatedSerials(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: { deviceLibraryId: string; passTypeId: string; passesUpdatedSince: string | undefined },
): Promise<{ serialNumbers: string[]; lastUpdated: string } | undefined> {
  const passTypeId = requireConfigured(deps);
  if (request.passTypeId !== passTypeId) return undefined;
  const since = request.passesUpdatedSince && /^\d{1,16}$/.test(request.passesUpdatedSince) ? Number(request.passesUpdatedSince) : undefined;
  const rows = await applePassesUpdatedSince(deps.db.kysely, request.deviceLibraryId, since);
  if (rows.length === 0) return undefined;
  return { serialNumbers: rows.map((row) => row.serial_number), lastUpdated: String(Math.max(...rows.map((row) => row.updated_at))) };
}

/** Whole seconds: HTTP dates have no finer resolution. */
function httpDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toUTCString();
}

/**
 * The latest pass, or "not modified" when the phone's copy (its If-Modified-Since) is as new as the
 * pass's last change.
 */
export async function latestPass(
  deps: ApplePassDeps,
  request: PassRequest & { ifModifiedSince: string | undefined },
): Promise<{ notModified: true; lastModified: string } | { notModified: false; lastModified: string; pass: Buffer }> {
  const pass = await authorizedPass(deps, request);
  const lastModified = httpDate(pass.updated_at);
  const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && Math.floor(pass.updated_at / 1000) * 1000 <= since) return { notModified: true, lastModified };
  return { notModified: false, lastModified, pass: await applePassForCard(deps, pass.customer_id, pass.card_id) };
}
