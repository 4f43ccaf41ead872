// The customer's card as an Apple Wallet pass: what it shows (count, reward, back of the card, a full
// card's "reward ready", a pending hand-over's code) and its serial and web service token. The token
// is derived from the server secret and the serial, so every download of the pass carries the same one
// while only its hash is stored.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http-errors';
import { buildApplePass, type ApplePassView, type PassField } from '../infra/apple-pass';
import { boundedMemo } from '../infra/bounded-memo';
import { PASS_STYLE, passStrip } from './pass-strips';
import { findApplePass, insertApplePassIfNew } from '../repositories/apple-passes';
import { findVendorProfile } from '../repositories/vendor-profile';
import { cardNotInWallet, getCard } from './claims';
import { text, type ServerMessageId, type ServerTextValues } from '../infra/texts';
import { LOCALES, type Locale } from '../../src/api/contract/locales';
import { FALLBACK_REWARD_LABEL } from './card-view';
import { findCard } from '../repositories/cards';
import { issuePassDownloadTicket, verifyPassDownloadTicket } from '../infra/pass-download-tickets';
import { findStoredImage } from './images';
import { spendTicket, ticketStillOpen } from './single-use-tickets';
import { findCardCampaignMessage, findMailContact } from '../repositories/campaign-delivery';

export const APPLE_WALLET_NOT_CONFIGURED_MESSAGE = 'Apple Wallet passes are not set up on this server.';

const PASS_BACKGROUND = PASS_STYLE.background;
const PASS_STAMP = PASS_STYLE.stamp;

/** The pass's icon: the same for every pass, drawn once. */
let passIcon: Promise<Buffer> | undefined;
const iconOfPasses = (): Promise<Buffer> => (passIcon ??= sharp({ create: { width: 58, height: 58, channels: 3, background: PASS_BACKGROUND } }).png().toBuffer());

/** Stores' logos at pass size, by image id: an id is the hash of the image's bytes, so a kept one never goes stale. */
const KEPT_LOGOS = 1000;

/** A logo at pass size; undefined for an image that is gone or does not decode (the pass goes without a logo rather than without a pass). */
function passLogoCache(deps: Pick<AppDeps, 'db'>): (imageId: string) => Promise<Buffer | undefined> {
  return boundedMemo(KEPT_LOGOS, async (imageId) => {
    const image = await findStoredImage(deps, imageId);
    return image ? sharp(image.data).resize({ height: 100, fit: 'inside' }).png().toBuffer().catch(() => undefined) : undefined;
  });
}

const passLogos = new WeakMap<AppDeps['db'], (imageId: string) => Promise<Buffer | undefined>>();

function passLogo(deps: Pick<AppDeps, 'db'>, imageId: string): Promise<Buffer | undefined> {
  let logos = passLogos.get(deps.db);
  if (!logos) {
    logos = passLogoCache(deps);
    passLogos.set(deps.db, logos);
  }
  return logos(imageId);
}

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

export function passTokenFor(secret: string, serialNumber: string): string {
  return crypto.createHmac('sha256', secret).update(`apple-pass:${serialNumber}`).digest('hex');
}

export function hashPassToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

async function passIdentityFor(deps: Pick<AppDeps, 'db' | 'now' | 'secret'>, cardId: string): Promise<{ serialNumber: string; authenticationToken: string }> {
  const existing = await findApplePass(deps.db.kysely, cardId);
  const serialNumber = existing?.serial_number ?? crypto.randomBytes(16).toString('hex');
  const authenticationToken = passTokenFor(deps.secret, serialNumber);
  const row = existing ?? (await insertApplePassIfNew(deps.db.kysely, { card_id: cardId, serial_number: serialNumber, auth_token_hash: hashPassToken(authenticationToken) }, deps.now()));
  return { serialNumber: row.serial_number, authenticationToken: passTokenFor(deps.secret, row.serial_number) };
}

export type ApplePassDeps = Pick<AppDeps, 'db' | 'now' | 'secret' | 'config' | 'activityBus'>;

/**
 * The pass's words: `say` answers a text in English (what pass.json holds) and notes its translation in every
 * other language, which the pass carries as its `<language>.lproj/pass.strings`: Wallet shows the phone's language.
 */
function passWords() {
  const localizations: Record<string, Record<string, string>> = {};
  const say = (id: ServerMessageId, values?: ServerTextValues): string => {
    const english = text('en', id, values);
    for (const locale of LOCALES) {
      if (locale === 'en') continue;
      (localizations[locale] ??= {})[english] = text(locale as Locale, id, values);
    }
    return english;
  };
  return { say, localizations };
}

