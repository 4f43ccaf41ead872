// Wire types shared by the SPA and the API server (request and response shapes of SPEC.md §7).
// Both sides import from here; nothing else is shared between src/ and server/.

/** Every error response: `{ error }` with a human message; `details` on 400s say which field. */
export interface ApiError {
  error: string;
  details?: { field: string; message: string }[];
}

// ---- /api/auth ----
export interface LoginRequest {
  email: string;
  password: string;
  /** The known-device token this browser kept from its last sign-in, if any. */
  deviceToken?: string;
}
export interface LoginResponse {
  token: string;
  vendor: { _id: string };
  /** Keep it in this browser: sent with the next sign-in, strangers' failures cannot lock it out. */
  deviceToken?: string;
}
/** GET /api/auth/verify/{token}: ok false = expired (a new mail was sent); ok true = verified. */
export interface VerifyResponse {
  ok: boolean;
  vendorId?: string;
  error?: string;
}
export interface CompleteRegistrationRequest {
  vendorId: string;
  password: string;
}
export interface CompleteRegistrationResponse {
  token: string;
  vendorId: string;
  deviceToken?: string;
  error?: string;
}
/** POST /api/auth/forgot-password: always 202 with the same message for a well-formed address. */
export interface ForgotPasswordResponse {
  message: string;
}
/** POST /api/auth/reset-password/{token}: the new password signs the vendor in (as completing registration does). */
export type ResetPasswordResponse = CompleteRegistrationResponse;
/** POST /api/auth/register is multipart: these text fields plus an optional `menu` file (png/jpeg). */
export interface RegisterFields {
  name: string;
  business: string;
  email: string;
  address: string;
  openingHours: string;
  website: string;
}

// ---- /api/vendor ----
export interface VendorProfile {
  company: string;
  address: string;
  open_hours: string;
  website: string;
  /** URL of the logo image (content-addressed, cacheable), or null. */
  logo: string | null;
  /** URL of the cover image, or null. Uploaded as `cover`, read back as `banner` (SPEC.md §7). */
  banner: string | null;
}
export interface MenuItemDto {
  _id: string;
  name: string;
  /** Price in dollars (e.g. 4.2), or '' when the item has no price (SPEC.md §3: number or empty). */
  price: number | '';
  /** Set on items a menu scan added: the upload that added them (removeUpload takes it back). */
  uploadId?: string;
}
export interface VendorResponse {
  vendor: VendorProfile;
  items: MenuItemDto[];
}
export interface UploadMenuResponse {
  newItems: MenuItemDto[];
  /** Identifies this upload's items (each carries it as `uploadId`). */
  uploadId?: string;
}
export interface AddItemRequest {
  itemName: string;
  itemPrice: string | number | '';
}
export interface AddItemResponse {
  item: MenuItemDto;
}
export interface DeleteItemRequest {
  itemId: string;
}

// ---- /api/rewards ----
export interface RewardSetup {
  stamps: number;
  item: string | null;
  itemCustom: string | null;
  /** YYYY-MM-DD */
  expiry: string;
}
export interface RewardResponse {
  reward: RewardSetup;
  items: { _id: string; name: string }[];
}

/** GET /api/rewards/{vendorId}/first-day (issue 15): the first-day checklist of a new store. */
export interface FirstDayStatus {
  /** A reward is saved (false: the store still shows SPEC.md's defaults). */
  rewardSaved: boolean;
  /** Saved and not past its expiry date: customers can collect stamps. */
  rewardUsable: boolean;
  /** The saved reward's expiry date (YYYY-MM-DD), or null when none is saved. */
  rewardExpiry: string | null;
  /** The flyer was exported or printed at least once (POST /api/qrcode/flyer-printed). */
  flyerPrinted: boolean;
  /** A customer collected a stamp at this store. */
  firstStamp: boolean;
}

// ---- /api/qrcode ----
export interface QrTokenResponse {
  token: string;
  /** PUBLIC_URL/s/<token>: what the QR image encodes, so a phone camera opens the customer page. */
  url: string;
  /** Epoch milliseconds after which the token no longer stamps. */
  expiresAt: number;
}
export interface PrintableQrRequest {
  vendorId: string;
  /** true: replace the printable token, so flyers printed before stop working. */
  renew?: boolean;
}
export interface PrintableQrResponse {
  token: string;
  url: string;
}

// ---- /api/customer (issue 6: the customer's side, authenticated by a device credential) ----
/** Header carrying the customer's device credential (never the vendor's bearer token). */
export const CUSTOMER_CREDENTIAL_HEADER = 'X-Customer-Key';

