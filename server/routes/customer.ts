// /api/customer: the customer's side — scan a store's QR code for a stamp, the wallet, claiming a
// full card, the optional profile and wallet recovery. Customers authenticate with a device
// credential in the X-Customer-Key header (never the vendor's bearer token).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/types';
import { NullableText, Text } from '../schemas/text';
import { claimCard, getCard, getClaim, listWallet } from '../services/claims';
import { completeRecovery, confirmEmail, getProfile, requireCustomer, requestRecovery, RECOVER_ACCEPTED_MESSAGE, updateProfile } from '../services/customers';
import { scan } from '../services/stamping';
import { deleteWallet } from '../services/wallet-deletion';

const MINUTE_MS = 60 * 1000;
/** Stamp attempts per client address (a café's Wi-Fi is one address for all its customers). */
export const SCAN_ATTEMPTS_PER_ADDRESS = 60;
export const SCAN_WINDOW_MS = MINUTE_MS;
/** New customers (first scans without a credential) per client address. */
export const NEW_CUSTOMERS_PER_ADDRESS = 30;
export const NEW_CUSTOMERS_WINDOW_MS = 10 * MINUTE_MS;
export const WALLET_READS_PER_ADDRESS = 120;
export const CLAIMS_PER_ADDRESS = 30;
/**
 * The claim screen asks once a second while its claim is pending (issue 19), and a café's Wi-Fi is one
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

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { description: 'A human-readable message; `details` name the offending fields of a 400.' },
);

const CustomerStore = Type.Object({
  vendorId: Type.String(),
  company: Type.String(),
  logo: Type.Union([Type.String(), Type.Null()], { description: 'URL of the logo image' }),
});

const CustomerReward = Type.Object({
  text: Type.String({ description: '"Buy 10 Flat White, get 1 free"' }),
  label: Type.String({ description: 'What a full card gives ("Flat White")' }),
  stamps: Type.Integer({ description: 'Stamps a full card needs' }),
  expiry: Type.String({ description: 'Last day of the reward, YYYY-MM-DD' }),
  ended: Type.Boolean(),
});

const CustomerCard = Type.Object({
  id: Type.String(),
  store: CustomerStore,
  reward: Type.Union([CustomerReward, Type.Null()]),
  stamps: Type.Integer({ description: 'Stamps on the card now; may exceed `required`' }),
  required: Type.Integer(),
  canClaim: Type.Boolean(),
  lastStampAt: Type.Union([Type.Integer(), Type.Null()]),
  updatedAt: Type.Integer(),
  removedStamps: Type.Optional(Type.Integer({ description: 'Stamps the store voided on this card since its last stamp (issue 17); 0 when none' })),
  returnedClaim: Type.Optional(Type.Union([
    Type.Object({ rewardLabel: Type.String(), stamps: Type.Integer(), expiredAt: Type.Integer() }, { description: 'The newest claim expired unconfirmed: its stamps went back to the card' }),
    Type.Null(),
  ])),
});

const Redemption = Type.Object({
  id: Type.String(),
  cardId: Type.String(),
  store: CustomerStore,
  rewardLabel: Type.String(),
  stampsRequired: Type.Integer(),
  claimedAt: Type.Integer({ description: 'epoch milliseconds' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('given'), Type.Literal('expired')], { description: 'pending until staff hand it over; expired: the stamps went back to the card' }),
  code: Type.Union([Type.String(), Type.Null()], { description: 'Pending only: the code staff match or type' }),
  expiresAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Pending only: epoch ms it expires at' }),
  givenAt: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms of the hand-over' }),
});

const ScanRefusal = Type.Object(
  {
    error: Type.String({ description: 'The message to show the customer' }),
    code: Type.Optional(Type.String({ description: 'malformed, expired, unknown-store, revoked, no-reward, reward-ended, already-collected, cooldown, code-budget' })),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    store: Type.Optional(CustomerStore),
    reward: Type.Optional(CustomerReward),
    card: Type.Optional(CustomerCard),
  },
  { description: 'A refused scan: the message, and when known the store, its reward and the customer\'s card.' },
);

const Profile = Type.Object({ displayName: nullable(Type.String()), email: nullable(Type.String()) });

const WalletMergeSummary = Type.Object(
  {
    cards: Type.Integer({ description: "Cards of the device's anonymous wallet moved over or combined" }),
    stamps: Type.Integer({ description: 'Stamps added to the recovered wallet' }),
    skippedStamps: Type.Integer({ description: 'Stamps left out: already collected with the same code, or within the cooldown' }),
    redemptions: Type.Integer({ description: 'Past claims moved over' }),
  },
  { description: "What merging the device's anonymous wallet did; null when none was merged" },
);

const CredentialHeaders = Type.Object({
  [CUSTOMER_CREDENTIAL_HEADER.toLowerCase()]: Type.Optional(Type.String({ maxLength: 200, description: 'The device credential from the first scan' })),
});

// Ids reach SQL: the text rule keeps a NUL (which PostgreSQL refuses with an error) out of them too.
const CardParams = Type.Object({ cardId: Text({ minLength: 1, maxLength: 64 }) });

function credentialOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CUSTOMER_CREDENTIAL_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Wallet data belongs to one device: never cached by the browser or anything in between.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const newCustomers = app.createRateLimit({
    max: NEW_CUSTOMERS_PER_ADDRESS,
    timeWindow: NEW_CUSTOMERS_WINDOW_MS,
    keyGenerator: (request) => `customer-new:${request.ip}`,
  });

  app.post('/scan', {
    config: { rateLimit: { max: SCAN_ATTEMPTS_PER_ADDRESS, timeWindow: SCAN_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: "Collect a stamp with a store's QR token",
      description:
        'Creates the customer on a first scan (the answer then carries the device credential, once). Refusals: 400 malformed ' +
        'token; 404 unknown store; 409 no reward, already collected with this token, or within the cooldown; 410 token expired, ' +
        'flyer revoked, or reward ended; 429 too many attempts from this address.',
      headers: CredentialHeaders,
      body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({
          message: Type.String(),
          store: CustomerStore,
          reward: CustomerReward,
          card: CustomerCard,
          stampedAt: Type.Integer(),
          credential: Type.Optional(Type.String({ description: 'Only for a new customer: keep it, it is not shown again' })),
        }),
        400: ScanRefusal, 404: ScanRefusal, 409: ScanRefusal, 410: ScanRefusal, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse,
      },
    },
  }, async (request, reply) => {
    const outcome = await scan(app.deps, {
      token: request.body.token,
      credential: credentialOf(request),
      clientAddress: request.ip,
      mayCreateCustomer: async () => {
        const throttle = await newCustomers(request);
        return throttle.isAllowed || !throttle.isExceeded;
      },
    });
    if (!outcome.ok) return reply.code(outcome.status).send(outcome.refusal);
    return outcome.response;
  });

  app.get('/cards', {
    config: { rateLimit: { max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "The customer's stamp cards across stores, most recently used first",
      headers: CredentialHeaders,
      response: { 200: Type.Object({ cards: Type.Array(CustomerCard) }), 401: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return listWallet(app.deps, customerId);
  });

  app.get('/cards/:cardId', {
    config: { rateLimit: { max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: 'One stamp card of the customer, with its latest claims',
      headers: CredentialHeaders,
      params: CardParams,
      response: { 200: Type.Object({ card: CustomerCard, redemptions: Type.Array(Redemption) }), 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return getCard(app.deps, customerId, request.params.cardId);
  });

  app.post('/cards/:cardId/claim', {
    config: { rateLimit: { max: CLAIMS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Claim the reward of a full card',
      description: 'Records a redemption and takes the reward\'s stamps off the card (extra stamps carry over). 409 when the card is not full.',
      headers: CredentialHeaders,
      params: CardParams,
      response: {
        200: Type.Object({ redemption: Redemption, card: CustomerCard }),
        401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse,
      },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return claimCard(app.deps, customerId, request.params.cardId);
  });

  app.get('/claims/:claimId', {
    config: { rateLimit: { max: CLAIM_STATUS_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: 'One claim of the customer as it is now: pending (with its code), given (when), or expired',
      description: 'The claim screen polls this every second while the claim is pending, so it shows the hand-over within 2 s.',
      headers: CredentialHeaders,
      params: Type.Object({ claimId: Text({ minLength: 1, maxLength: 64 }) }),
      response: { 200: Redemption, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return getClaim(app.deps, customerId, request.params.claimId);
  });

  app.get('/me', {
    config: { rateLimit: { max: WALLET_READS_PER_ADDRESS, timeWindow: MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: "The customer's display name and e-mail (both optional)",
      headers: CredentialHeaders,
      response: { 200: Profile, 401: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return getProfile(app.deps, customerId);
  });

  app.patch('/me', {
    config: { rateLimit: { max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Set or clear the display name; clear the e-mail, or ask to use a new one (attached once the mailed link is opened)',
      description:
        'A field left out is unchanged; null or an empty string clears it. A new e-mail gets a confirmation link and ' +
        '`emailConfirmationSentTo` names it; the answer is the same whether or not another wallet uses the address ' +
        "(that wallet's owner is mailed a sign-in link instead).",
      headers: CredentialHeaders,
      body: Type.Object(
        {
          displayName: Type.Optional(NullableText({ maxLength: 200 })),
          email: Type.Optional(NullableText({ maxLength: 254 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ ...Profile.properties, emailConfirmationSentTo: nullable(Type.String({ description: 'Where the confirmation link went' })) }),
        400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse,
      },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return updateProfile(app.deps, customerId, request.body);
  });

  app.delete('/me', {
    config: { rateLimit: { max: PROFILE_UPDATES_PER_ADDRESS, timeWindow: 10 * MINUTE_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Delete the wallet: its cards, name and e-mail are erased and this device signed out',
      description: "Stores keep anonymous counts of the stamps and claims that happened (no name, e-mail or device leads to them). The credential stops working at once (401 afterwards).",
      headers: CredentialHeaders,
      response: { 200: Type.Object({ message: Type.String() }), 401: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => {
    const customerId = await requireCustomer(app.deps, credentialOf(request));
    return deleteWallet(app.deps, customerId);
  });

  app.post('/email/:token', {
    config: { rateLimit: { max: EMAIL_CONFIRMATIONS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Use an e-mail confirmation link: the address becomes the wallet\'s recovery e-mail',
      description: 'Works on any device (the link proves the mailbox). 410 used or expired; 409 another wallet confirmed the address first.',
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }),
      response: { 200: Profile, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request) => confirmEmail(app.deps, request.params.token));

  app.post('/recover', {
    config: { rateLimit: { max: RECOVERY_REQUESTS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Mail a sign-in link that brings the wallet to another device',
      description: 'Always 202 for a well-formed address, whether or not a wallet uses it.',
      body: Type.Object({ email: Text({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false }),
      response: { 202: Type.Object({ message: Type.String() }), 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request, reply) => {
    await requestRecovery(app.deps, request.body.email);
    return reply.code(202).send({ message: RECOVER_ACCEPTED_MESSAGE });
  });

  app.post('/recover/:token', {
    config: { rateLimit: { max: RECOVERY_COMPLETIONS_PER_ADDRESS, timeWindow: RECOVERY_WINDOW_MS } },
    schema: {
      tags: ['customer'],
      summary: 'Use a sign-in link: this device gets a new credential of that wallet',
      description:
        "Send the device's current credential (X-Customer-Key) to bring its anonymous wallet along: its cards are merged into the " +
        'recovered wallet (stamps that one customer could not have collected — the same code twice, or within a store\'s cooldown — ' +
        'are left out; claims are kept) and its credential stops working. A wallet with an e-mail is never merged.',
      headers: CredentialHeaders,
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }),
      response: {
        200: Type.Object({ credential: Type.String(), profile: Profile, merged: Type.Union([WalletMergeSummary, Type.Null()]) }),
        404: ErrorResponse, 410: ErrorResponse, 429: ErrorResponse,
      },
    },
  }, async (request) => completeRecovery(app.deps, request.params.token, credentialOf(request)));
};

export default customerRoutes;
