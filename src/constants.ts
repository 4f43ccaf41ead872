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
export const STORE_SETTINGS = {
  title: 'Store Settings',
  tabs: { setup: 'Setup', preview: 'Preview', menu: 'Menu & Items' },
  loading: 'Loading...',
  cancel: 'Cancel',
  save: 'Save',
  loadFailedLog: 'Failed to load store settings',
  saveFailedLog: 'Failed to save store settings',
  /** Shown in the dialog when Save fails, with the server's reason. */
  saveFailed: (reason: string) => `Not saved: ${reason}`,
  saveFailedFallback: 'something went wrong. Please try again.',
  fields: {
    company: 'Company',
    address: 'Address',
    openHours: 'Opening Hours',
    website: 'Website',
    logo: 'Logo',
    cover: 'Cover image',
  },
  placeholders: {
    company: 'e.g. Corner Coffee',
    address: 'Street, city',
    openHours: 'e.g. Mon–Fri 7:00–18:00',
    website: 'https://',
  },
  chooseImage: 'Choose image',
  changeImage: 'Change',
  noImage: 'No image',
  imageOnly: 'Please choose an image file (PNG, JPEG or WebP).',
  imageTooLarge: 'Images must be 5 MB or smaller.',
  imageHint: { logo: 'Square, 256 px or larger', cover: 'Wide, about 1200 × 400 px' },
  /** Accepted by the logo and cover pickers (image files only). */
  imageAccept: 'image/*',
  imageMaxBytes: MAX_IMAGE_BYTES,
  /** Server limits of the profile texts (company, address, opening hours) and the website. */
  textMaxLength: PROFILE_TEXT_MAX_LENGTH,
  websiteMaxLength: PROFILE_WEBSITE_MAX_LENGTH,
} as const;

export const MENU_ITEMS = {
  heading: 'Menu items',
  empty: 'No menu items yet. Add one above or upload your menu.',
  namePlaceholder: 'Item name',
  pricePlaceholder: '0.00',
  nameLabel: 'Item name',
  priceLabel: 'Price',
  add: 'Add',
  /** Shown with a cross mark (antd error icon). */
  priceInvalid: 'Price must be a valid number',
  /** The delete confirmation, word for word. */
  deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"?`,
  /** Said under the confirmation when the item is the live reward's qualifying item. */
  deleteQualifyingWarning: (name: string) =>
    `Your live reward is for ${name}. Deleting it changes the card customers see to "qualifying items" until you choose another item on Rewards.`,
  deleteOk: 'Delete',
  deleteCancel: 'Cancel',
  deleteLabel: (name: string) => `Delete ${name}`,
  addFailedLog: 'Failed to add item',
  /** The optimistic line stays, so say plainly that it was not kept. */
  addFailed: (name: string, reason: string) => `"${name}" was not saved: ${reason} It will be gone when you reopen this dialog.`,
  addFailedFallback: 'something went wrong.',
  deleteFailedLog: 'Failed to delete item',
  nameMaxLength: MAX_ITEM_NAME_LENGTH,
  /** Prices are shown with a dollar-sign prefix. */
  currencyPrefix: '$',
  /** Temporary ids of optimistic items are made from the current time. */
  tempIdPrefix: 'temp-',
} as const;

export const MENU_UPLOAD = {
  heading: 'Upload your menu',
  hint: 'A photo or PDF of your printed menu; we read the items and prices for you.',
  button: 'Upload menu',
  /** A PDF or an image. */
  accept: '.pdf,image/png,image/jpeg',
  acceptedTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: MAX_MENU_BYTES,
  wrongType: 'Please choose a PDF, PNG or JPEG file.',
  tooLarge: 'Menu files must be 10 MB or smaller.',
  uploading: 'Uploading',
  /** The spinner text while scanning. */
  scanning: 'Scanning menu with AI...',
  /** The three results. */
  failed: '❌ Failed to scan menu.',
  noItems: '⚠️ No items found in this menu.',
  /** Every item the scan read was on the menu already: not the same as finding nothing. */
  allAlreadyOnMenu: (n: number) => `⚠️ Every item found (${n}) is already on your menu, so nothing new was added.`,
  /** Said after the failure message above, so the vendor knows what to change. */
  failureReasons: {
    'not-a-menu-file': 'This file is not an image or a PDF: choose a photo (PNG or JPEG) or a PDF of your menu.',
    'too-large': 'The file is too large: menus must be 10 MB or smaller (for a huge photo, take a smaller one).',
    unreadable: 'The file could not be read: it may be damaged, blank or too blurry. Try a sharper photo or a PDF.',
    busy: 'Another menu is still being scanned. Try again in a minute.',
    offline: 'The upload did not reach Stampwise. Check the connection and try again.',
    server: 'Something went wrong on our side. Please try again later.',
  },
  added: (n: number) => `✅ Added ${n} new item(s) from menu.`,
  failedLog: 'Menu upload failed',
  /** After a bad read, one action takes back exactly that upload's items. */
  undo: (n: number) => `Remove these ${n} item(s)`,
  undoConfirm: 'Remove every item this upload added? Items you added yourself stay.',
  undoOk: 'Remove',
  undoCancel: 'Keep',
  undone: (n: number) => `Removed ${n} item(s) from that upload.`,
  undoFailedLog: 'Failed to remove the uploaded items',
  /** Marks the items the last upload added. */
  newTag: 'New',
} as const;

