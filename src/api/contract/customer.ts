// /api/customer: the customer's side — scan a store's QR code, the wallet, claiming a full card,
// the optional profile and wallet recovery. Authenticated by a device credential in the
// CUSTOMER_CREDENTIAL_HEADER header (protocol.ts), never the vendor's bearer token.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { CREDENTIAL_MAX_LENGTH, DISPLAY_NAME_FIELD_MAX_LENGTH, EMAIL_MAX_LENGTH, LINK_TOKEN_MAX_LENGTH, SCAN_TOKEN_MAX_LENGTH } from './limits';
import { CUSTOMER_CREDENTIAL_HEADER, CUSTOMER_LINK_KEY_HEADER } from './protocol';
import { ClaimStatus, ErrorBody, Id, MessageResponse, Nullable } from './common';
import { NullableText, Text } from './text';
import { CampaignOffer } from './campaigns';

export const CustomerStore = Type.Object({
  vendorId: Type.String(),
  company: Type.String(),
  /** URL of the store's logo, or null. */
  logo: Type.Union([Type.String(), Type.Null()], { description: 'URL of the logo image' }),
  /** The store's ISO 4217 currency code: the store's prices are in it. */
  currency: Type.String({ description: "The store's currency, an ISO 4217 code ('USD', 'EUR')" }),
});
export type CustomerStore = Static<typeof CustomerStore>;

export const CustomerReward = Type.Object({
  text: Type.String({ description: '"Buy 10 Flat White, get 1 free"' }),
  /** What the customer gets: the menu item's name or the vendor's custom text ("Flat White"). */
  label: Type.String({ description: 'What a full card gives ("Flat White")' }),
  stamps: Type.Integer({ description: 'Stamps a full card needs' }),
  expiry: Type.String({ description: 'Last day of the reward, YYYY-MM-DD' }),
  /** true once the expiry date has passed: no more stamps, full cards can still be claimed. */
  ended: Type.Boolean(),
});
export type CustomerReward = Static<typeof CustomerReward>;

/** A claim nobody handed over in time: its stamps went back to the card. */
export const ReturnedClaim = Type.Object(
  { rewardLabel: Type.String(), stamps: Type.Integer(), expiredAt: Type.Integer() },
  { description: 'The newest claim expired unconfirmed: its stamps went back to the card' },
);
export type ReturnedClaimDto = Static<typeof ReturnedClaim>;

export const CustomerCard = Type.Object({
  id: Type.String(),
  store: CustomerStore,
  /** null only when the store has no reward set up any more. */
  reward: Type.Union([CustomerReward, Type.Null()]),
  stamps: Type.Integer({ description: 'Stamps on the card now; may exceed `required`' }),
  required: Type.Integer(),
  canClaim: Type.Boolean(),
  /** Epoch ms of the last stamp, or null. */
  lastStampAt: Type.Union([Type.Integer(), Type.Null()]),
  updatedAt: Type.Integer(),
  removedStamps: Type.Optional(Type.Integer({ description: 'Stamps the store voided on this card since its last stamp; 0 when none' })),
  /** The newest claim of this card that expired unconfirmed and gave its stamps back, or null. */
  returnedClaim: Type.Optional(Type.Union([ReturnedClaim, Type.Null()])),
  /** Epoch ms the card's stamps expire at unless the customer visits again; null when they do not expire. */
  stampsExpireAt: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type CustomerCard = Static<typeof CustomerCard>;

export const Redemption = Type.Object({
  id: Type.String(),
  cardId: Type.String(),
  store: CustomerStore,
  /** What the customer gets ("Flat White"), as it read when claimed. */
  rewardLabel: Type.String(),
  stampsRequired: Type.Integer(),
  claimedAt: Type.Integer({ description: 'epoch milliseconds' }),
  status: ClaimStatus('pending until staff hand it over; expired: the stamps went back to the card'),
  code: Type.Union([Type.String(), Type.Null()], { description: 'Pending only: the code staff match or type' }),
  expiresAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Pending only: epoch ms it expires at' }),
  givenAt: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms of the hand-over' }),
});
export type RedemptionDto = Static<typeof Redemption>;

export const ScanRefusalCode = Type.Union(
  [
    Type.Literal('malformed'), Type.Literal('expired'), Type.Literal('unknown-store'), Type.Literal('revoked'), Type.Literal('no-reward'),
    Type.Literal('reward-ended'), Type.Literal('already-collected'), Type.Literal('cooldown'), Type.Literal('code-budget'),
  ],
  { description: 'malformed, expired, unknown-store, revoked, no-reward, reward-ended, already-collected, cooldown, code-budget' },
);
export type ScanRefusalCode = Static<typeof ScanRefusalCode>;

/** The body of a refused scan (4xx): the message to show and, when known, the store and the card. */
export const ScanRefusal = Type.Object(
  {
    error: Type.String({ description: 'The message to show the customer' }),
    code: Type.Optional(ScanRefusalCode),
    details: ErrorBody.properties.details,
    reason: ErrorBody.properties.reason,
    store: Type.Optional(CustomerStore),
    reward: Type.Optional(CustomerReward),
    card: Type.Optional(CustomerCard),
  },
  { description: 'A refused scan: the message, and when known the store, its reward and the customer\'s card.' },
);
export type ScanRefusal = Static<typeof ScanRefusal>;

export const CredentialHeaders = Type.Object({
  [CUSTOMER_CREDENTIAL_HEADER.toLowerCase()]: Type.Optional(Type.String({ maxLength: CREDENTIAL_MAX_LENGTH, description: 'The device credential from the first scan' })),
  [CUSTOMER_LINK_KEY_HEADER.toLowerCase()]: Type.Optional(Type.String({ maxLength: CREDENTIAL_MAX_LENGTH, description: 'The phone\'s link key, sent when it asks for or opens a wallet sign-in link' })),
});

export const CardParams = Type.Object({ cardId: Id });
export const ClaimParams = Type.Object({ claimId: Id });
export const LinkTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: LINK_TOKEN_MAX_LENGTH }) });