export interface CustomerStore {
  vendorId: string;
  company: string;
  /** URL of the store's logo, or null. */
  logo: string | null;
}
export interface CustomerReward {
  /** "Buy 10 Flat White, get 1 free". */
  text: string;
  /** What the customer gets: the menu item's name or the vendor's custom text ("Flat White"). */
  label: string;
  /** Stamps a full card needs. */
  stamps: number;
  /** Last day the reward runs, YYYY-MM-DD. */
  expiry: string;
  /** true once the expiry date has passed: no more stamps, full cards can still be claimed. */
  ended: boolean;
}
export interface CustomerCard {
  id: string;
  store: CustomerStore;
  /** null only when the store has no reward set up any more. */
  reward: CustomerReward | null;
  /** Stamps on the card now (may exceed `required`: extra stamps carry over after a claim). */
  stamps: number;
  required: number;
  canClaim: boolean;
  /** Epoch ms of the last stamp, or null. */
  lastStampAt: number | null;
  updatedAt: number;
  /** Issue 17: stamps the store voided on this card since its last stamp (0 or absent: none), shown as a notice. */
  removedStamps?: number;
  /** Issue 19: the newest claim of this card that expired unconfirmed and gave its stamps back, or null. */
  returnedClaim?: ReturnedClaimDto | null;
}
/** A claim nobody handed over in time: its stamps went back to the card. */
export interface ReturnedClaimDto {
  rewardLabel: string;
  stamps: number;
  /** Epoch ms. */
  expiredAt: number;
}
export type ScanRefusalCode =
  | 'malformed'
  | 'expired'
  | 'unknown-store'
  | 'revoked'
  | 'no-reward'
  | 'reward-ended'
  | 'already-collected'
  | 'cooldown'
  | 'code-budget';
/** POST /api/customer/scan: one stamp collected. */
export interface ScanRequest {
  token: string;
}
export interface ScanResponse {
  message: string;
  store: CustomerStore;
  reward: CustomerReward;
  card: CustomerCard;
  /** Epoch ms of the stamp just collected. */
  stampedAt: number;
  /** Only when this scan created the customer: the device credential, given once; keep it. */
  credential?: string;
}
/** The body of a refused scan (4xx): the message to show and, when known, the store and the card. */
export interface ScanRefusal extends ApiError {
  code?: ScanRefusalCode;
  store?: CustomerStore;
  reward?: CustomerReward;
  card?: CustomerCard;
}
export interface WalletResponse {
  cards: CustomerCard[];
}
export interface RedemptionDto {
  id: string;
  cardId: string;
  store: CustomerStore;
  /** What the customer gets ("Flat White"), as it read when claimed. */
  rewardLabel: string;
  stampsRequired: number;
  /** Epoch ms. */
  claimedAt: number;
  /** Issue 19: pending until staff hand it over (given) or its time runs out (expired: stamps back on the card). */
  status: ClaimStatus;
  /** The short code staff match or type at the counter (pending claims only; null otherwise). */
  code: string | null;
  /** Epoch ms a pending claim expires at; null once settled. */
  expiresAt: number | null;
  /** Epoch ms of the hand-over; null unless given. */
  givenAt: number | null;
}
export type ClaimStatus = 'pending' | 'given' | 'expired';
/** The vendor screen a hand-over was confirmed on (by its button or by the typed code). */
export type HandoverScreen = 'feed' | 'counter';
/** Hand-over codes: 5 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B). */
export const HANDOVER_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY3479';
export const HANDOVER_CODE_LENGTH = 5;
/** How often the claim screen asks whether its claim was handed over (issue 19: the screen changes within 2 s). */
export const CLAIM_POLL_MS = 1000;
export interface CardResponse {
  card: CustomerCard;
  /** The newest claims of this card, newest first. */
  redemptions: RedemptionDto[];
}
export interface ClaimResponse {
  redemption: RedemptionDto;
  card: CustomerCard;
}
export interface CustomerProfile {
  displayName: string | null;
  email: string | null;
}
/**
 * The answer to PATCH /api/customer/me: the profile as saved (a new e-mail is not in it yet) and the
 * address a confirmation link was mailed to, if one was asked for. The same whether or not another
 * wallet uses that address.
 */