export const STORE_PREVIEW = {
  // Customers use their phone's camera and browser: no app to install.
  caption: 'How customers see your store under their stamp card',
  addressLabel: 'Address',
  menuHeading: 'Menu',
  emptyMenu: 'No menu items yet',
  unnamedStore: 'Your store name',
  hoursLabel: 'Opening hours',
} as const;

// ---- Vendor accounts: login, registration, verification ----

/** The sign-in button stays locked this long after a failed attempt. */
export const LOGIN_LOCKOUT_MS = 3000;

// ---- Top navigation bar ----


// ---- Dashboard (the figures themselves are in features/dashboard/sampleData.ts) ----
export const DASHBOARD_TEXT = {
  heading: 'Dashboard',
  subtitle: 'How your stamp card is doing at a glance.',
  sampleTag: 'Sample data',
  sampleTooltip: 'Your own figures appear here once customers start collecting stamps',
  rewardSetup: 'Reward setup',
  /** "1 stamp", "3 stamps": the program line reads right for a 1-punch card too. */
  rewardProgram: (stamps: number) => `Collect ${stamps} stamp${stamps === 1 ? '' : 's'}, get 1 free`,
  stampsLabel: (filled: number, total: number) => `${filled} of ${total} stamps collected`,
  progressLabel: 'Average stamp-card progress',
  averageStamps: (collected: number, total: number) => `Customers on average collect ${collected} of ${total} stamps.`,
  /** Live figures with no card in progress (e.g. the only card was just completed and claimed). */
  noCardsInProgress: (total: number) => `No card is in progress right now: the next stamp starts one (${total} to a reward).`,
  /** Same words as the Rewards page's submit button, which the help page tells vendors to click. */
  updateReward: 'Update Reward Setup',
  redemptionActivity: 'Redemption activity',
  redemptionChartLabel: (weeks: number, first: number, last: number) =>
    `Redemptions per week over the last ${weeks} weeks, from ${first} to ${last}`,
  thisWeek: 'This week',
  vsLastWeek: 'vs last week',
  periodTotal: (weeks: number) => `${weeks}-week total`,
  weeklyAverage: 'Weekly average',
  bestWeek: 'Best week',
  totalRedemptions: 'Total Redemptions',
  allTime: 'All time',
  redemptionBarsLabel: (months: number) => `Redemptions per month over the last ${months} months`,
  activeCampaigns: 'Active Campaigns',
  runningNow: 'running now',
  customersReached: (n: number) => `${n.toLocaleString('en-US')} customers reached this week`,
  campaignEnds: (date: string) => `ends ${date}`,
  /** A store with real stamps sees no sample campaigns: none has been launched (campaigns are not sent yet). */
  noCampaigns: 'No campaigns yet',
  recentActivity: 'Recent Reward Activity',
  engagedCustomers: 'Engaged Customers',
  visits: (n: number) => `${n} visits this month`,
} as const;

// ---- Campaign management: the form, its options and the sample campaigns ----
/** Audience radius in km; the first is labelled 'Within 1k'. */
export const CAMPAIGN_LOCATION_OPTIONS = [
  { value: 1, label: 'Within 1k' },
  { value: 5, label: '5 km' },
  { value: 10, label: '10 km' },
  { value: 20, label: '20 km' },
  { value: 30, label: '30 km' },
] as const;

