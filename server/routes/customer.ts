// /api/customer: the customer's side — scan a store's QR code for a stamp, the wallet, claiming a
// full card, the optional profile and wallet recovery. Customers authenticate with a device
// credential in the X-Customer-Key header (never the vendor's bearer token).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../src/api/contract/common';
import { ApplePassLinkResponse } from '../../src/api/contract/apple-passes';
import {
  CardParams,
  CardResponse,
  ClaimParams,
  CredentialHeaders,
  ClaimResponse,
  CustomerProfile as Profile,
  DeleteWalletResponse,
  GooglePassResponse,
  LinkTokenParams,
  RecoverCompleteQuery,
  RecoverCompleteRefusal,
  RecoverCompleteResponse,
  RecoverRequest,
  RecoverResponse,
  Redemption,
  ScanRefusal,
  ScanRequest,
  ScanResponse,
  StoreDetailsResponse,
  UpdateCustomerRequest,
  UpdateCustomerResponse,
  WalletResponse,
} from '../../src/api/contract/customer';
import { claimCard, getCard, getClaim, listWallet } from '../services/claims';
import {
  completeRecovery,
  confirmEmail,
  customerForCredential,
  getProfile,
  requestRecovery,
  recoverAcceptedMessage,
  updateProfile,
} from '../services/customers';
import { scan } from '../services/stamping';
import { getCardStoreDetails } from '../services/store-details';
import { deleteWallet } from '../services/wallet-deletion';
import { applePassDownloadLink, applePassForCard } from '../services/apple-pass';
import { PKPASS_MIME_TYPE } from '../infra/apple-pass';
import { googlePassForCard } from '../services/google-wallet';
import { localeOfAcceptLanguage } from '../infra/texts';
import { CampaignMailSetting, CampaignMessagesSetting } from '../../src/api/contract/campaign-messages';
import { credentialOf, customerOf, customerRoute, linkKeyOf, MINUTE_MS } from '../plugins/customer-routes';
import { campaignMailEnabled, campaignMessagesEnabled, setCampaignMail, setCampaignMessages } from '../services/campaign-opt-out';
import { named } from '../plugins/plugin-name';
import { mailAfterAnswer } from '../services/mail-after-answer';
import { rateLimitKey } from '../infra/client-network';

/** Stamp attempts per client address (a café's Wi-Fi is one address for all its customers). */
export const SCAN_ATTEMPTS_PER_ADDRESS = 60;
export const SCAN_WINDOW_MS = MINUTE_MS;
/** New customers (first scans without a credential) per client address. */
export const NEW_CUSTOMERS_PER_ADDRESS = 30;
export const NEW_CUSTOMERS_WINDOW_MS = 10 * MINUTE_MS;
export const WALLET_READS_PER_ADDRESS = 120;
/** Signing a pass costs CPU: fewer per address than plain reads. */
export const APPLE_PASSES_PER_ADDRESS = 20;
/** Each first "Add to Google Wallet" of a card calls Google: as few as Apple's signed passes. */
export const GOOGLE_PASSES_PER_ADDRESS = 20;
/** The store section of a card page: one read per card shown, so fewer than the wallet's. */
export const STORE_DETAILS_READS_PER_ADDRESS = 60;
export const CLAIMS_PER_ADDRESS = 30;
/**
 * The claim screen asks once a second while its claim is pending, and a café's Wi-Fi is one
 * address for every phone in it: room for ten screens waiting at once.
 */
