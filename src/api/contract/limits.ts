// Every limit the API enforces that a form also checks, in one place: the server's schemas and
// services and the SPA's forms read these same numbers. Plain constants only — no TypeBox import —
// so the client may import this module at run time without pulling the schema code into its bundle
// (the contract-constants-import-nothing rule in .dependency-cruiser.cjs keeps it that way).

const MEGABYTE = 1024 * 1024;

// ---- Ids ----
/**
 * Longest id any route accepts (params and bodies). The longest id the app issues is a UUID (36
 * characters: vendors, customers, cards, claims); menu items have 32, menu uploads 33. 64 leaves room
 * without letting a request drag kilobytes of "id" into a query.
 */
export const ID_MAX_LENGTH = 64;

// ---- Uploads ----
/** Largest request body the API accepts at all; uploads have tighter per-kind limits. */
export const MAX_UPLOAD_BYTES = 10 * MEGABYTE;
/** Logo and cover images. */
export const MAX_IMAGE_BYTES = 5 * MEGABYTE;
/** Menu files: a phone photo or a PDF (store settings), or a PNG/JPEG photo at registration. */
export const MAX_MENU_BYTES = 10 * MEGABYTE;

// ---- Accounts ----
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * What the schema lets through for a password field: far above the rule, so the rule (checked in the
 * service, to answer in words) decides, yet a megabyte of "password" never reaches the hash.
 */
export const PASSWORD_FIELD_MAX_LENGTH = 1024;
/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 254;
/** Registration's name, business, address and opening hours. */
export const REGISTRATION_TEXT_MAX_LENGTH = 200;
/** A website typed at registration (after trimming). */
export const WEBSITE_MAX_LENGTH = 300;

// ---- Store profile (store settings) ----
/** Company, address and opening hours: 1–200 characters after trimming. */
export const PROFILE_TEXT_MAX_LENGTH = 200;
/** The profile's website field. */
export const PROFILE_WEBSITE_MAX_LENGTH = 2000;
/** What the profile schema lets through per text field; the service applies the limits above, in words. */
export const PROFILE_FIELD_MAX_LENGTH = 2000;

// ---- Menu ----
export const MAX_ITEM_NAME_LENGTH = 120;
export const MAX_MENU_ITEMS = 500;
/** What the add-item schema lets through for a name; the service folds whitespace, then applies MAX_ITEM_NAME_LENGTH. */
export const ITEM_NAME_FIELD_MAX_LENGTH = 2000;
export const ITEM_PRICE_FIELD_MAX_LENGTH = 32;
/**
 * A menu item's price, when it has one, is more than 0 and less than this in a currency about as big as the
 * US dollar (at most 99,999.99): an item without a price is left empty, and 0 or a six-figure dollar price is
 * a slip of the keyboard. Other currencies scale it by CURRENCY_MAGNITUDE: itemPriceLimit('VND') is 1,000,000,000.
 */
export const ITEM_PRICE_LIMIT = 100_000;

/**
 * How many of a currency's units a US dollar buys, as a power of ten (the official rate of late 2025 rounded
 * on a log scale): a limit set in dollars is multiplied by 10 ** this, so it means about the same amount in
 * every currency. Currencies not listed are 0 (EUR, GBP, CHF, KWD…). Only the magnitude is kept: a currency
 * moves across a half-decade boundary (×3.16) rarely, and the limits only catch slips of the keyboard.
 * The largest is 5, which keeps every limit's amount in hundredths below 2^53 and a campaign budget's below 2^31.
 */