/**
 * GET /api/customer/cards/{cardId}/store: what the owner wrote about the store, for the card's store
 * section. Only the public profile: no ids, no e-mail, no owner name.
 */
export const StoreMenuEntry = Type.Object({
  name: Type.String(),
  price: Type.Union([Type.Number(), Type.Null()], { description: "In the store's currency, or null when the item has no price" }),
});
export type StoreMenuEntry = Static<typeof StoreMenuEntry>;
export const StoreDetailsResponse = Type.Object({
  company: Type.String(),
  logo: Nullable(Type.String({ description: 'URL of the logo image' })),
  cover: Nullable(Type.String({ description: 'URL of the cover image' })),
  address: Type.String(),
  openHours: Type.String(),
  website: Nullable(Type.String({ description: 'As the owner typed it (a bare domain is fine)' })),
  currency: Type.String({ description: "The store's currency (ISO 4217): the menu's prices are in it" }),
  menu: Type.Array(StoreMenuEntry, { description: 'In the order the owner added them' }),
});
export type StoreDetailsResponse = Static<typeof StoreDetailsResponse>;

/** POST /api/customer/scan: one stamp collected. */
export const ScanRequest = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: SCAN_TOKEN_MAX_LENGTH }),
    attempt: Type.Optional(Type.String({
      pattern: '^[A-Za-z0-9_-]{22,43}$',
      description:
        'A key the phone makes for this scan and sends again with each retry of it: a retry of an attempt that stamped is answered ' +
        'as that attempt was, and stamps nothing more. With it, a well-formed credential (X-Customer-Key) that names no customer is ' +
        'one the phone made for its first scan: the new customer gets it, and the answer carries no credential.',
    })),
  },
  { additionalProperties: false },
);
export type ScanRequest = Static<typeof ScanRequest>;
export const ScanResponse = Type.Object({
  message: Type.String(),
  store: CustomerStore,
  reward: CustomerReward,
  card: CustomerCard,
  /** Epoch ms of the stamp just collected. */
  stampedAt: Type.Integer(),
  credential: Type.Optional(Type.String({ description: 'Only for a new customer: keep it, it is not shown again' })),
  /** Stamps this scan gave (more than 1 in the store's per-item mode). */
  stampsGiven: Type.Optional(Type.Integer()),
  /** Of those, the bonus stamps a running bonus-stamps campaign added (the page says "Bonus stamp!"). */
  bonusStamps: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The store auto-redeems: the card filled, and this pending reward waits at the counter. */
  redemption: Type.Optional(Redemption),
  /** The answer to a retry: an earlier attempt of this scan (its `attempt` key) gave these stamps, and its answer was lost. */
  repeated: Type.Optional(Type.Literal(true)),
});
export type ScanResponse = Static<typeof ScanResponse>;

/** Present (true) when the server offers "Add to Google Wallet" for its cards. */
const GoogleWalletOffered = Type.Optional(Type.Boolean({ description: 'true when the server offers "Add to Google Wallet"; absent otherwise' }));