/** The signed .pkpass of the customer's card; 404 when Apple Wallet is not configured or the card is not theirs. */
export async function applePassForCard(deps: ApplePassDeps, customerId: string, cardId: string): Promise<Buffer> {
  const config = deps.config.applePass;
  if (!config) throw notFound(APPLE_WALLET_NOT_CONFIGURED_MESSAGE);
  const { card, redemptions } = await getCard(deps, customerId, cardId);
  const profile = await findVendorProfile(deps.db.kysely, card.store.vendorId);
  const identity = await passIdentityFor(deps, card.id);
  const pending = redemptions.find((claim) => claim.status === 'pending' && claim.code);
  const full = card.stamps >= card.required;
  const { say, localizations } = passWords();
  const primary: PassField = pending
    ? { key: 'stamps', label: say('googleWalletPass.handoverLabel'), value: pending.code ?? '' }
    : full
      ? { key: 'stamps', label: say('googleWalletPass.stampsLabel'), value: say('googleWalletPass.rewardReady') }
      : { key: 'stamps', label: say('googleWalletPass.stampsLabel'), value: say('googleWalletPass.balance', { stamps: card.stamps, required: card.required }) };
  const back: PassField[] = [];
  if (profile?.address) back.push({ key: 'address', label: say('googleWalletPass.addressHeader'), value: profile.address });
  if (profile?.open_hours) back.push({ key: 'hours', label: say('googleWalletPass.hoursHeader'), value: profile.open_hours });
  if (profile?.website) back.push({ key: 'website', label: say('googleWalletPass.website'), value: profile.website });
  const campaign = await findCardCampaignMessage(deps.db.kysely, card.id, deps.now());
  if (campaign) {
    const locale = (await findMailContact(deps.db.kysely, customerId))?.locale ?? null;
    // changeMessage ('%@': the field's new value) puts the campaign on the lock screen when the pushed pass brings it.
    back.unshift(
      { key: 'campaign', label: text(locale, 'campaignMail.passLabel', { store: card.store.company }), value: `${campaign.title}\n${campaign.body}`, changeMessage: '%@' },
      { key: 'campaign-stop', label: '', value: text(locale, 'campaignMail.passOptOut') },
    );
  }
  back.push({ key: 'how', label: say('googleWalletPass.howHeader'), value: say('googleWalletPass.how', { required: card.required }) });
  const logoId = profile?.logo_image_id;
  const logo = logoId ? await passLogo(deps, logoId) : undefined;
  const icon = await iconOfPasses();
  const view: ApplePassView = {
    ...identity,
    webServiceURL: `${deps.config.publicUrl}/api/passes/apple`,
    organizationName: card.store.company,
    description: say('googleWalletPass.programName', { company: card.store.company }),
    logoText: card.store.company,
    backgroundColor: hexToRgb(PASS_BACKGROUND),
    foregroundColor: hexToRgb(PASS_STAMP),
    labelColor: 'rgb(230, 210, 190)',
    primary,
    secondary: card.reward
      ? [
          {
            key: 'reward',
            label: say('googleWalletPass.rewardHeader'),
            value:
              card.reward.label === FALLBACK_REWARD_LABEL
                ? say('googleWalletPass.rewardStamps', { stamps: card.reward.stamps })
                : say('googleWalletPass.rewardNamed', { stamps: card.reward.stamps, item: card.reward.label }),
          },
        ]
      : [],
    back,
    images: { icon, ...(logo ? { logo } : {}), strip: await passStrip(card.stamps, card.required) },
    localizations,
    changeMessage: say('applePassFields.stampChanged'),
  };
  return await buildApplePass(config, view);
}

/** A link valid for a minute that downloads the customer's card as a pass without the credential header. */
export async function applePassDownloadLink(deps: Pick<AppDeps, 'db' | 'now' | 'secret' | 'config'>, customerId: string, cardId: string): Promise<{ url: string }> {
  if (!deps.config.applePass) throw notFound(APPLE_WALLET_NOT_CONFIGURED_MESSAGE);
  if (!(await findCard(deps.db.kysely, customerId, cardId))) throw cardNotInWallet();
  const ticket = issuePassDownloadTicket(deps.secret, deps.now(), { cardId, customerId });
  return { url: `/api/passes/apple/download?ticket=${encodeURIComponent(ticket)}` };
}

/**
 * How often one download link answers, all from the network that used it first, within its minute. Browsers
 * on an iPhone ask for a .pkpass more than once: Chrome, Firefox and in-app browsers (WKWebView) see the
 * pass's type, cancel that load and fetch the same URL again in a session of their own (without the page's
 * cookies, under another User-Agent); a retry over a flaky connection asks again too.
 */
export const APPLE_PASS_LINK_USES = 3;

/**
 * The pass a download link names, for a client counted under `network` (its rate-limit key). 404 for a link
 * that is forged, altered or older than a minute; 410 for one that has been used: from another network, or
 * too often. `headOnly` (a HEAD request) says whether a GET would be answered, without spending the link or
 * making the pass (undefined then).
 */
export async function applePassByDownloadTicket(
  deps: ApplePassDeps,
  ticket: string,
  locale: string | null,
  network: string,
  headOnly = false,
): Promise<Buffer | undefined> {
  const named = verifyPassDownloadTicket(deps.secret, deps.now(), ticket);
  if (!named) throw notFound(text(locale, 'applePass.linkExpired'));
  const spendable = { purpose: 'apple-pass-download' as const, mac: named.mac, expiresAt: named.expiresAt };
  if (headOnly) {
    if (!(await ticketStillOpen(deps, spendable, network, APPLE_PASS_LINK_USES))) throw linkUsed(locale);
    return undefined;
  }
  if ((await spendTicket(deps, spendable, network, APPLE_PASS_LINK_USES)) === 'spent') throw linkUsed(locale);
  return applePassForCard(deps, named.customerId, named.cardId);
}

const linkUsed = (locale: string | null) => new HttpError(410, text(locale, 'applePass.linkUsed'));