/** Customer frequency (the campaign's targetAudience). */
export const CUSTOMER_FREQUENCY_OPTIONS = [
  { value: 'daily', label: 'Daily visitors' },
  { value: 'weekly', label: 'Weekly visitors' },
  { value: 'monthly', label: 'Monthly visitors' },
  { value: 'all', label: 'All customers' },
] as const;

export const PROMOTION_TYPE_OPTIONS = [
  { value: 'discount', label: 'Discount' },
  { value: 'bonus-stamps', label: 'Bonus stamps' },
  { value: 'exclusive-offer', label: 'Exclusive offer' },
  { value: 'limited-time', label: 'Limited-time offer' },
] as const;

export const PROMOTION_ITEM_OPTIONS = ['Coffee', 'Pastry', 'Sandwich', 'Tea'] as const;

export const NOTIFICATION_FREQUENCY_OPTIONS = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
] as const;

/** The budget slider, in dollars. */
export const CAMPAIGN_BUDGET = { min: 0, max: 200, step: 1, default: 50 } as const;

export const CAMPAIGN_TEXT = {
  heading: 'Campaigns',
  subtitle: 'Reach your regulars with a push notification and see it as they will.',
  formTitle: 'Create New Campaign',
  previewNotice: 'Campaigns are in preview: launching records the campaign on this device and sends no notification yet.',
  sections: { message: 'Message', audience: 'Audience', schedule: 'Schedule', offer: 'Offer', delivery: 'Delivery' },
  labels: {
    title: 'Campaign Title',
    description: 'Campaign Description',
    location: 'Location',
    customerFrequency: 'Customer Frequency',
    start: 'Start Date & Time',
    end: 'End Date & Time',
    promotionType: 'Promotion Type',
    items: 'Items to Promote',
    notificationFrequency: 'Notification Frequency',
    abTesting: 'Enable A/B Testing',
    budget: 'Campaign Budget',
  },
  placeholders: {
    title: 'e.g. Double stamps this weekend',
    description: 'What should customers read on their lock screen?',
    dateTime: 'Select date and time',
    promotionType: 'Choose a promotion',
    items: 'Choose one or more items',
  },
  abTestingHelp: 'Send two versions of the message and keep the one that performs better.',
  /** Shown with the location radios: the radius is collected but not part of the campaign. */
  locationHelp: 'How far from your store customers are.',
  submit: 'Launch Campaign & Send Push Notification',
  launched: 'Campaign recorded. No notification was sent: campaigns are in preview.',
  previewTitle: 'Campaign Preview',
  previewAppName: 'Stampwise',
  previewNow: 'now',
  previewTitlePlaceholder: 'Your campaign title',
  previewBodyPlaceholder: 'Your campaign description appears here as you type.',
  previewPhoneLabel: 'Push notification preview',
  summary: {
    audience: 'Audience',
    reach: 'Reach',
    schedule: 'Runs',
    promotion: 'Promotion',
    items: 'Items',
    notifications: 'Notifications',
    abTesting: 'A/B testing',
    budget: 'Budget',
    notSet: 'Not set yet',
    on: 'On',
    off: 'Off',
  },
  tableTitle: 'Active Campaigns',
  columns: { title: 'Title', audience: 'Audience', schedule: 'Schedule', type: 'Type', notifications: 'Notifications' },
  sampleTooltip: 'Your own campaigns appear here once you launch them',
  performanceTitle: 'Campaign performance',
  performanceLabel: 'Notifications sent, opened and redeemed for each sample campaign',
  performanceSeries: { sent: 'Sent', opened: 'Opened', redeemed: 'Redeemed' },
} as const;

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

/** Leaving the Rewards page with edits that were not saved. */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Leave without saving?',
  text: 'Your changes to the punch card are not saved yet. Customers keep seeing the card as it was.',
  leave: 'Leave without saving',
  stay: 'Stay on this page',
} as const;

