// The customer's card as a Google Wallet pass: one LoyaltyClass per store, one LoyaltyObject per card
// (its count, reward, messages; never a credential), the "Save to Google Wallet" link, and the handlers
// of the queued jobs that keep a saved pass up to date (PATCH on every card change) or void it.
import crypto from 'node:crypto';
import type { CardResponse } from '../../src/api/contract/customer';
import type { GoogleWalletConfig } from '../config';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http-errors';
import { GoogleWalletError, type GoogleWalletClient, type LoyaltyClass, type LoyaltyObject } from '../infra/google-wallet';
import { PermanentJobError, type JobHandler } from '../infra/jobs';
import { findGoogleWalletObject, insertGoogleWalletObjectIfNew, ownerOfCard } from '../repositories/google-wallet-objects';
import { findVendorProfile } from '../repositories/vendor-profile';
import { getCard } from './claims';
import { GOOGLE_WALLET_SYNC_JOB, GOOGLE_WALLET_VOID_JOB } from './google-wallet-updates';
import { text, type ServerMessageId, type ServerTextValues } from '../infra/texts';


const PASS_BACKGROUND = '#3b2a20';

/**
 * What the pass says, in English: a pass is updated by jobs that have no request to take a language
 * from, and customers do not keep a language on the server yet.
 */
const PASS_LOCALE = null;
const say = (id: ServerMessageId, values?: ServerTextValues): string => text(PASS_LOCALE, id, values);

type WalletDeps = Pick<AppDeps, 'db' | 'now' | 'config' | 'activityBus' | 'googleWallet'>;

