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
 * A menu item's price, when it has one, is more than 0 and less than this, in the store's currency (at most
 * 99,999.99): an item without a price is left empty, and 0 or a six-figure price is a slip of the keyboard.
 */
export const ITEM_PRICE_LIMIT = 100_000;

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
/** The form's budget slider and the server's check, in the store's currency. */
export const CAMPAIGN_BUDGET_MIN = 0;
export const CAMPAIGN_BUDGET_MAX = 200;
export const MAX_CAMPAIGN_TITLE_LENGTH = 80;
export const MAX_CAMPAIGN_DESCRIPTION_LENGTH = 500;
export const MAX_CAMPAIGN_ITEMS = 20;
export const MAX_CAMPAIGN_ITEM_LENGTH = 80;
/** A campaign runs for at most this long: a year of messages is no campaign. */
export const MAX_CAMPAIGN_DAYS = 366;
/** Longest counter-screen name ("Till 1"). */
export const DEVICE_NAME_MAX_LENGTH = 40;