export interface UpdateCustomerResponse extends CustomerProfile {
  emailConfirmationSentTo: string | null;
}
/** POST /api/customer/email/{token}: the link mailed to a new address was opened; the profile with it. */
export type ConfirmEmailResponse = CustomerProfile;
/** PATCH /api/customer/me: a field left out is unchanged; null (or '') removes it; a new e-mail is attached once confirmed. */
export interface UpdateCustomerRequest {
  displayName?: string | null;
  email?: string | null;
}
export interface RecoverRequest {
  email: string;
}
export interface RecoverResponse {
  message: string;
}
/** POST /api/customer/recover/{token}: a new credential for this device, given once. */
/** What merging this phone's anonymous wallet into the recovered one did. */
export interface WalletMergeSummary {
  cards: number;
  stamps: number;
  skippedStamps: number;
  redemptions: number;
}

export interface RecoverCompleteResponse {
  credential: string;
  profile: CustomerProfile;
  /** null when the phone had no anonymous wallet to bring along. */
  merged: WalletMergeSummary | null;
}

// ---- /api/activity and /api/dashboard (issue 7: the vendor's own figures and the live counter feed) ----
export type ActivityType = 'stamp' | 'redemption';

/** One stamp given or reward claimed at the vendor's store. */
export interface ActivityItem {
  /** The stamp event's or redemption's id. */
  id: string;
  type: ActivityType;
  /** The customer's display name, or a short anonymous label such as 'Guest 4F2A'. */
  customer: string;
  /** Epoch ms. */
  date: number;
  /** What the card is for ("Flat White"): the reward's label now (stamps) or as claimed (redemptions). */
  reward: string;
  /** Stamps: the card's count right after this stamp. */
  stamps?: number;
  /** Stamps a full card needs (for a redemption, as it was when claimed). */
  required?: number;
  /** Issue 17: the store voided this stamp (it no longer counts on the card or in the figures). */
  voided?: boolean;
  /** Redemptions (issue 19): pending, given or expired. */
  status?: ClaimStatus;
  /** Redemptions, while pending: the code on the customer's screen. */
  code?: string | null;
  /** Redemptions: epoch ms of the hand-over, when given. */
  givenAt?: number | null;
  /** Redemptions, while pending: epoch ms the claim expires at. */
  expiresAt?: number | null;
}

/** POST /api/handover/{vendorId}/claims/{id} and …/code: the claim as it is now (given). */
export interface HandoverRequest {
  screen: HandoverScreen;
}
export interface HandoverByCodeRequest extends HandoverRequest {
  code: string;
}
export interface HandoverResponse {
  item: ActivityItem;
}
/** GET /api/handover/{vendorId}/pending: the claims waiting at the counter, oldest first. */
export interface PendingClaimsResponse {
  items: ActivityItem[];
}