export const WalletResponse = Type.Object({ cards: Type.Array(CustomerCard), googleWallet: GoogleWalletOffered });
export type WalletResponse = Static<typeof WalletResponse>;

export const CardResponse = Type.Object({
  card: CustomerCard,
  /** The newest claims of this card, newest first. */
  redemptions: Type.Array(Redemption),
  googleWallet: GoogleWalletOffered,
  /** The store's offers running now that are meant for this customer (in the audience, not held out). */
  offers: Type.Optional(Type.Array(CampaignOffer)),
});
export type CardResponse = Static<typeof CardResponse>;

/** GET /api/customer/cards/{id}/google-pass: the "Save to Google Wallet" link of the card. */
export const GooglePassResponse = Type.Object({ saveUrl: Type.String({ format: 'uri', description: 'https://pay.google.com/gp/v/save/<signed JWT>' }) });
export type GooglePassResponse = Static<typeof GooglePassResponse>;

export const ClaimResponse = Type.Object({ redemption: Redemption, card: CustomerCard });
export type ClaimResponse = Static<typeof ClaimResponse>;

export const CustomerProfile = Type.Object({ displayName: Nullable(Type.String()), email: Nullable(Type.String()) });
export type CustomerProfile = Static<typeof CustomerProfile>;
/** POST /api/customer/email/{token}: the link mailed to a new address was opened; the profile with it. */
export type ConfirmEmailResponse = CustomerProfile;

/** PATCH /api/customer/me: a field left out is unchanged; null (or '') removes it; a new e-mail is attached once confirmed. */
export const UpdateCustomerRequest = Type.Object(
  {
    displayName: Type.Optional(NullableText({ maxLength: DISPLAY_NAME_FIELD_MAX_LENGTH })),
    email: Type.Optional(NullableText({ maxLength: EMAIL_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type UpdateCustomerRequest = Static<typeof UpdateCustomerRequest>;

/**
 * The answer to PATCH /api/customer/me: the profile as saved (a new e-mail is not in it yet) and the
 * address a confirmation link was mailed to, if one was asked for. The same whether or not another
 * wallet uses that address.
 */
export const UpdateCustomerResponse = Type.Object({
  ...CustomerProfile.properties,
  emailConfirmationSentTo: Nullable(Type.String({ description: 'Where the confirmation link went' })),
});
export type UpdateCustomerResponse = Static<typeof UpdateCustomerResponse>;

export const DeleteWalletResponse = MessageResponse;

export const RecoverRequest = Type.Object({ email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false });
export type RecoverRequest = Static<typeof RecoverRequest>;
export const RecoverResponse = MessageResponse;
export type RecoverResponse = MessageResponse;

/** What merging this phone's anonymous wallet into the recovered one did. */
export const WalletMergeSummary = Type.Object(
  {
    cards: Type.Integer({ description: "Cards of the device's anonymous wallet moved over or combined" }),
    stamps: Type.Integer({ description: 'Stamps added to the recovered wallet' }),
    skippedStamps: Type.Integer({ description: 'Stamps left out: already collected with the same code, or within the cooldown' }),
    redemptions: Type.Integer({ description: 'Past claims moved over' }),
  },
  { description: "What merging the device's anonymous wallet did; null when none was merged" },
);
export type WalletMergeSummary = Static<typeof WalletMergeSummary>;

/** POST /api/customer/recover/{token}?merge=confirmed: this phone may sign in to the link's wallet (its cards along) although another phone asked for it. */
export const RecoverCompleteQuery = Type.Object({ merge: Type.Optional(Type.Literal('confirmed')) }, { additionalProperties: false });
export type RecoverCompleteQuery = Static<typeof RecoverCompleteQuery>;

/** The 409 of a link asked for on another phone: the page asks first, whether cards would move or not. */
export const RecoverCompleteRefusal = Type.Object({
  error: Type.String(),
  details: ErrorBody.properties.details,
  reason: Type.Union([
    Type.Literal('merge-unconfirmed', { description: "This device's cards would join the link's wallet" }),
    Type.Literal('sign-in-unconfirmed', { description: 'This device has no cards to move; it would sign in to the link\'s wallet' }),
  ]),
});
export type RecoverCompleteRefusal = Static<typeof RecoverCompleteRefusal>;

/** POST /api/customer/recover/{token}: a new credential for this device, given once. */
export const RecoverCompleteResponse = Type.Object({
  credential: Type.String(),
  profile: CustomerProfile,
  /** null when the phone had no anonymous wallet to bring along. */
  merged: Type.Union([WalletMergeSummary, Type.Null()]),
});
export type RecoverCompleteResponse = Static<typeof RecoverCompleteResponse>;