/** Google's ids are `<issuer id>.<identifier>`, the identifier of letters, digits, '.', '_' or '-'. */
function classIdFor(config: GoogleWalletConfig, vendorId: string): string {
  return `${config.issuerId}.store-${vendorId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

function newObjectId(config: GoogleWalletConfig): string {
  return `${config.issuerId}.card-${crypto.randomBytes(16).toString('hex')}`;
}

function absolute(publicUrl: string, url: string): string {
  return new URL(url, `${publicUrl}/`).href;
}

function loyaltyClassFor(deps: Pick<AppDeps, 'config'>, config: GoogleWalletConfig, view: CardResponse): LoyaltyClass {
  const { store } = view.card;
  return {
    id: classIdFor(config, store.vendorId),
    issuerName: store.company,
    programName: say('googleWalletPass.programName', { company: store.company }),
    programLogo: { sourceUri: { uri: absolute(deps.config.publicUrl, store.logo ?? '/favicon.svg') } },
    hexBackgroundColor: PASS_BACKGROUND,
    reviewStatus: 'UNDER_REVIEW',
  };
}

async function loyaltyObjectFor(deps: Pick<AppDeps, 'db' | 'config'>, config: GoogleWalletConfig, objectId: string, view: CardResponse): Promise<LoyaltyObject> {
  const { card, redemptions } = view;
  const profile = await findVendorProfile(deps.db.kysely, card.store.vendorId);
  const pending = redemptions.find((claim) => claim.status === 'pending' && claim.code);
  const full = card.stamps >= card.required;
  const loyaltyPoints = pending?.code
    ? { label: say('googleWalletPass.handoverLabel'), balance: { string: pending.code } }
    : { label: say('googleWalletPass.stampsLabel'), balance: { string: full ? say('googleWalletPass.rewardReady') : say('googleWalletPass.balance', { stamps: card.stamps, required: card.required }) } };
  const status = pending?.code ? say('googleWalletPass.statusHandover', { code: pending.code }) : full ? say('googleWalletPass.statusReady') : say('googleWalletPass.statusStamps', { stamps: card.stamps, required: card.required });
  const textModulesData = [];
  if (card.reward) textModulesData.push({ id: 'reward', header: say('googleWalletPass.rewardHeader'), body: card.reward.text });
  if (profile?.address) textModulesData.push({ id: 'address', header: say('googleWalletPass.addressHeader'), body: profile.address });
  if (profile?.open_hours) textModulesData.push({ id: 'hours', header: say('googleWalletPass.hoursHeader'), body: profile.open_hours });
  textModulesData.push({ id: 'how', header: say('googleWalletPass.howHeader'), body: say('googleWalletPass.how', { required: card.required }) });
  return {
    id: objectId,
    classId: classIdFor(config, card.store.vendorId),
    state: 'ACTIVE',
    loyaltyPoints,
    textModulesData,
    messages: [{ id: 'status', header: say('googleWalletPass.statusHeader'), body: status }],
    ...(profile?.website ? { linksModuleData: { uris: [{ id: 'website', uri: profile.website, description: say('googleWalletPass.website') }] } } : {}),
  };
}

function configured(deps: Pick<AppDeps, 'config' | 'googleWallet'>): { config: GoogleWalletConfig; client: GoogleWalletClient } | undefined {
  const config = deps.config.googleWallet;
  return config && deps.googleWallet ? { config, client: deps.googleWallet } : undefined;
}

/**
 * GET /api/customer/cards/{id}/google-pass: the "Save to Google Wallet" link of the customer's card. The link
 * refers to the object by id, so the object must exist at Google before the customer follows it: this one
 * call to Google happens in the request (the customer asked for it and waits); every later update is a job.
 */
export async function googlePassForCard(deps: WalletDeps, customerId: string, cardId: string): Promise<{ saveUrl: string }> {
  const wallet = configured(deps);
  if (!wallet) throw notFound(say('googleWalletPass.notConfigured'));
  const view = await getCard(deps, customerId, cardId);
  const row = await insertGoogleWalletObjectIfNew(deps.db.kysely, { card_id: cardId, object_id: newObjectId(wallet.config) }, deps.now());
  try {
    await wallet.client.upsertClass(loyaltyClassFor(deps, wallet.config, view));
    await wallet.client.upsertObject(await loyaltyObjectFor(deps, wallet.config, row.object_id, view));
  } catch (error) {
    if (error instanceof GoogleWalletError) throw new HttpError(503, say('googleWalletPass.unreachable'));
    throw error;
  }
  return { saveUrl: await wallet.client.saveUrl(row.object_id, [deps.config.publicUrl]) };
}

function stringField(payload: unknown, field: string): string {
  const value = (payload as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'string') throw new PermanentJobError(`payload without ${field}`);
  return value;
}

/** Google refusing the request itself (not overload, not an outage) will refuse it again: no retries. */
async function permanentUnlessRetryable(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof GoogleWalletError && !error.retryable) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** The job handlers, registered with the runner in main.ts; none when Google Wallet is not configured. */
export function googleWalletJobHandlers(deps: WalletDeps): Record<string, JobHandler> {
  const wallet = configured(deps);
  if (!wallet) return {};
  return {
    [GOOGLE_WALLET_SYNC_JOB]: (payload, { signal }) =>
      permanentUnlessRetryable(async () => {
        const cardId = stringField(payload, 'cardId');
        const row = await findGoogleWalletObject(deps.db.kysely, cardId);
        const customerId = await ownerOfCard(deps.db.kysely, cardId);
        // The card was voided or merged away since: its own job says so.
        if (!row || !customerId) return;
        const view = await getCard(deps, customerId, cardId);
        const object = await loyaltyObjectFor(deps, wallet.config, row.object_id, view);
        const { id: _id, classId: _classId, ...changes } = object;
        if (await wallet.client.patchObject(row.object_id, changes, signal)) return;
        // Google lost the object (or it was never made): make it again with the current state.
        await wallet.client.upsertClass(loyaltyClassFor(deps, wallet.config, view), signal);
        await wallet.client.upsertObject(object, signal);
      }),
    [GOOGLE_WALLET_VOID_JOB]: (payload, { signal }) =>
      permanentUnlessRetryable(async () => {
        const objectId = stringField(payload, 'objectId');
        // Nothing of the card stays on the pass: only that it was deleted.
        await wallet.client.patchObject(
          objectId,
          {
            state: 'INACTIVE',
            loyaltyPoints: { label: say('googleWalletPass.stampsLabel'), balance: { string: '-' } },
            textModulesData: [],
            messages: [{ id: 'status', header: say('googleWalletPass.deletedHeader'), body: say('googleWalletPass.deleted') }],
          },
          signal,
        );
      }),
  };
}