export const REWARDS_TEXT = {
  heading: 'Reward Setup and Management',
  subtitle: "Choose how many punches earn a reward, then click 'Update Reward Setup' to save it. Changes apply immediately.",
  loading: 'Loading...',
  setupTitle: 'Punch Card Setup',
  punches: 'Punches Required',
  punchesHelp: 'Whole number from 1 to 100',
  item: 'Qualifying Item',
  itemPlaceholder: 'Select a menu item',
  other: 'Other',
  itemCustom: 'Custom qualifying item',
  itemCustomPlaceholder: 'e.g. Any hot drink',
  expiry: 'Expiration Date',
  submit: 'Update Reward Setup',
  saved: 'Reward setup saved',
  /** The four validation messages, word for word. */
  punchesMin: 'Punches required must be at least 1',
  expiryRequired: 'Expiration date is required',
  itemRequired: 'Please select a qualifying item',
  itemCustomRequired: 'Please specify the qualifying item',
  expiryPast: 'This date has already passed, so customers cannot earn or redeem this reward. Choose a later date to keep it running.',
  /** Logged only. */
  loadFailedLog: 'Failed to load reward data',
  saveFailedLog: 'Failed to save reward',
  savedLog: 'Reward saved',
  localTitle: 'Card settings',
  localNote: 'Saved to your store: they apply to every customer’s card from the next scan.',
  settingsSave: 'Save card settings',
  settingsSaved: 'Card settings saved',
  settingsSaveFailed: 'The card settings could not be saved',
  expiryNever: 'Stamps never expire',
  expiryOn: 'Stamps expire',
  autoRedeemHelp: 'A full card becomes a reward waiting at the counter: no button for the customer to press.',
  perItemHelp: 'The QR page asks how many stamps the next code gives (up to the max).',
  maxAtMostCard: (stamps: number) => `At most the card size (${stamps})`,
  /** Changing the card size of a card customers are collecting on. */
  resizeTitle: 'Change the card size?',
  resizeText: (cards: number, from: number, to: number, fullAtOnce: number) =>
    `${cards} customer${cards === 1 ? ' is' : 's are'} collecting on this card. Their stamps stay as they are: ` +
    (to < from
      ? `${fullAtOnce === 0 ? 'no card' : fullAtOnce === 1 ? '1 card' : `${fullAtOnce} cards`} with ${to} or more stamps will be full at once and can be claimed; the others need ${to} in all. `
      : `every card now needs ${to} stamps instead of ${from}. `) +
    'Past activity keeps the size it was recorded with.',
  resizeConfirm: 'Change the card size',
  resizeCancel: 'Keep it as it is',
  autoRedeem: 'Auto-redeem when complete',
  stampMode: 'Stamp mode',
  stampModes: [
    { value: 'per-visit', label: 'One stamp per visit' },
    { value: 'per-item', label: 'One stamp per qualifying item' },
  ],
  maxPerTransaction: 'Max stamps per transaction',
  expiryDays: 'Card expires after (days)',
  previewTitle: 'Live Preview',
  /** The sample's punches as the card shows them (6, or the whole card when it is shorter). */
  previewSampleNote: (collected: number) => `A sample customer with ${collected} punch${collected === 1 ? '' : 'es'} collected`,
  previewProgram: (punches: number, item: string) => `Buy ${punches} × ${item}, get 1 free`,
  previewAnyItem: 'qualifying items',
  previewCollected: (collected: number, punches: number) => `${collected} of ${punches} punches collected`,
  previewScaled: (perIcon: string) => `Each stamp stands for ${perIcon} punches`,
  previewExpires: (date: string) => `Valid until ${date}`,
  activityTitle: 'Reward Activity',
  activityColumns: { customer: 'Customer', date: 'Date', reward: 'Reward', actions: 'Actions' },
  activitySampleTooltip: 'Your customers’ redemptions appear here once they start claiming rewards',
  removeStamp: 'Remove stamp',
  removeStampTitle: 'Remove this stamp?',
  removeStampText: 'The stamp comes off the customer’s card and every figure. Say why, for your records.',
  removeReason: 'Reason',
  removeReasonRequired: 'Please say why the stamp is removed',
  removeConfirm: 'Remove stamp',
  removedTag: 'Removed',
  removedDetail: (reason: string, by: string, when: string) => `Removed by ${by} on ${when}: ${reason}`,
  expiredTag: (stamps: number) => `${stamps} stamp${stamps === 1 ? '' : 's'} expired`,
} as const;

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

