// The customer's card as a Google Wallet pass: one LoyaltyClass per store, one LoyaltyObject per card
// (its count, reward, messages; never a credential), the "Save to Google Wallet" link, and the handlers
// of the queued jobs that keep a saved pass up to date (PATCH on every card change) or void it.
import crypto from 'node:crypto';
import type { CardResponse } from '../../src/api/contract/customer';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../src/api/contract/locales';
import type { GoogleWalletConfig } from '../config';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http-errors';
import { GoogleWalletError, type GoogleWalletClient, type LocalizedString, type LocalizedText, type LoyaltyClass, type LoyaltyObject } from '../infra/google-wallet';
import { PermanentJobError, type JobHandler } from '../infra/jobs';
import { findGoogleWalletObject, insertGoogleWalletObjectIfNew, ownerOfCard } from '../repositories/google-wallet-objects';
import { findVendorProfile } from '../repositories/vendor-profile';
import { FALLBACK_REWARD_LABEL } from './card-view';
import { getCard } from './claims';
import { GOOGLE_WALLET_SYNC_JOB, GOOGLE_WALLET_VOID_JOB } from './google-wallet-updates';
import { PASS_STYLE, passStripUrl } from './pass-strips';
import { text, type ServerMessageId, type ServerTextValues } from '../infra/texts';

type WalletDeps = Pick<AppDeps, 'db' | 'now' | 'config' | 'activityBus' | 'googleWallet' | 'secret'>;