export const CURRENCY_MAGNITUDE: Readonly<Record<string, 1 | 2 | 3 | 4 | 5>> = {
  // ×10: 3.16–31.6 to the dollar.
  AED: 1, BOB: 1, BRL: 1, BWP: 1, CNY: 1, CUP: 1, CZK: 1, DKK: 1, ERN: 1, GHS: 1, GTQ: 1, HKD: 1, HNL: 1, HRK: 1,
  ILS: 1, LSL: 1, LYD: 1, MAD: 1, MDL: 1, MOP: 1, MVR: 1, MXN: 1, MYR: 1, NAD: 1, NOK: 1, PEN: 1, PGK: 1, PLN: 1,
  QAR: 1, RON: 1, SAR: 1, SBD: 1, SCR: 1, SEK: 1, SLE: 1, STN: 1, SVC: 1, SZL: 1, TJS: 1, TMT: 1, TTD: 1, TWD: 1,
  ZAR: 1, ZMW: 1, ZWG: 1,
  // ×100: 31.6–316.
  AFN: 2, BDT: 2, BTN: 2, CVE: 2, DJF: 2, DOP: 2, DZD: 2, EGP: 2, ETB: 2, GMD: 2, GYD: 2, HTG: 2, INR: 2, ISK: 2,
  JMD: 2, JPY: 2, KES: 2, KGS: 2, LKR: 2, LRD: 2, MKD: 2, MRU: 2, MUR: 2, MZN: 2, NIO: 2, NPR: 2, PHP: 2, PKR: 2,
  RSD: 2, RUB: 2, SRD: 2, THB: 2, TRY: 2, UAH: 2, UYU: 2, VES: 2, VUV: 2, XPF: 2, YER: 2,
  // ×1,000: 316–3,162.
  AMD: 3, AOA: 3, ARS: 3, BIF: 3, CDF: 3, CLP: 3, CRC: 3, HUF: 3, IQD: 3, KMF: 3, KPW: 3, KRW: 3, KZT: 3, MMK: 3,
  MWK: 3, NGN: 3, RWF: 3, SDG: 3, SOS: 3, SSP: 3, TZS: 3, XAF: 3, XOF: 3,
  // ×10,000: 3,162–31,623.
  COP: 4, GNF: 4, IDR: 4, KHR: 4, LAK: 4, MGA: 4, MNT: 4, PYG: 4, SLL: 4, SYP: 4, UGX: 4, UZS: 4, VND: 4, ZWL: 4,
  // ×100,000: more than 31,623.
  IRR: 5, LBP: 5,
};

/** 10 ** the currency's magnitude: 1 for USD or EUR, 10,000 for VND (an unknown code is 1). */
export function currencyScale(currency: string): number {
  return 10 ** (CURRENCY_MAGNITUDE[currency.toUpperCase()] ?? 0);
}

/** A price in `currency` is more than 0 and less than this: 100,000 dollars or euros, 1,000,000,000 dong. */
export function itemPriceLimit(currency: string): number {
  return ITEM_PRICE_LIMIT * currencyScale(currency);
}

// ---- Rewards ----
export const MIN_STAMPS = 1;
export const MAX_STAMPS = 100;
/** Reward settings: stamps one scan may give in per-item mode (never more than the card holds), and expiry in days. */
export const MAX_STAMPS_PER_SCAN = MAX_STAMPS;
export const MAX_EXPIRY_DAYS = 3650;
/** Why staff removed a stamp: required, kept in the audit. */
export const REMOVE_REASON_MAX_LENGTH = 200;
export const MAX_ITEM_CUSTOM_LENGTH = 120;

// ---- Customers (the customer's side) ----
export const DISPLAY_NAME_MAX_LENGTH = 40;
/** What the profile schema lets through for a display name; the service trims, then applies DISPLAY_NAME_MAX_LENGTH. */
export const DISPLAY_NAME_FIELD_MAX_LENGTH = 200;
export const CREDENTIAL_MAX_LENGTH = 200;
export const SCAN_TOKEN_MAX_LENGTH = 512;
/** E-mail confirmation and recovery link tokens. */
export const LINK_TOKEN_MAX_LENGTH = 256;

// ---- Hand-over codes ----
/** Hand-over codes: 5 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B). */
export const HANDOVER_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY3479';
export const HANDOVER_CODE_LENGTH = 5;
/** A typed code may carry spaces and dashes: the field takes up to three times the code's length. */
export const HANDOVER_CODE_FIELD_MAX_LENGTH = HANDOVER_CODE_LENGTH * 3;