export const QR_TEXT = {
  /** Per-item stamp mode: the counter's quantity selector. */
  stampQuantity: 'Stamps for this purchase',
  codeGives: (n: number) => `This code gives ${n} stamp${n === 1 ? '' : 's'}`,
  title: 'Scan This QR Code',
  dynamic: 'Dynamic',
  instructions: "Present this to your customer's mobile app to scan. A new code is generated every 60 seconds.",
  loading: 'Loading QR...',
  qrLabel: 'QR code for customers to scan and collect a stamp',
  // The token preview, named for what it is: the link a phone opens.
  tokenLabel: 'Link in this code',
  copy: 'Copy link',
  copied: 'Link copied',
  regenerate: 'Regenerate now',
  exportPng: 'Export PNG',
  refreshIn: (seconds: number) => `Refresh in ${seconds} s`,
  flyerHeading: 'Unlock Your Rewards',
  flyerText: 'Scan the QR code to collect points and redeem offers!',
  flyerLogoAlt: (company: string) => `${company} logo`,
  // Where the flyer's offer applies, and printing it.
  flyerWhere: (company: string, address: string) => `Valid at ${company}, ${address}`,
  // Counter mode.
  counterMode: 'Counter mode',
  counterLeave: 'Leave counter mode (Esc)',
  counterScan: 'Scan to collect a stamp',
  chime: 'Chime on each stamp',
  counterLabel: 'Counter screen',
  stampLanded: 'Stamp collected!',
  claimLanded: 'Reward claimed!',
  print: 'Print flyer',
  printFailedLog: 'Failed to print flyer',
  /** Console only. */
  fetchFailedLog: 'Failed to load QR code',
  exportFailedLog: 'Failed to export flyer',
  // Renewing the flyer code (POST /api/qrcode/printable with renew: true).
  flyerSectionTitle: 'Printed flyer',
  flyerSectionText:
    'The code on your flyer stays the same, so printed flyers keep working. Renew it if a photo of your flyer is going around, or before you reprint.',
  renewFlyer: 'Renew flyer code',
  renewConfirmTitle: 'Renew your flyer code?',
  renewConfirmText:
    'Flyers you printed before stop working at once: customers who scan them no longer get a stamp. Afterwards, download and print the new flyer.',
  renewConfirmOk: 'Renew code',
  renewConfirmCancel: 'Keep current code',
  renewed: 'Flyer code renewed. Download and print the new flyer.',
  renewFailed: 'Could not renew the flyer code. Your current flyers still work; please try again.',
  renewFailedLog: 'Failed to renew the flyer code',
  newFlyerCode: 'New flyer code',
  newFlyerQrLabel: 'QR code of your new flyer',
  downloadNewFlyer: 'Download new flyer',
  // What the page says when a refresh fails.
  connectionLost: (seconds: number) => `Connection lost — this code still works for ${seconds} s`,
  retryingIn: (seconds: number) => (seconds > 0 ? `Connection lost — trying again in ${seconds} s` : 'Connection lost — trying again…'),
  waitingForNetwork: 'No network — a new code appears as soon as the connection is back',
  codeExpired: 'Code expired',
  codeExpiredHint: 'Do not scan: a new code appears here by itself.',
} as const;

// ---- The first day of a new store ----
export const FIRST_DAY_TEXT = {
  setUpRewardFirst: 'Set up your reward first',
  noRewardYet: 'Customers cannot collect stamps until your store has a reward. Choose what they earn and how many stamps it takes.',
  rewardEnded: (date: string) => `Your reward ended on ${date}, so customers cannot collect stamps. Choose a new expiry date to keep it running.`,
  setUpReward: 'Set up reward',
  exportAnyway: 'Export anyway',
  flyerNeedsReward: 'A flyer for a store without a working reward sends customers to a dead end.',
  checklistTitle: 'Your first day',
  checklistHint: 'Three steps from a new store to your first happy customer.',
  stepReward: 'Set up your reward',
  stepFlyer: 'Print your flyer or put the QR code on the counter screen',
  stepFirstStamp: 'Your first customer collects a stamp',
  stepDone: 'Done',
  openRewards: 'Rewards',
  openQrCode: 'QR Code',
  /** "Buy 10 Flat White, get 1 free": the offer in words, on the flyer, the counter screen and the dashboard. */
  offer: (stamps: number, item: string) => `Buy ${stamps} ${item}, get 1 free`,
} as const;

// ---- The customer side: scan page, wallet, card, reward-ready screen ----
/** Local storage key of the customer's device credential (never the vendor's `token`). */
export const CUSTOMER_CREDENTIAL_STORAGE_KEY = 'stampwise.customer';

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
export const ACTIVITY_FEED_RETRY = { firstMs: 1000, maxMs: 15_000 } as const;
