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
}
export type ScanRefusalCode =
  | 'malformed'
  | 'expired'
  | 'unknown-store'
  | 'revoked'
  | 'no-reward'
  | 'reward-ended'
  | 'already-collected'
  | 'cooldown';
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
}
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