// ---- /api/customers (issue 19: the vendor's customer list) ----
export type CustomerListFilter = 'all' | 'regulars' | 'lapsed';
export type CustomerListSort = 'lastVisit' | 'firstVisit' | 'visits' | 'stamps' | 'rewardsGiven';
export type SortOrder = 'asc' | 'desc';
/** Regulars: at least this many visits in the last REGULAR_WINDOW_DAYS days; lapsed: no visit in that window. */
export const REGULAR_MIN_VISITS = 4;
export const REGULAR_WINDOW_DAYS = 30;
export const CUSTOMER_PAGE_SIZE = { min: 1, max: 100, default: 25 } as const;
export interface CustomerListItem {
  /** Opaque, stable per customer (not the customer's id). */
  key: string;
  name: string;
  visits: number;
  /** Stamps on the card now. */
  stamps: number;
  rewardsGiven: number;
  /** Epoch ms of the first visit (the card's creation). */
  firstVisit: number;
  /** Epoch ms of the last stamp, or null. */
  lastVisit: number | null;
}
/** GET /api/customers/{vendorId}?filter=&sort=&order=&limit=&after=: keyset pages. */
export interface CustomerListResponse {
  items: CustomerListItem[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

/** GET /api/activity/{vendorId}?page=&pageSize=: newest first. */
export interface ActivityPage {
  items: ActivityItem[];
  page: number;
  pageSize: number;
  /** Events counted, up to `ACTIVITY_MAX_ROWS`; `totalIsCapped` says the real number is larger. */
  total: number;
  totalIsCapped: boolean;
  hasMore: boolean;
  /** When there is more: pass as `?before=` for the next page (keyset paging, any depth, issue 18). */
  nextCursor?: string;
}

/** How far back the activity list pages (page × pageSize stays within it), and how far `total` counts. */
export const ACTIVITY_MAX_ROWS = 10_000;
export const ACTIVITY_PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;

export interface DashboardCount {
  /** The first day of the bucket in the vendor's time zone, YYYY-MM-DD. */
  date: string;
  count: number;
}

export interface EngagedCustomerDto {
  /** A stable, opaque key for lists (not the customer's id). */
  key: string;
  name: string;
  initials: string;
  /** Stamps collected in the last 90 days. */
  stamps: number;
}

/** GET /api/dashboard/{vendorId}?utcOffset=: every figure of the dashboard. */
export interface DashboardResponse {
  /** false until the first stamp: the dashboard then shows SPEC.md's sample figures. */
  hasActivity: boolean;
  stampCard: {
    /** Average stamps on active cards (≥ 1 stamp, used in the last 90 days), counted up to `required`; one decimal. */
    averageStamps: number;
    required: number;
    activeCards: number;
  };
  totalRedemptions: number;
  /** The last 8 weeks (7-day windows ending today), oldest first. */
  redemptionsPerWeek: DashboardCount[];
  /** The 4 latest stamps and claims, newest first. */
  recent: ActivityItem[];
  /** The 4 customers with the most stamps in the last 90 days. */
  engagedCustomers: EngagedCustomerDto[];
  /** Claims per day over the last 30 days, oldest first. */
  redemptionActivity: DashboardCount[];
  /** What the vendor owes: full cards not yet claimed, and cards one stamp short of full. */
  outstanding: { fullCards: number; nearlyFull: number };
  /** Issue 19: claims waiting at the counter, handed over, and expired unconfirmed (all time). */
  claims?: ClaimCounts;
}
export interface ClaimCounts {
  pending: number;
  given: number;
  expired: number;
}

/** POST /api/activity/{vendorId}/stream-ticket: a short-lived ticket for the live feed's URL (EventSource sends no headers). */
export interface StreamTicketResponse {
  ticket: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The stream's path, with the ticket, ready for `new EventSource(url)`. */
  url: string;
}

/** The live feed's server-sent event name; its data is one `ActivityItem` as JSON. */
export const ACTIVITY_STREAM_EVENT = 'activity';
/** Issue 17: the live feed's event when a code's relay alert appears or changes; its data is `{ code }`. */
export const RELAY_ALERT_STREAM_EVENT = 'relay-alert';

// ---- /api/qrcode/{vendorId}/alerts (issue 17: relay detection and the vendor's review) ----
export type RelayFlagReason = 'networks' | 'budget' | 'device';

/** One stamp a flagged code granted, as the vendor reviews it. */
export interface RelayAlertStamp {
  id: string;
  customer: string;
  /** Epoch ms. */
  date: number;
  /** The client network prefix the scan came from ('203.0.113.0/24'). */
  network: string | null;
  newDevice: boolean;
  voided: boolean;
  /** The card had a reward claimed after this stamp: a void does not reverse that claim. */
  claimedAfter: boolean;
}

/** A code flagged as probably relayed (a photo going around), with what it granted. */
export interface RelayAlert {
  /** Opaque id of the code (used in the void URL). */
  code: string;
  kind: 'dynamic' | 'printable';
  reason: RelayFlagReason;
  /** 'Code from 14:02 used 17 times from 9 networks in 60 s — a photo may be going around' (server's clock, UTC). */
  message: string;
  firstUsedAt: number;
  /** The code's latest scan (granted or refused). */
  lastUsedAt: number;
  flaggedAt: number;
  /** Scans that got a stamp, scans the budget refused, distinct networks, the budget. */
  granted: number;
  refused: number;
  networks: number;
  budget: number;
  voidedAt: number | null;
  voidedStamps: number | null;
  stamps: RelayAlertStamp[];
}
export interface RelayAlertsResponse {
  alerts: RelayAlert[];
}
/** POST /api/qrcode/{vendorId}/alerts/{code}/void: what voiding did. */
export interface VoidCodeResponse {
  voidedStamps: number;
  cards: number;
  /** Cards whose claim made since is kept (shown, not reversed). */
  claimsKept: number;
  flyerRenewed: boolean;
}
/** GET/PUT /api/qrcode/{vendorId}/stamp-budget: the store's own floors (null follows the server's default). */
export interface StampBudgetSettings {
  codeBudgetFloor: number | null;
  flyerBudgetFloor: number | null;
  /** What is in force now: the budget a new counter code gets, and the flyer's daily budget. */
  effectiveCodeBudget: number;
  effectiveFlyerBudget: number;
}
