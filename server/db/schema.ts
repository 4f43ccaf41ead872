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
  /** Epoch ms the vendor first exported or printed the flyer (the first-day checklist); null before. */
  flyer_printed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The store's own floor for a counter code's stamp budget; null follows RELAY_CODE_BUDGET_FLOOR. */
  code_budget_floor: ColumnType<number | null, number | null | undefined, number | null>;
  /** The store's own floor for the flyer's daily stamp budget; null follows RELAY_FLYER_BUDGET_FLOOR. */
  flyer_budget_floor: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  /**
   * Epoch ms of the row's last change, and the store's version: it only moves forward, and every
   * change to the store profile or the menu moves it (repositories/store-version.ts).
   */
  updated_at: number;
  /** How many customers the store has numbered: the next new card is customer_count + 1. */
  customer_count: Generated<number>;
  /** The store's currency, an ISO 4217 code ('EUR'); prices are shown in it. */
  currency: Generated<string>;
  /** Who last changed the store's settings (profile, budget floors): a person's id (null: the owner), and the name shown. */
  settings_updated_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  settings_updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The store's IANA time zone ('Europe/Paris'); null is UTC. Campaign messages keep its night quiet. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The server scanning it: only this one may settle it while the lease runs. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Epoch ms; a 'scanning' upload whose lease has expired lost its server and is scanned again. */
  lease_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A menu scan whose items the vendor can check against the pictures of its pages (the newest few per store). */
export interface MenuScanTable {
  /** The upload id its items carry (menu_items.upload_id). */
  id: string;
  vendor_id: string;
  created_at: number;
}

/** A page of a scanned menu as the user sees it (upright, straightened), a JPEG. */
export interface MenuScanPageTable {
  scan_id: string;
  page: number;
  image: Buffer;
  width: number;
  height: number;
}