/** The language a pass's texts default to: the page language it was saved in (English when unknown). */
function passLocale(saved: string | null | undefined): Locale {
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/**
 * A catalogue text as Google's LocalizedString: the default in the pass's language, and every other
 * language as a translation, so a phone set to another of them shows its own.
 */
function localized(locale: Locale, id: ServerMessageId, values?: ServerTextValues): LocalizedString {
  return {
    defaultValue: { language: locale, value: text(locale, id, values) },
    translatedValues: LOCALES.filter((language) => language !== locale).map((language) => ({ language, value: text(language, id, values) })),
  };
}

/** A text module or message whose header and body are catalogue texts. */
function localizedText(locale: Locale, id: string, header: [ServerMessageId, ServerTextValues?], body: [ServerMessageId, ServerTextValues?]): LocalizedText {
  return {
    id,
    header: text(locale, ...header),
    body: text(locale, ...body),
    localizedHeader: localized(locale, ...header),
    localizedBody: localized(locale, ...body),
  };
}

/** A text module whose header is a catalogue text and whose body is the store's own words (not translated). */
function storeText(locale: Locale, id: string, header: ServerMessageId, body: string): LocalizedText {
  return { id, header: text(locale, header), body, localizedHeader: localized(locale, header) };
}

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

function loyaltyClassFor(deps: Pick<AppDeps, 'config'>, config: GoogleWalletConfig, view: CardResponse, locale: Locale): LoyaltyClass {
  const { store } = view.card;
  return {
    id: classIdFor(config, store.vendorId),
    issuerName: store.company,
    programName: text(locale, 'googleWalletPass.programName', { company: store.company }),
    localizedProgramName: localized(locale, 'googleWalletPass.programName', { company: store.company }),
    programLogo: { sourceUri: { uri: absolute(deps.config.publicUrl, store.logo ?? '/favicon.svg') } },
    hexBackgroundColor: PASS_STYLE.background,
    reviewStatus: 'UNDER_REVIEW',
  };
}

/** The reward in the pass's languages: "Buy 10 Flat White, get 1 free" (the item's name is the store's own). */
function rewardText(locale: Locale, reward: NonNullable<CardResponse['card']['reward']>): LocalizedText {
  const body: [ServerMessageId, ServerTextValues] =
    reward.label === FALLBACK_REWARD_LABEL ? ['googleWalletPass.rewardStamps', { stamps: reward.stamps }] : ['googleWalletPass.rewardNamed', { stamps: reward.stamps, item: reward.label }];
  return localizedText(locale, 'reward', ['googleWalletPass.rewardHeader'], body);
}

async function loyaltyObjectFor(deps: Pick<AppDeps, 'db' | 'config' | 'secret'>, config: GoogleWalletConfig, objectId: string, view: CardResponse, locale: Locale): Promise<LoyaltyObject> {
  const { card, redemptions } = view;
  const profile = await findVendorProfile(deps.db.kysely, card.store.vendorId);
  const pending = redemptions.find((claim) => claim.status === 'pending' && claim.code);
  const full = card.stamps >= card.required;
  const count = { stamps: Math.min(card.stamps, card.required), required: card.required };
  const loyaltyPoints = pending?.code
    ? { label: text(locale, 'googleWalletPass.handoverLabel'), localizedLabel: localized(locale, 'googleWalletPass.handoverLabel'), balance: { string: pending.code } }
    : {
        label: text(locale, 'googleWalletPass.stampsLabel'),
        localizedLabel: localized(locale, 'googleWalletPass.stampsLabel'),
        // Google has no translations for a balance: it is in the pass's language.
        balance: { string: full ? text(locale, 'googleWalletPass.rewardReady') : text(locale, 'googleWalletPass.balance', count) },
      };
  const status: [ServerMessageId, ServerTextValues?] = pending?.code
    ? ['googleWalletPass.statusHandover', { code: pending.code }]
    : full
      ? ['googleWalletPass.statusReady']
      : ['googleWalletPass.statusStamps', count];
  const textModulesData: LocalizedText[] = [];
  if (card.reward) textModulesData.push(rewardText(locale, card.reward));
  if (profile?.address) textModulesData.push(storeText(locale, 'address', 'googleWalletPass.addressHeader', profile.address));
  if (profile?.open_hours) textModulesData.push(storeText(locale, 'hours', 'googleWalletPass.hoursHeader', profile.open_hours));
  textModulesData.push(localizedText(locale, 'how', ['googleWalletPass.howHeader'], ['googleWalletPass.how', { required: card.required }]));
  return {
    id: objectId,
    classId: classIdFor(config, card.store.vendorId),
    state: 'ACTIVE',
    loyaltyPoints,
    heroImage: { sourceUri: { uri: passStripUrl(deps, card.stamps, card.required) }, contentDescription: localized(locale, 'googleWalletPass.stripDescription', count) },
    textModulesData,
    messages: [localizedText(locale, 'status', ['googleWalletPass.statusHeader'], status)],
    ...(profile?.website
      ? { linksModuleData: { uris: [{ id: 'website', uri: profile.website, description: text(locale, 'googleWalletPass.website'), localizedDescription: localized(locale, 'googleWalletPass.website') }] } }
      : {}),
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
 * `locale` is the page's language: the pass's texts default to it from now on, in later updates too.
 */
export async function googlePassForCard(deps: WalletDeps, customerId: string, cardId: string, locale: Locale): Promise<{ saveUrl: string }> {
  const wallet = configured(deps);
  if (!wallet) throw notFound(text(locale, 'googleWalletPass.notConfigured'));
  const view = await getCard(deps, customerId, cardId);
  const row = await insertGoogleWalletObjectIfNew(deps.db.kysely, { card_id: cardId, object_id: newObjectId(wallet.config), locale }, deps.now());
  try {
    await wallet.client.upsertClass(loyaltyClassFor(deps, wallet.config, view, locale));
    await wallet.client.upsertObject(await loyaltyObjectFor(deps, wallet.config, row.object_id, view, locale));
  } catch (error) {
    if (error instanceof GoogleWalletError) throw new HttpError(503, text(locale, 'googleWalletPass.unreachable'));
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
        const locale = passLocale(row.locale);
        const object = await loyaltyObjectFor(deps, wallet.config, row.object_id, view, locale);
        const { id: _id, classId: _classId, ...changes } = object;
        if (await wallet.client.patchObject(row.object_id, changes, signal)) return;
        // Google lost the object (or it was never made): make it again with the current state.
        await wallet.client.upsertClass(loyaltyClassFor(deps, wallet.config, view, locale), signal);
        await wallet.client.upsertObject(object, signal);
      }),
    [GOOGLE_WALLET_VOID_JOB]: (payload, { signal }) =>
      permanentUnlessRetryable(async () => {
        const objectId = stringField(payload, 'objectId');
        // Jobs queued before passes kept a language have none: English.
        const locale = passLocale((payload as { locale?: unknown } | null)?.locale as string | undefined);
        // Nothing of the card stays on the pass: only that it was deleted.
        await wallet.client.patchObject(
          objectId,
          {
            state: 'INACTIVE',
            loyaltyPoints: { label: text(locale, 'googleWalletPass.stampsLabel'), localizedLabel: localized(locale, 'googleWalletPass.stampsLabel'), balance: { string: '-' } },
            // null clears a field in Google's PATCH: the strip showed the card's count.
            heroImage: null,
            textModulesData: [],
            messages: [localizedText(locale, 'status', ['googleWalletPass.deletedHeader'], ['googleWalletPass.deleted'])],
          },
          signal,
        );
      }),
  };
}
