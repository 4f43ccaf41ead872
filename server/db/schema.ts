// The Kysely `Database` interface: one `*Table` type per table (kysely example/ layout).
// Timestamps are epoch milliseconds (bigint in PostgreSQL, parsed to number; integer in SQLite).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface VendorTable {
  id: string;
  email: string;
  /** Lower-cased e-mail; unique, so e-mail addresses are unique case-insensitively. */
  email_normalized: string;
  name: string;
  company: string;
  address: string;
  open_hours: string;
  website: string | null;
  logo_image_id: string | null;
  banner_image_id: string | null;
  /** null until the e-mail is verified and a password chosen. */
  password_hash: string | null;
  verified_at: number | null;
  /** Bumped when the vendor asks for a new printable (flyer) QR token; older flyers stop working. */
  printable_qr_version: Generated<number>;
  /** Session tokens of an older generation are refused; bumped by a password change or reset. */
  session_generation: Generated<number>;
  /** Epoch ms the vendor first exported or printed the flyer (issue 15's first-day checklist); null before. */
  flyer_printed_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
  /** How many customers the store has numbered (issue 16): the next new card is customer_count + 1. */
  customer_count: Generated<number>;
}

export interface EmailTokenTable {
  /** SHA-256 (hex) of the token; the token itself is only ever in the e-mail. */
  token_hash: string;
  vendor_id: string;
  purpose: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ImageTable {
  /** SHA-256 (hex) of the stored (re-encoded) bytes: content-addressed, so URLs cache forever. */
  id: string;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
  created_at: number;
}

export interface MenuItemTable {
  id: string;
  vendor_id: string;
  name: string;
  price_cents: number | null;
  created_at: number;
  /** The menu upload (scan) that added this item; null for items added by hand. */
  upload_id: string | null;
}

export interface RewardTable {
  vendor_id: string;
  stamps: number;
  item_id: string | null;
  item_custom: string | null;
  /** Calendar date, YYYY-MM-DD. */
  expiry: string;
  updated_at: number;
}

/** A menu file waiting to be scanned (e.g. the optional one sent with registration). */
export interface MenuUploadTable {
  id: string;
  vendor_id: string;
  kind: string;
  data: Buffer;
  status: string;
  created_at: number;
  /** The server scanning it (issue 13): only this one may settle it while the lease runs. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Epoch ms; a 'scanning' upload whose lease has expired lost its server and is scanned again. */
  lease_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One open live feed (issue 13): the per-vendor cap counts rows, so it holds across servers. */
export interface LiveStreamTable {
  id: string;
  vendor_id: string;
  /** 0 … MAX_STREAMS_PER_VENDOR-1, unique per vendor: two servers can never take the same place. */
  slot: number;
  owner: string;
  /** Epoch ms, renewed while the feed is open; a crashed server's feeds free their places after it. */
  expires_at: number;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

// ---- the customer side (issue 6; migration 2026112202_customers) ----

/** A customer: anonymous until they add a display name or an e-mail (for recovery on another device). */
export interface CustomerTable {
  id: string;
  display_name: string | null;
  email: string | null;
  /** Lower-cased e-mail; unique when set. */
  email_normalized: string | null;
  created_at: number;
  updated_at: number;
}

/** A device of a customer: only the SHA-256 (hex) of the device's secret credential is stored. */
export interface CustomerCredentialTable {
  credential_hash: string;
  customer_id: string;
  created_at: number;
}

/** A wallet sign-in link mailed for recovery: SHA-256 (hex) of the token; single use. */
export interface CustomerRecoveryTokenTable {
  token_hash: string;
  customer_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** One card per customer per store; `stamps` is the current count (claims subtract the reward's size). */
export interface StampCardTable {
  id: string;
  customer_id: string;
  vendor_id: string;
  /** The customer's number at this store (1, 2, 3… in order of first scan), shown as "Customer #27". */
  customer_number: number | null;
  stamps: Generated<number>;
  last_stamp_at: number | null;
  created_at: number;
  updated_at: number;
}

export type StampKind = 'dynamic' | 'printable';

/** Append-only: one row per stamp given. Unique (customer_id, token_id) for dynamic tokens. */
export interface StampEventTable {
  id: string;
  card_id: string;
  customer_id: string;
  vendor_id: string;
  token_id: string;
  kind: StampKind;
  created_at: number;
}

/** Append-only: one row per reward claimed, with the reward as it read then. */
export interface RedemptionTable {
  id: string;
  card_id: string;
  customer_id: string;
  vendor_id: string;
  stamps_required: number;
  reward_label: string;
  created_at: number;
}

// ---- sign-in throttling (migration 2026112203_login_failures) ----

/** Failed sign-ins for one typed e-mail address in the current fixed window; cleared by a successful sign-in. */
export interface LoginFailureTable {
  /** SHA-256 (hex) of the normalized e-mail address typed (whether or not an account uses it). */
  account_key: string;
  /** Attempts counted in this window (each attempt is counted before its password is checked). */
  failures: number;
  window_started_at: number;
}

// ---- account lifecycle (migration 2026112204_account_lifecycle) ----

/** A session ended by Logout (its token's `jti`), kept until the token would have expired. */
export interface RevokedSessionTable {
  jti: string;
  vendor_id: string;
  expires_at: number;
}

/** An e-mail address a customer asked to use; attached when they open the link mailed to it. */
export interface CustomerEmailConfirmationTable {
  /** SHA-256 (hex) of the token in the mailed link. */
  token_hash: string;
  customer_id: string;
  email: string;
  email_normalized: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface Database {
  vendors: VendorTable;
  email_tokens: EmailTokenTable;
  images: ImageTable;
  menu_items: MenuItemTable;
  rewards: RewardTable;
  menu_uploads: MenuUploadTable;
  app_settings: AppSettingTable;
  customers: CustomerTable;
  customer_credentials: CustomerCredentialTable;
  customer_recovery_tokens: CustomerRecoveryTokenTable;
  stamp_cards: StampCardTable;
  stamp_events: StampEventTable;
  redemptions: RedemptionTable;
  login_failures: LoginFailureTable;
  revoked_sessions: RevokedSessionTable;
  customer_email_confirmations: CustomerEmailConfirmationTable;
  live_streams: LiveStreamTable;
}

export type Vendor = Selectable<VendorTable>;
export type NewVendor = Insertable<VendorTable>;
export type VendorUpdate = Updateable<VendorTable>;
export type MenuItem = Selectable<MenuItemTable>;
export type Reward = Selectable<RewardTable>;
export type Customer = Selectable<CustomerTable>;
export type StampCard = Selectable<StampCardTable>;
export type StampEvent = Selectable<StampEventTable>;
export type Redemption = Selectable<RedemptionTable>;