export const CLAIM_STATUS_READS_PER_ADDRESS = 600;
export const PROFILE_UPDATES_PER_ADDRESS = 20;
/** Recovery requests send mail: few per address. */
export const RECOVERY_REQUESTS_PER_ADDRESS = 5;
export const RECOVERY_COMPLETIONS_PER_ADDRESS = 10;
/** E-mail confirmation links opened per client address (like recovery links: tokens cannot be guessed at speed). */
export const EMAIL_CONFIRMATIONS_PER_ADDRESS = 10;
export const RECOVERY_WINDOW_MS = 15 * MINUTE_MS;

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The card and wallet answers say so when the server offers Google Wallet passes (the page shows the badge). */
  const googleWalletOffered = (): { googleWallet?: true } => (app.deps.config.googleWallet && app.deps.googleWallet ? { googleWallet: true } : {});

  // Wallet data belongs to one device: never cached by the browser or anything in between.
  // A callback hook, not an async one: no promise per request on the scan path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  const newCustomers = app.createRateLimit({
    max: NEW_CUSTOMERS_PER_ADDRESS,
    timeWindow: NEW_CUSTOMERS_WINDOW_MS,
    keyGenerator: (request) => `customer-new:${rateLimitKey(request.ip)}`,
  });

  app.post('/scan', customerRoute({ max: SCAN_ATTEMPTS_PER_ADDRESS, timeWindow: SCAN_WINDOW_MS }, {
    summary: "Collect a stamp with a store's QR token",
    description:
      'Creates the customer on a first scan (the answer then carries the device credential, once). Refusals: 400 malformed ' +
      'token; 404 unknown store; 409 no reward, already collected with this token, or within the cooldown; 410 token expired, ' +
      'flyer revoked, or reward ended; 401 the credential\'s wallet was merged into another or deleted while the scan ran; ' +
      '429 too many attempts from this address.',
    body: ScanRequest,
    response: {
      200: ScanResponse,
      400: ScanRefusal, 401: ErrorBody, 404: ScanRefusal, 409: ScanRefusal, 410: ScanRefusal, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody,
    },
  }), async (request, reply) => {
    const outcome = await scan(app.deps, {
      token: request.body.token,
      attempt: request.body.attempt,
      credential: credentialOf(request),
      clientAddress: request.ip,
      locale: localeOfAcceptLanguage(request.headers['accept-language']),
      mayCreateCustomer: async () => {
        const throttle = await newCustomers(request);
        return throttle.isAllowed || !throttle.isExceeded;
      },
    });
    if (!outcome.ok) return reply.code(outcome.status).send(outcome.refusal);
    return outcome.response;
  });

  app.get('/cards', customerRoute({ max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: "The customer's stamp cards across stores, most recently used first",
    response: { 200: WalletResponse, 401: ErrorBody, 429: ErrorBody },
  }), async (request) => {
    const customerId = await customerOf(app.deps, request);
    return { ...(await listWallet(app.deps, customerId)), ...googleWalletOffered() };
  });

  app.get('/cards/:cardId', customerRoute({ max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'One stamp card of the customer, with its latest claims',
    params: CardParams,
    response: { 200: CardResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => {
    const customerId = await customerOf(app.deps, request);
    return { ...(await getCard(app.deps, customerId, request.params.cardId)), ...googleWalletOffered() };
  });

  app.get('/cards/:cardId/apple-pass', customerRoute({ max: APPLE_PASSES_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'The card as a signed Apple Wallet pass (application/vnd.apple.pkpass); 404 when Apple Wallet is not set up',
    params: CardParams,
    // Sent as bytes: Fastify never serialises a Buffer.
    response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The .pkpass file' }), 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request, reply) => {
    const customerId = await customerOf(app.deps, request);
    const pass = await applePassForCard(app.deps, customerId, request.params.cardId);
    return reply.header('content-type', PKPASS_MIME_TYPE).header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="card.pkpass"').send(pass);
  });

  app.get('/cards/:cardId/google-pass', customerRoute({ max: GOOGLE_PASSES_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'The "Save to Google Wallet" link of the card; 404 when Google Wallet is not set up',
    description:
      'Creates or updates the store\'s loyalty class and the card\'s loyalty object at Google, then answers a link carrying a JWT ' +
      'signed (RS256) with the service account key that refers to the object by id. 401 without a valid credential, 404 for a card ' +
      'that is not in this wallet, 503 when Google does not answer. The pass\'s texts default to the Accept-Language of this request (the page language), with every other language as a translation.',
    params: CardParams,
    response: { 200: GooglePassResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody },
  }), async (request) => googlePassForCard(app.deps, await customerOf(app.deps, request), request.params.cardId, localeOfAcceptLanguage(request.headers['accept-language'])));

  app.post('/cards/:cardId/apple-pass-link', customerRoute({ max: APPLE_PASSES_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'A link valid for a minute, spent by its first use, that downloads the card as an Apple Wallet pass without the credential header (what Safari opens to add it to Wallet)',
    params: CardParams,
    response: { 200: ApplePassLinkResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => applePassDownloadLink(app.deps, await customerOf(app.deps, request), request.params.cardId));

  app.get('/cards/:cardId/store', customerRoute({ max: STORE_DETAILS_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: "The store of one of the customer's cards, as its owner describes it: cover, address, opening hours, website and menu",
    description: 'Only the public profile. 404 for a card that is not in this wallet.',
    params: CardParams,
    response: { 200: StoreDetailsResponse, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => getCardStoreDetails(app.deps, await customerOf(app.deps, request), request.params.cardId));

  app.post('/cards/:cardId/claim', customerRoute({ max: CLAIMS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'Claim the reward of a full card',
    description: 'Records a redemption and takes the reward\'s stamps off the card (extra stamps carry over). 409 when the card is not full.',
    params: CardParams,
    response: {
      200: ClaimResponse,
      401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody,
    },
  }), async (request) => claimCard(app.deps, await customerOf(app.deps, request), request.params.cardId));

  app.get('/claims/:claimId', customerRoute({ max: CLAIM_STATUS_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: 'One claim of the customer as it is now: pending (with its code), given (when), or expired',
    description: 'The claim screen polls this every second while the claim is pending, so it shows the hand-over within 2 s.',
    params: ClaimParams,
    response: { 200: Redemption, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => getClaim(app.deps, await customerOf(app.deps, request), request.params.claimId));

  app.get('/me', customerRoute({ max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: "The customer's display name and e-mail (both optional)",
    response: { 200: Profile, 401: ErrorBody, 429: ErrorBody },
  }), async (request) => getProfile(app.deps, await customerOf(app.deps, request)));

  app.patch('/me', customerRoute({ max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS }, {
    summary: 'Set or clear the display name; clear the e-mail, or ask to use a new one (attached once the mailed link is opened)',
    description:
      'A field left out is unchanged; null or an empty string clears it. A new e-mail gets a confirmation link and ' +
      '`emailConfirmationSentTo` names it; the answer is the same whether or not another wallet uses the address ' +
      "(that wallet's owner is mailed a sign-in link instead).",
    body: UpdateCustomerRequest,
    response: {
      200: UpdateCustomerResponse,
      400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody,
    },
  }), async (request) => updateProfile(app.deps, await customerOf(app.deps, request), request.body, localeOfAcceptLanguage(request.headers['accept-language'])));

  app.delete('/me', customerRoute({ max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS }, {
    summary: 'Delete the wallet: its cards, name and e-mail are erased and this device signed out',
    description: "Stores keep anonymous counts of the stamps and claims that happened (no name, e-mail or device leads to them). The credential stops working at once (401 afterwards).",
    response: { 200: DeleteWalletResponse, 401: ErrorBody, 429: ErrorBody },
  }), async (request) => deleteWallet(app.deps, await customerOf(app.deps, request)));

  app.post('/email/:token', {
    config: { access: 'customer', rateLimit: { max: EMAIL_CONFIRMATIONS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Use an e-mail confirmation link: the address becomes the wallet\'s recovery e-mail',
      description: 'Works on any device (the link proves the mailbox). 410 used or expired; 409 another wallet confirmed the address first.',
      params: LinkTokenParams,
      response: { 200: Profile, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => confirmEmail(app.deps, request.params.token));

  app.post('/recover', {
    config: { access: 'customer', rateLimit: { max: RECOVERY_REQUESTS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Mail a sign-in link that brings the wallet to another device',
      description:
        "Always 202 for a well-formed address, whether or not a wallet uses it. Send the device's credential (X-Customer-Key) " +
        'if it has one: the link then merges that wallet without asking when it is opened on this device.',
      headers: CredentialHeaders,
      body: RecoverRequest,
      response: { 202: RecoverResponse, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    // The answer never waits for the mail: it would come later (or fail) only for an address a wallet uses.
    const deps = mailAfterAnswer(app.deps, (error) => request.log.warn({ err: error }, 'wallet sign-in mail not sent'));
    // An unknown or malformed credential is no reason to refuse: the link just remembers no wallet.
    const requestedBy = (await customerForCredential(app.deps, credentialOf(request))) ?? null;
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    await requestRecovery(deps, request.body.email, locale, requestedBy, linkKeyOf(request));
    return reply.code(202).send({ message: recoverAcceptedMessage(locale) });
  });

  app.post('/recover/:token', customerRoute({ max: RECOVERY_COMPLETIONS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS }, {
    summary: 'Use a sign-in link: this device gets a new credential of that wallet',
    description:
      "Send the device's current credential (X-Customer-Key) to bring its anonymous wallet along: its cards are merged into the " +
      'recovered wallet (stamps that one customer could not have collected — the same code twice, or within a store\'s cooldown — ' +
      'are left out; claims are kept) and its credential stops working. A wallet with an e-mail is never merged. ' +
      'On a device that is neither the one that asked for the link (POST /recover with its credential, or with its ' +
      'X-Customer-Link-Key when it had no wallet) nor one of the link\'s own wallet, nothing happens until `merge=confirmed` ' +
      'is sent: 409, the link still unused, with reason `merge-unconfirmed` when the device\'s cards would move and ' +
      '`sign-in-unconfirmed` when it has none.',
    params: LinkTokenParams,
    querystring: RecoverCompleteQuery,
    response: {
      200: RecoverCompleteResponse,
      400: ErrorBody, 404: ErrorBody, 409: RecoverCompleteRefusal, 410: ErrorBody, 429: ErrorBody,
    },
  }), async (request) => completeRecovery(app.deps, request.params.token, credentialOf(request), request.query.merge === 'confirmed', linkKeyOf(request)));

  app.get('/cards/:cardId/campaign-messages', customerRoute({ max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: "Whether the card's store may send this customer campaign messages (on unless turned off)",
    params: CardParams,
    response: { 200: CampaignMessagesSetting, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => ({ enabled: await campaignMessagesEnabled(app.deps, await customerOf(app.deps, request), request.params.cardId) }));

  app.put('/cards/:cardId/campaign-messages', customerRoute({ max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS }, {
    summary: "Turn the card's store's campaign messages (e-mail, pass, push) on or off",
    params: CardParams,
    body: CampaignMessagesSetting,
    response: { 200: CampaignMessagesSetting, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }), async (request) => ({ enabled: await setCampaignMessages(app.deps, await customerOf(app.deps, request), request.params.cardId, request.body.enabled) }));

  app.get('/me/campaign-mail', customerRoute({ max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS }, {
    summary: "Whether stores may send the customer campaign e-mail (off until the customer ticks it)",
    response: { 200: CampaignMailSetting, 401: ErrorBody, 429: ErrorBody },
  }), async (request) => ({ optIn: await campaignMailEnabled(app.deps, await customerOf(app.deps, request)) }));

  app.put('/me/campaign-mail', customerRoute({ max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS }, {
    summary: "Ask for stores' campaign e-mail, or stop it; the mails are written in the page's language (Accept-Language)",
    body: CampaignMailSetting,
    response: { 200: CampaignMailSetting, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
  }), async (request) => ({ optIn: await setCampaignMail(app.deps, await customerOf(app.deps, request), request.body.optIn, localeOfAcceptLanguage(request.headers['accept-language'])) }));
};

export default named(customerRoutes);