// ---- Lists ----
/** Regulars: at least this many visits in the last REGULAR_WINDOW_DAYS days; lapsed: no visit in that window. */
export const REGULAR_MIN_VISITS = 4;
export const REGULAR_WINDOW_DAYS = 30;
export const CUSTOMER_PAGE_SIZE = { min: 1, max: 100, default: 25 } as const;
/** The top bar's customer search: the longest text it sends, and the most customers it answers. */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;
export const CUSTOMER_SEARCH_RESULTS = 8;
export const ACTIVITY_PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;
/**
 * How many rows an activity page may be away from where the database can start reading it (the
 * newest event, the oldest, or a cursor): four pages of the largest size, so a pager's "5 pages on" from
 * the page shown stays within it and any page costs about what the first does. Farther page numbers are
 * refused (400), never slowly counted through.
 */
export const ACTIVITY_SEEK_MAX_ROWS = 4 * ACTIVITY_PAGE_SIZE.max;
/** The highest page number accepted (pages far from both ends are then refused by ACTIVITY_SEEK_MAX_ROWS). */
export const ACTIVITY_MAX_PAGE = 2_147_483_647;

// ---- Relay review ----
/** A store's own stamp-budget floors. */
export const STAMP_BUDGET_FLOOR = { min: 1, max: 100_000 } as const;
/** The reward GET answers (and the form shows) before the vendor has saved one. */
export const DEFAULT_REWARD_STAMPS = 10;
export const DEFAULT_REWARD_EXPIRY = '2025-12-31';

// ---- Query formats ----
/** The activity list's keyset cursor, `<created_at>_<id>` of a page's last row (`?before=`) or first row (`?after=`). */
export const ACTIVITY_CURSOR_PATTERN = '^[0-9]{1,16}_.{1,64}$';
export const ACTIVITY_CURSOR_MAX_LENGTH = 90;
/** The customer list's keyset cursor (`?after=`), opaque. */
export const CUSTOMER_CURSOR_MAX_LENGTH = 300;
/** A vendor's offset from UTC in minutes (UTC−12 to UTC+14), so days and weeks follow their calendar. */
export const UTC_OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 } as const;
/** The customer list's `minVisits` for Regulars. */
export const MIN_VISITS_RANGE = { min: 1, max: 100 } as const;
/** The live feed's ticket (`?ticket=`). */
export const STREAM_TICKET_MAX_LENGTH = 512;

// ---- Store currency ----
/** A store's currency before its owner chooses one: stores that never chose keep their dollar prices. */
export const DEFAULT_CURRENCY = 'USD';
/** ISO 4217 codes are three letters; the schema lets a little more through so the service answers in words. */
export const CURRENCY_FIELD_MAX_LENGTH = 16;
/** The longest IANA time zone name is 32 characters (America/Argentina/ComodRivadavia); room for a typo to be refused in words. */
export const TIME_ZONE_FIELD_MAX_LENGTH = 64;
// ---- Campaigns ----
/** The form's budget slider and the server's check, in a dollar-sized currency; campaignBudgetMax scales it. */
export const CAMPAIGN_BUDGET_MIN = 0;
export const CAMPAIGN_BUDGET_MAX = 200;
/** The highest budget in the store's currency: 200 dollars or euros, 2,000,000 dong. */
export function campaignBudgetMax(currency: string): number {
  return CAMPAIGN_BUDGET_MAX * currencyScale(currency);
}
/** The highest budget the wire schema lets through, in any currency; the service checks the store's own. */
export const CAMPAIGN_BUDGET_WIRE_MAX = CAMPAIGN_BUDGET_MAX * 100_000;
export const MAX_CAMPAIGN_TITLE_LENGTH = 80;
export const MAX_CAMPAIGN_DESCRIPTION_LENGTH = 500;
export const MAX_CAMPAIGN_ITEMS = 20;
export const MAX_CAMPAIGN_ITEM_LENGTH = 80;
/** A campaign runs for at most this long: a year of messages is no campaign. */
export const MAX_CAMPAIGN_DAYS = 366;
/** Longest counter-screen name ("Till 1"). */
export const DEVICE_NAME_MAX_LENGTH = 40;