/** Where on its scan's page an item was read: ten-thousandths of the page's width and height. */
export interface MenuItemRegionTable {
  item_id: string;
  scan_id: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One open live feed: the per-vendor cap counts rows, so it holds across servers. */
/** queued: waits for run_after; running: leased to lease_owner; done: kept a while for idempotency; dead: gave up. */
export type JobState = 'queued' | 'running' | 'done' | 'dead';

export interface JobTable {
  id: string;
  kind: string;
  /** Unique: the same change enqueued twice (a retried transaction, a repeated request) is one job. */
  idempotency_key: string;
  /** Jobs with the same key fold into the one still waiting (one push per device however many stamps). */
  coalesce_key: string | null;
  /** JSON. */
  payload: string;
  state: JobState;
  /** Claims so far, counted at claim time so a job that crashes its server also reaches the dead letter. */
  attempts: ColumnType<number, number | undefined, number>;
  /** Epoch ms before which the job is not run (coalescing window, backoff). */
  run_after: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface ApplePassTable {
  card_id: string;
  /** 128 random bits (hex): a serial number tells nothing and cannot be guessed. */
  serial_number: string;
  /** SHA-256 of the pass's web service token; the token itself is only in the pass. */
  auth_token_hash: string;
  created_at: number;
  /** When the pass's content last changed (epoch ms, moved on by at least a second each time): Last-Modified. */
  updated_at: ColumnType<number, number | undefined, number>;
}

export interface ApplePassDeviceTable {
  /** Apple's device library identifier: one phone's Wallet. */
  device_library_id: string;
  push_token: string;
  /** The device is not pushed before this (epoch ms): a burst of changes gives one push per window. */
  next_push_at: ColumnType<number, number | undefined, number>;
  created_at: number;
}

export interface ApplePassRegistrationTable {
  device_library_id: string;
  serial_number: string;
  created_at: number;
}

export interface GoogleWalletObjectTable {
  card_id: string;
  /** `<issuer id>.card-<128 random bits, hex>`: the id the Google Wallet pass refers to. */
  object_id: string;
  created_at: number;
  /** The page language the pass was last saved in ('en', 'es', …): its texts' default language. */
  locale: string | null;
}

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

// ---- the customer side (migration 2026112202_customers) ----

/** A customer: anonymous until they add a display name or an e-mail (for recovery on another device). */
export interface CustomerTable {
  id: string;
  display_name: string | null;
  email: string | null;
  /** Lower-cased e-mail; unique when set. */
  email_normalized: string | null;
  created_at: number;
  updated_at: number;
  /** Epoch ms the customer deleted their wallet: name and e-mail erased, no device may use it. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the customer asked for stores' campaign e-mail (off until they tick it on their profile). */
  campaign_mail_opt_in: ColumnType<number, number | undefined, number>;
  /** The page language the customer last saved their profile in: their mails are written in it. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The wallet of the phone that asked for the link; null when that phone had none. */
  requested_by: string | null;
  /** SHA-256 (hex) of the link key the asking phone sent (`CUSTOMER_LINK_KEY_HEADER`); null when it sent none. */
  requested_by_key: string | null;
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
  /** Stamps the store voided on this card, and when it last did ("1 stamp removed by the store"). */
  removed_stamps: Generated<number>;
  removed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Stamps this card's claims spent that later stopped existing (voided, or dropped as duplicates in a
   * wallet merge) while the claim was kept: `stamps` = live stamp rows − stamps held by claims + this.
   */
  claimed_stamps_withdrawn: Generated<number>;
  /** Stamps ever collected on this card (one per visit): kept in the stamping UPDATE. */
  visits: Generated<number>;
  /** Claims of this card handed over at the counter. */
  rewards_given: Generated<number>;
  /**
   * The times (epoch ms) of the card's latest visits not voided, recent_visit_1 the latest,
   * null past the card's visits; kept by repositories/recent-visits.ts with each stamp and void.
   */
  recent_visit_1: RecentVisitColumn;
  recent_visit_2: RecentVisitColumn;
  recent_visit_3: RecentVisitColumn;
  recent_visit_4: RecentVisitColumn;
  recent_visit_5: RecentVisitColumn;
  recent_visit_6: RecentVisitColumn;
  recent_visit_7: RecentVisitColumn;
  recent_visit_8: RecentVisitColumn;
}

type RecentVisitColumn = ColumnType<number | null, number | null | undefined, number | null>;

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
  // What the server could honestly know at scan time (null on stamps from before it).
  /** The code this stamp used: a counter token, or `flyer:<tokenId>:<utc day>`. */
  code_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Client address prefix: /24 for IPv4, /48 for IPv6. */
  client_network: ColumnType<string | null, string | null | undefined, string | null>;
  /** Milliseconds since the counter code was issued; null for the flyer. */
  code_age_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when this scan created the device credential. */
  new_device: ColumnType<number | null, number | null | undefined, number | null>;
  /** Stamps and distinct networks the code had granted, this one included. */
  code_stamps: ColumnType<number | null, number | null | undefined, number | null>;
  code_networks: ColumnType<number | null, number | null | undefined, number | null>;
  /** Stores this device collected at within the device window, this one included. */
  device_stores: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the store voided the stamp: it no longer counts on the card or in the figures. */
  voided_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which visit this stamp was for the card (1 = first), kept by repositories/stamp-figures.ts. */
  card_visit: Generated<number>;
  /** The card's stamp count right after this stamp (as the activity list shows it). */
  card_stamps_after: Generated<number>;
  /** The card size (punches required) when the stamp was given, so history keeps "of 10" after a resize; null before it was kept. */
  card_required: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why staff removed this stamp (with voided_at), and who: the signed-in account's e-mail. */
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  voided_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The counter screen whose code this stamp used (null: a code shown by a signed-in session, or the flyer). */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who removed the stamp besides voided_by's name: a device or a person (both null: the owner). */
  voided_by_device_id: ColumnType<string | null, string | null | undefined, string | null>;
  voided_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on the extra stamp a bonus-stamps campaign gave: that campaign's id. */
  bonus_campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What that bonus stamp took from the campaign's budget, in cents (null: given before costs were kept). */
  bonus_cost_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The phone's key for the scan that gave this stamp (on a scan's first stamp only): a retry of that scan names it. */
  scan_attempt: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StampMode = 'per-visit' | 'per-item';

