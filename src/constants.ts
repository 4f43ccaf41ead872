// Every user-visible text, default and limit of the app in one place.
// Features add their own section here rather than scattering literals through components.
// Limits the server enforces too come from the wire contract's limits module (one number for both sides).
import {
  DEFAULT_REWARD_EXPIRY,
  DEFAULT_REWARD_STAMPS,
  MAX_IMAGE_BYTES,
  MAX_ITEM_CUSTOM_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MAX_MENU_BYTES,
  MAX_STAMPS,
  MIN_STAMPS,
  PROFILE_TEXT_MAX_LENGTH,
  PROFILE_WEBSITE_MAX_LENGTH,
} from './api/contract/limits';

export const TOKEN_STORAGE_KEY = 'token';
/** This browser's known-device token: a sign-in that sends it is not locked out by strangers' failures. */
export const KNOWN_DEVICE_STORAGE_KEY = 'stampwise.knownDevice';
/** Session tokens signed out in this browser whose end the server has not confirmed yet (retried at the next start). */
export const PENDING_LOGOUTS_STORAGE_KEY = 'stampwise.pendingLogouts';

export const ROUTES = {
  login: '/login',
  register: '/register',
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: (id: string) => `/dashboard/${id}`,
  rewards: (id: string) => `/rewards/${id}`,
  qrCode: (id: string) => `/qr-code/${id}`,
  campaigns: (id: string) => `/campaigns/${id}`,
  help: (id: string) => `/help/${id}`,
  /** The help pages under Help & Resources. */
  helpGuide: (id: string) => `/help/${id}/guide`,
  helpFaq: (id: string) => `/help/${id}/faq`,
  helpTutorial: (id: string) => `/help/${id}/tutorial`,
  /** The store's customers (reached from the Dashboard; not one of the nav bar's buttons). */
  customers: (id: string) => `/customers/${id}`,
  /** Account Settings (the profile menu): your name, password, sessions; the owner's team and store. */
  account: (id: string) => `/account/${id}`,
  /** Where an invitation mail's link opens: join the team with a name and password. */
  invitation: (token: string) => `/invitation/${encodeURIComponent(token)}`,
} as const;

export const APP_NAME = 'Stampwise';


// ---- Store Settings dialog, menu items and menu upload ----
/** The Store Settings dialog's image pickers and profile fields: the server's limits. */
export const STORE_PROFILE_LIMITS = {
  /** Accepted by the logo and cover pickers (image files only). */
  imageAccept: 'image/*',
  imageMaxBytes: MAX_IMAGE_BYTES,
  /** Server limits of the profile texts (company, address, opening hours) and the website. */
  textMaxLength: PROFILE_TEXT_MAX_LENGTH,
  websiteMaxLength: PROFILE_WEBSITE_MAX_LENGTH,
} as const;

export const MENU_ITEM_RULES = {
  nameMaxLength: MAX_ITEM_NAME_LENGTH,
  /** Temporary ids of optimistic items are made from the current time. */
  tempIdPrefix: 'temp-',
} as const;

/** The menu files an upload takes: a PDF or an image. */
export const MENU_UPLOAD_FILES = {
  accept: '.pdf,image/png,image/jpeg',
  acceptedTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: MAX_MENU_BYTES,
} as const;

// ---- Vendor accounts: login, registration, verification ----

/** The sign-in button stays locked this long after a failed attempt. */
export const LOGIN_LOCKOUT_MS = 3000;

// ---- Campaign management: the form, its options and the sample campaigns ----
export const PROMOTION_ITEM_OPTIONS = ['Coffee', 'Pastry', 'Sandwich', 'Tea'] as const;

/** The budget slider, in dollars. */
export const CAMPAIGN_BUDGET = { min: 0, max: 200, step: 1, default: 50 } as const;

// ---- Rewards: punch-card setup ----
export const REWARD_LIMITS = {
  minPunches: MIN_STAMPS,
  maxPunches: MAX_STAMPS,
  /** Server-side limit of the custom qualifying-item text. */
  itemCustomMaxLength: MAX_ITEM_CUSTOM_LENGTH,
  /** What the form shows before anything is saved (the server answers the same). */
  defaultPunches: DEFAULT_REWARD_STAMPS,
  defaultExpiry: DEFAULT_REWARD_EXPIRY,
  /**
   * Live Preview: never more stamp icons than this; beyond 12 each icon stands for several punches. (There is
   * no minimum of 4 icons: a 3-punch card shows 3 stamps.)
   */
  previewMaxIcons: 12,
  /** The Live Preview's fixed sample customer has collected this many punches. */
  previewSampleCollected: 6,
} as const;


/** The Qualifying Item select's value for "Other" (a custom text); never a real item id. */
export const OTHER_ITEM_VALUE = '__other__';

// ---- QR code page and flyer ----
export const QR_TIMING = {
  /** A new token every 60 s … */
  refreshIntervalMs: 60_000,
  /** … shown as a progress bar that moves 1 % every 0.6 s (100 ticks = one refresh). */
  tickMs: 600,
  /** The flyer is captured this long after it is rendered. */
  flyerRenderDelayMs: 300,
  /** How long a counter token stamps (the server's DYNAMIC_QR_TTL_SECONDS): 60 s rotation plus 30 s grace. */
  tokenValidMs: 90_000,
  /** After a failed refresh, retry after 2 s, then 4, 8, 16 s, at most every 30 s. */
  retryFirstMs: 2_000,
  retryMaxMs: 30_000,
  /**
   * While the server answers that it cannot reach its database, ask at most this far apart (its Retry-After,
   * the pace its own database check keeps), so the counter is live again within seconds of the database.
   */
  databaseRetryMaxMs: 5_000,
} as const;

export const QR_SIZES = {
  minPx: 160,
  maxPx: 480,
  defaultPx: 256,
  flyerPx: 360,
  flyerExportScale: 2,
  /** How many characters of the token are shown. */
  tokenPreviewChars: 12,
} as const;

export const QR_FLYER_FILE_NAME = 'stampwise-flyer.png';

// ---- The customer side: scan page, wallet, card, reward-ready screen ----
/** Local storage key of the customer's device credential (never the vendor's `token`). */
export const CUSTOMER_CREDENTIAL_STORAGE_KEY = 'stampwise.customer';
/** The phone's wallet sign-in link key (random, kept): a link opens without a question on the phone that asked for it. */
export const CUSTOMER_LINK_KEY_STORAGE_KEY = 'stampwise.customerLinkKey';

export const CUSTOMER_ROUTES = {
  scan: (token: string) => `/s/${encodeURIComponent(token)}`,
  wallet: '/wallet',
  card: (cardId: string) => `/wallet/${encodeURIComponent(cardId)}`,
  recover: (token: string) => `/wallet/recover/${encodeURIComponent(token)}`,
  confirmEmail: (token: string) => `/wallet/confirm-email/${encodeURIComponent(token)}`,
} as const;

// ---- The vendor's live activity feed ----
/** How many lines the counter feed keeps on screen. */
export const ACTIVITY_FEED_MAX_LINES = 8;

/** Live-feed reconnection: the first retry after a drop, doubling up to the longest wait. */
export const ACTIVITY_FEED_RETRY = { firstMs: 1000, maxMs: 15_000, pausedMs: 5000 } as const;