/** The store's saved reward settings (a new store gets its row when created); a store without a row keeps DEFAULT_REWARD_SETTINGS. */
export interface RewardSettingsTable {
  vendor_id: string;
  stamp_mode: StampMode;
  max_per_transaction: number;
  /** 1: a full card becomes a pending reward by itself. */
  auto_redeem: number;
  /** Stamps end this many days after the card's last visit; null: they never expire. */
  expiry_days: number | null;
  updated_at: number;
  /** Who last changed the settings: a person's id (null: the owner), and the name shown. */
  updated_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A browser's push subscription for offers from one store (the Push API's endpoint and keys). */
export interface WebPushSubscriptionTable {
  id: string;
  customer_id: string;
  vendor_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  last_success_at: number | null;
  last_failure_at: number | null;
}

/** A campaign a store launched: its message, audience, schedule and offer (see contract/campaigns.ts). */
export interface CampaignTable {
  id: string;
  vendor_id: string;
  title: string;
  description: string;
  audience: string;
  start_at: number;
  end_at: number;
  promotion_type: string;
  /** JSON array of item names. */
  items: string;
  notification_frequency: string;
  ab_testing: number;
  budget: number;
  paused_at: number | null;
  ended_at: number | null;
  /** What its bonus stamps have cost so far, in the minor unit of the store's currency, and how many it gave. */
  bonus_spent_cents: Generated<number>;
  bonus_stamps: Generated<number>;
  /** Where the plan of `plan_period` goes on: the customer after whom its next window starts (null: no plan under way). */
  plan_after: string | null;
  plan_period: number | null;
  /** Messages of that plan still to be written (counted as waiting until they are). */
  unplanned_messages: Generated<number>;
  /** The person who launched it (null: before teams). */
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One campaign message to one customer on one channel for one period of the campaign's schedule. */
export interface CampaignMessageTable {
  id: string;
  campaign_id: string;
  vendor_id: string;
  customer_id: string;
  channel: string;
  /** 0 for a campaign sent once; the day or week since the start for daily and weekly ones. */
  period: number;
  state: 'waiting' | 'sent' | 'failed' | 'skipped';
  /** Not before this (the quiet hours hold a message until morning). */
  due_at: number;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  /** When a try ended without knowing whether the service took the message (sent again at most once after). */
  outcome_unknown_at: number | null;
}

/** A customer who turned campaign messages of one store off (on the card page or by an e-mail's link). */
export interface CampaignOptOutTable {
  vendor_id: string;
  customer_id: string;
  created_at: number;
}

/** The latest campaign message a card's wallet pass shows on its back. */
export interface CardCampaignMessageTable {
  card_id: string;
  campaign_id: string;
  title: string;
  body: string;
  sent_at: number;
}

/** Stamps a card lost because its last visit was longer ago than the store's expiry in days. */
export interface StampExpiryTable {
  id: string;
  card_id: string;
  customer_id: string;
  vendor_id: string;
  stamps: number;
  /** The card size then. */
  required: number;
  last_visit_at: number;
  created_at: number;
}

/** One rotating code (or the flyer for one UTC day) — its budget, what it granted and refused, its flag. */
export interface CodeUsageTable {
  code_key: string;
  vendor_id: string;
  kind: StampKind;
  budget: number;
  granted: Generated<number>;
  refused: Generated<number>;
  networks: Generated<number>;
  first_at: number;
  last_at: number;
  flagged_at: number | null;
  /** 'networks' | 'budget' | 'device' */
  flag_reason: string | null;
  voided_at: number | null;
  voided_stamps: number | null;
}

export interface CodeNetworkTable {
  code_key: string;
  network: string;
}

/** The store's pace for one UTC day (day = epoch ms of its start). */
export interface StorePaceTable {
  vendor_id: string;
  day: number;
  busiest_minute: number;
  current_minute: number;
  current_minute_stamps: number;
  flyer_stamps: number;
}

/** Every void (and budget-floor change) a vendor made. */
export interface RelayAuditTable {
  id: string;
  vendor_id: string;
  action: string;
  code_key: string | null;
  /** JSON: what the action did. */
  detail: string;
  client_address: string | null;
  created_at: number;
  /** Who did it: a person's id (null: the owner), and the name shown. */
  actor_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  actor: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Pending until the counter hands it over (given) or its time runs out (expired, stamps returned). */
  status: ColumnType<RedemptionStatus, RedemptionStatus | undefined, RedemptionStatus>;
  /** The short hand-over code the customer's screen shows; unique among the store's pending claims. */
  code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Epoch ms after which a pending claim expires. */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  given_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which screen confirmed the hand-over. */
  given_via: ColumnType<HandoverScreen | null, HandoverScreen | null | undefined, HandoverScreen | null>;
  expired_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who handed it over: the counter screen, the person (both null with given_by set: the owner), and the name shown. */
  given_by_device_id: ColumnType<string | null, string | null | undefined, string | null>;
  given_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  given_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type RedemptionStatus = 'pending' | 'given' | 'expired';
/** The vendor screen that confirmed a hand-over (by its button or by the typed code): the live feed or counter mode. */
export type HandoverScreen = 'feed' | 'counter';

// ---- sign-in throttling (migration 2026112203_login_failures) ----

/** Failed sign-ins for one typed e-mail address in the current fixed window; cleared by a successful sign-in. */
export interface LoginFailureTable {
  /** SHA-256 (hex) of the normalized e-mail address typed (whether or not an account uses it). */
  account_key: string;
  /** Attempts counted in this window (each attempt is counted before its password is checked). */
  failures: number;
  window_started_at: number;
}

// ---- single-use tickets (migration 2026112638_spent_tickets) ----

/** A live-feed ticket or an Apple pass download link that has been used, kept until it would have expired. */
export interface SpentTicketTable {
  /** `<purpose>:<the ticket's MAC>`. */
  ticket_id: string;
  /** The rate-limit key of the client that used it first (an IPv4 address, an IPv6 /64). */
  network: string;
  /** Requests it has answered (a pass link answers the same phone's repeated request). */
  uses: number;
  expires_at: number;
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

/**
 * Running counts per store, kept up to date in the same transaction as the event they count
 * (see repositories/store-counters.ts). One row per (store, metric, 15-minute slot), plus the all-time
 * row in slot ALL_TIME_SLOT (0).
 */
/** How many of the store's cards hold `stamps` stamps (kept by triggers on stamp_cards). */
export interface StoreCardStampsTable {
  vendor_id: string;
  stamps: number;
  cards: number;
}

/** As StoreCardStampsTable, per UTC day (updated_at / 86,400,000) the cards last changed. */
export interface StoreCardDaysTable {
  vendor_id: string;
  day: number;
  stamps: number;
  cards: number;
}

/** engaged_counts counts the store's stamps created at or after counted_from. */
export interface EngagedWindowTable {
  vendor_id: string;
  counted_from: number;
}

/** A customer's not-voided stamps at a store since its engaged_windows.counted_from (triggers on stamp_events). */
export interface EngagedCountTable {
  vendor_id: string;
  customer_id: string;
  stamps: number;
}

/** The store's claims by status (kept by triggers on redemptions). */
export interface StoreClaimCountTable {
  vendor_id: string;
  status: string;
  claims: number;
}

export interface StoreCounterTable {
  vendor_id: string;
  /** What is counted, e.g. 'stamps' or 'claims' (STORE_METRICS). */
  metric: string;
  /** Start (epoch ms) of the 15-minute slot, or 0 for the all-time total. */
  slot: number;
  count: number;
}

// ---- counter screens (migration 2026112603_counter_devices) ----

/** A counter screen paired to a store: it shows counter mode with its own token and signs offline codes with its own key. */
export interface CounterDeviceTable {
  id: string;
  vendor_id: string;
  name: string;
  /** 1–63: the key id in the device's codes, unique among the store's devices that are not revoked. */
  key_number: number;
  /** SHA-256 (hex) of the secret part of the device token. */
  token_hash: string;
  paired_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name of whoever created the pairing code. */
  paired_by: string;
  created_at: number;
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
  revoked_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A one-use pairing code (8 characters, 10 minutes), kept as its SHA-256. */
export interface CounterPairingCodeTable {
  code_hash: string;
  vendor_id: string;
  created_by_person_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  expires_at: number;
  used_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}

/** A person of a store's team: its owner (who registered it) or a manager or staff member the owner invited. */
export interface PersonTable {
  /** The owner's person id is the vendor id. */
  id: string;
  vendor_id: string;
  /** 'owner' | 'manager' | 'staff' (src/api/contract/team.ts). */
  role: string;
  /** null for the owner: their e-mail, name and password are the vendor row's. */
  email: string | null;
  /** Lower-cased e-mail; unique across people (and kept apart from the vendors' by the invitation check). */
  email_normalized: string | null;
  name: string | null;
  password_hash: string | null;
  /** Session tokens of an older generation are refused; bumped by a role change or a password change. */
  session_generation: Generated<number>;
  /** The person id of the owner who invited them; null for the owner. */
  invited_by: string | null;
  created_at: number;
  /** Their language (src/api/contract/locales.ts), set by the app's language switch; null until they choose. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An owner's invitation to join the store's team: a one-time link mailed to `email`. */
export interface InvitationTable {
  /** SHA-256 (hex) of the token; the token itself is only ever in the e-mail. */
  token_hash: string;
  vendor_id: string;
  email: string;
  email_normalized: string;
  role: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// ---- Account Settings (migration 2026112613_account_settings) ----

/** A person's session seen by the server: listed in Account Settings, where it can be signed out. */
export interface OpenSessionTable {
  jti: string;
  vendor_id: string;
  person_id: string;
  /** The session generation the token carries: sessions of an older generation have ended. */
  generation: number;
  user_agent: string;
  signed_in_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** A new e-mail address a person asked for; it replaces the old one when the link mailed to it is opened. */
export interface EmailChangeTable {
  /** SHA-256 (hex) of the token in the mailed link. */
  token_hash: string;
  vendor_id: string;
  person_id: string;
  email: string;
  email_normalized: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface Database {
  counter_devices: CounterDeviceTable;
  counter_pairing_codes: CounterPairingCodeTable;
  vendors: VendorTable;
  people: PersonTable;
  invitations: InvitationTable;
  email_tokens: EmailTokenTable;
  images: ImageTable;
  menu_items: MenuItemTable;
  rewards: RewardTable;
  menu_uploads: MenuUploadTable;
  menu_scans: MenuScanTable;
  menu_scan_pages: MenuScanPageTable;
  menu_item_regions: MenuItemRegionTable;
  app_settings: AppSettingTable;
  customers: CustomerTable;
  customer_credentials: CustomerCredentialTable;
  customer_recovery_tokens: CustomerRecoveryTokenTable;
  stamp_cards: StampCardTable;
  stamp_events: StampEventTable;
  redemptions: RedemptionTable;
  login_failures: LoginFailureTable;
  revoked_sessions: RevokedSessionTable;
  spent_tickets: SpentTicketTable;
  customer_email_confirmations: CustomerEmailConfirmationTable;
  live_streams: LiveStreamTable;
  code_usage: CodeUsageTable;
  code_networks: CodeNetworkTable;
  store_pace: StorePaceTable;
  relay_audit: RelayAuditTable;
  store_counters: StoreCounterTable;
  store_card_stamps: StoreCardStampsTable;
  store_card_days: StoreCardDaysTable;
  engaged_windows: EngagedWindowTable;
  engaged_counts: EngagedCountTable;
  store_claim_counts: StoreClaimCountTable;
  reward_settings: RewardSettingsTable;
  campaigns: CampaignTable;
  web_push_subscriptions: WebPushSubscriptionTable;
  campaign_messages: CampaignMessageTable;
  campaign_opt_outs: CampaignOptOutTable;
  card_campaign_messages: CardCampaignMessageTable;
  stamp_expiries: StampExpiryTable;
  jobs: JobTable;
  apple_passes: ApplePassTable;
  google_wallet_objects: GoogleWalletObjectTable;
  apple_pass_devices: ApplePassDeviceTable;
  apple_pass_registrations: ApplePassRegistrationTable;
  open_sessions: OpenSessionTable;
  email_changes: EmailChangeTable;
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
