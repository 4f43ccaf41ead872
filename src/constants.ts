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

export const LOGIN_TEXT = {
  heading: 'Sign in',
  subtitle: 'Welcome back! Sign in to manage your stamp cards, rewards and QR code.',
  username: 'Username',
  usernamePlaceholder: 'you@yourcafe.com',
  password: 'Password',
  passwordPlaceholder: 'Your password',
  submit: 'Sign In',
  divider: 'or',
  register: 'Register!',
  noAccount: 'New to Stampwise?',
  forgotPassword: 'Forgot password?',
  /** The password field's show/hide button (the sign-in form's own, no longer antd's eye icon). */
  showCharacters: 'Show what I typed',
  hideCharacters: 'Hide what I typed',
  /** A non-OK answer, and a network or other failure. */
  invalidCredentials: 'Invalid username or password.',
  unexpectedFailure: 'Something went wrong. Please try again later.',
  /** A 429 — the account or this address is throttled for up to 15 minutes, whatever the password. */
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait up to 15 minutes and try again, or use "Forgot password?" below.',
  tryAgainIn: (seconds: number) => `Try again in ${seconds}s`,
  previewAlt: 'A stamp card with seven of ten coffee stamps collected, on a café counter',
  previewHeading: 'Turn first visits into regulars',
  previewText: 'Digital stamp cards your customers collect with one scan — no paper, no app to explain.',
} as const;

/** A new verification link, offered where an owner whose address is not verified yet gets stuck (sign-in, a dead link). */
export const RESEND_VERIFICATION_TEXT = {
  /** Under a refused sign-in: the server answers the same for every address, so this cannot say more than "maybe". */
  notVerifiedHint:
    'Registered, but not verified your e-mail address yet? Until you do, the account has no password, so sign-in fails. We can send you a new verification link.',
  /** Sign-in after a verification link that was used already or is not valid. */
  linkInvalid:
    'This verification link has been used already or is not valid. If you have set your password, sign in below. If your address is not verified yet, ask for a new link.',
  email: 'Email Address',
  emailPlaceholder: 'you@yourcafe.com',
  submit: 'Send a new verification link',
  tooMany: 'Too many requests. Please wait a few minutes and try again.',
  invalidEmail: 'Please enter a valid email address.',
  failed: 'Something went wrong. Please try again later.',
} as const;

/** "Continue with Google" when the server has Google sign-in configured (otherwise the button only logs). */
export const GOOGLE_SIGN_IN_TEXT = {
  button: 'Continue with Google',
  /** Why Google sent the owner back without a session (the server's `#google-error=`). */
  errors: {
    cancelled: 'Google sign-in was cancelled. Sign in with your password, or try Google again.',
    'unverified-email': 'Google has not verified the e-mail address of that Google account, so it cannot open a Stampwise account. Sign in with your password, or register.',
    failed: 'Signing in with Google did not work. Please try again.',
  },
} as const;

/** The sign-in screen after the app ended a session the owner did not sign out of: why it ended. */
export const SESSION_ENDED_TEXT = {
  expired: 'You were signed out because your session expired. Please sign in again.',
  'signed-out': 'You were signed out because this session was ended with Logout (in another tab or window). Please sign in again.',
  'password-changed': 'You were signed out because the password of this account was changed or reset. Please sign in with the new password.',
  'account-closed': 'You were signed out because this account no longer exists.',
  unknown: 'You were signed out because your session is no longer valid. Please sign in again.',
} as const;

export const REGISTER_TEXT = {
  stepTitles: ['Create your account', 'Store Information', 'Account Created'],
  stepLabels: ['Account', 'Store', 'Verify'],
  accountSubtitle: 'Start your digital stamp card in two minutes.',
  storeSubtitle: 'Tell customers where to find you. You can change this later.',
  google: 'Continue with Google',
  googleLog: 'Continue with Google clicked (not available yet)',
  divider: 'or',
  name: 'Full Name',
  namePlaceholder: 'Jane Doe',
  business: 'Business/Company',
  businessPlaceholder: 'Corner Café',
  email: 'Email Address',
  emailPlaceholder: 'you@yourcafe.com',
  emailInvalid: 'Please enter a valid email address',
  address: 'Store Address',
  addressPlaceholder: '12 Market Street, Springfield',
  openingHours: 'Opening Hours',
  openingHoursPlaceholder: 'Mon–Fri 7:00–17:00, Sat 8:00–14:00',
  website: 'Website Link (optional)',
  websitePlaceholder: 'https://yourcafe.com',
  websiteInvalid: 'Please enter a web address, like https://yourcafe.com',
  menu: 'Menu',
  uploadMenu: 'Upload Menu',
  menuHelp: 'Optional: a PNG or JPEG photo of your menu. We will add its items for you.',
  menuWrongType: 'Please choose a PNG or JPEG image.',
  menuTooLarge: 'Menu pictures must be 10 MB or smaller.',
  /** The account exists; only the optional menu file was left out. */
  menuNotAdded: (reason: string) =>
    `Your account is ready, but your menu file could not be used (${reason.replace(/\.$/, '')}). You can add your menu later in Store Settings → Menu & Items.`,
  menuMaxBytes: MAX_MENU_BYTES,
  next: 'Next',
  back: 'Back',
  register: 'Register',
  haveAccount: 'Already have an account?',
  signInNow: 'Sign in now!',
  createdText: 'We have sent you an e-mail. Click the link in the e-mail to verify your address and set your password.',
  createdHint: 'No e-mail after a few minutes? Check your spam folder.',
  login: 'Login',
  registerFailedLog: 'Registration failed',
  /** Shown on step 2 when Register fails, with the server's reason. */
  registerFailed: (reason: string) => `Your account was not created: ${reason}`,
  registerFailedFallback: 'something went wrong. Please try again.',
} as const;

export const VERIFY_TEXT = {
  verifying: 'Verifying...',
  expiredTitle: 'Verification Link Expired',
  expiredText: 'This link has expired, so we have sent you a new verification e-mail. Please check your inbox.',
  backToLogin: 'Back to Login',
  successTitle: 'Verification Successful!',
  successText: 'Set your password to access your account',
  password: 'Password',
  passwordHelp: 'At least 8 characters. A long phrase is easy to remember and hard to guess.',
  passwordRequired: 'Please enter a password',
  complete: 'Complete Registration',
  failedLog: 'Verification failed',
} as const;

// ---- "Forgot password?": ask for a link, then choose a new password ----
export const FORGOT_PASSWORD_TEXT = {
  title: 'Forgot your password?',
  text: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  email: 'Email Address',
  emailPlaceholder: 'you@yourcafe.com',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  submit: 'Send me a link',
  sentTitle: 'Check your inbox',
  /** The same words whether or not an account uses the address. */
  sentText: 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 1 hour.',
  /** For an address not verified yet (said to everyone: the page cannot know which case it is). */
  sentNotVerifiedText: 'If the address is not verified yet, we have sent a new verification link instead: open it to set your password.',
  sentHint: 'No e-mail after a few minutes? Check your spam folder.',
  tooMany: 'Too many requests. Please wait a few minutes and try again.',
  failed: 'Something went wrong. Please try again later.',
  backToLogin: 'Back to Login',
} as const;

export const RESET_PASSWORD_TEXT = {
  checking: 'Checking your link...',
  title: 'Choose a new password',
  text: 'Setting a new password signs you out on every other device.',
  password: 'New password',
  passwordHelp: 'At least 8 characters. A long phrase is easy to remember and hard to guess.',
  passwordRequired: 'Please enter a password',
  submit: 'Save and sign in',
  invalidTitle: 'This link does not work',
  invalidText: 'It may have been used already or be more than 1 hour old. Ask for a new one.',
  askAgain: 'Send me a new link',
  backToLogin: 'Back to Login',
  failedLog: 'Password reset failed',
} as const;

// ---- Top navigation bar ----


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

// ---- Help and resources ----
export const HELP_TEXT = {
  heading: 'Help & Resources',
  subtitle: 'Answers to common questions about running your stamp card.',
  faqTitle: 'Frequently asked questions',
  faqs: [
    {
      key: 'setup',
      question: 'How do I set up a reward campaign?',
      answer: "Go to Rewards, click 'Update Reward Setup', define your reward and save. Your reward launches immediately.",
    },
    {
      key: 'earn',
      question: 'How do customers earn and redeem rewards?',
      answer:
        'Customers earn one stamp per purchase by scanning your QR code in store. When their card is full, they claim the free reward in the mobile app.',
      /** What is true beside that text: the "mobile app" is the phone's own camera and browser. */
      note: "No app to install: customers point their phone's camera at your QR code and their stamp card opens in the browser. They claim the reward there and show it at the counter.",
    },
    {
      key: 'track',
      question: 'How do I track reward performance?',
      answer: 'Your dashboard shows redemptions, customer activity and campaign performance.',
    },
  ],
  resourcesTitle: 'Additional Resources',
  resources: [
    { key: 'guide', title: 'User Guide', description: 'Step-by-step setup of your store, menu and stamp card.' },
    { key: 'faq', title: 'FAQ', description: 'Cooldowns, a lost phone, renewing the flyer, the hand-over, stamp alerts.' },
    { key: 'videos', title: 'Tutorial Videos', description: 'A short illustrated walkthrough of the real app, screen by screen.' },
  ],
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


// ---- The vendor's own activity: live dashboard figures, Reward Activity rows, the counter feed ----
export const ACTIVITY_TEXT = {
  // The counter feed on the QR page.
  feedTitle: 'Live activity',
  feedHint: 'Stamps and claims appear here the moment customers scan.',
  feedEmpty: 'Waiting for the next scan…',
  feedListLabel: 'Latest stamps and claims',
  status: { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' },
  stampLine: (customer: string, stamps: number, required: number) => `${customer} collected a stamp · ${stamps}/${required}`,
  claimLine: (customer: string) => `Reward claimed by ${customer}`,
  /** How many lines the counter feed keeps on screen. */
  feedMaxLines: 8,
  // The Reward Activity table with real rows.
  stampTag: (stamps: number, required: number) => `Stamp ${stamps}/${required}`,
  claimTag: 'Claimed',
  tableSampleTooltip: 'Your customers’ stamps and claims appear here once they start scanning your QR code',
  loadFailedLog: 'Failed to load reward activity',
  // Dashboard figures from real data.
  outstanding: (fullCards: number, nearlyFull: number) =>
    `You owe ${fullCards.toLocaleString('en-US')} reward${fullCards === 1 ? '' : 's'} · ${nearlyFull.toLocaleString('en-US')} card${nearlyFull === 1 ? '' : 's'} one stamp away`,
  outstandingLabel: 'Rewards you owe',
  dailyChartLabel: (days: number, total: number) => `Redemptions per day over the last ${days} days, ${total.toLocaleString('en-US')} in all`,
  weeklyBarsLabel: (weeks: number) => `Redemptions per week over the last ${weeks} weeks`,
  engagedStamps: (n: number) => `${n.toLocaleString('en-US')} stamp${n === 1 ? '' : 's'} in the last 90 days`,
  recentStamp: (stamps: number, required: number) => `collected stamp ${stamps} of ${required}`,
  recentCompleted: 'completed a stamp card',
  recentClaim: (reward: string) => `redeemed ${reward}`,
  justNow: 'just now',
  minutesAgo: (n: number) => `${n} min ago`,
  hoursAgo: (n: number) => `${n} h ago`,
  daysAgo: (n: number) => `${n} d ago`,
  dashboardLoadFailedLog: 'Failed to load dashboard figures',
  dashboardLoading: 'Loading your figures…',
} as const;

// ---- The hand-over at the counter, the Customers page and exports ----
export const HANDOVER_TEXT = {
  handOver: 'Hand over',
  handingOver: 'Handing over…',
  handOverLabel: (customer: string, reward: string, code: string) => `Hand over ${reward} to ${customer} (code ${code})`,
  pendingTag: (code: string) => `Waiting · ${code}`,
  givenTag: (time: string) => `Given ${time}`,
  expiredTag: 'Expired',
  done: (reward: string, customer: string) => `${reward} handed over to ${customer}`,
  codeLabel: 'Code on the customer’s screen',
  codePlaceholder: 'e.g. K7MQ4',
  codeSubmit: 'Hand over',
  codeRequired: 'Type the code shown on the customer’s phone',
  failed: 'Could not confirm the hand-over. Please try again.',
  // Dashboard: outstanding rewards by status.
  claimsLabel: 'Claimed rewards',
  claims: (pending: number, given: number, expired: number) =>
    `${pending.toLocaleString('en-US')} waiting at the counter · ${given.toLocaleString('en-US')} handed over · ${expired.toLocaleString('en-US')} expired`,
  customersLink: 'Your customers',
} as const;

export const CUSTOMERS_TEXT = {
  heading: 'Customers',
  subtitle: 'Who comes back: visits, stamps and rewards of every customer of your store.',
  // The customer the top bar's search opened.
  spotlightEmail: 'E-mail',
  spotlightNoEmail: 'Not given',
  spotlightMissing: 'This customer is not found any more: search again from the top bar.',
  filterLabel: 'Show',
  filters: { all: 'All', regulars: 'Regulars', lapsed: 'Lapsed' },
  filterHint: (minVisits: number, days: number) => `Regulars: ${minVisits}+ visits in the last ${days} days. Lapsed: no visit in the last ${days} days.`,
  minVisitsLabel: 'Visits that make a regular',
  columns: { name: 'Customer', visits: 'Visits', stamps: 'Stamps', rewardsGiven: 'Rewards given', firstVisit: 'First visit', lastVisit: 'Last visit' },
  empty: 'No customers here yet.',
  next: 'Next page',
  previous: 'Previous page',
  first: 'First page',
  pageOf: (page: number) => `Page ${page}`,
  loadFailed: 'Could not load your customers. Please try again.',
  exportTitle: 'Export',
  exportCustomers: 'Export customers (CSV)',
  exportActivity: 'Export activity (CSV)',
  exportRangeLabel: 'Activity from – to',
  exporting: 'Preparing…',
  exportFailed: 'The export failed. Please try again.',
  exportRangeRequired: 'Choose the days to export',
} as const;

/** Live-feed reconnection: the first retry after a drop, doubling up to the longest wait. */
export const ACTIVITY_FEED_RETRY = { firstMs: 1000, maxMs: 15_000 } as const;

// ---- Stamp integrity: relay alerts and voiding (vendor- and customer-facing copy) ----
export const RELAY_TEXT = {
  sectionTitle: 'Stamp alerts',
  sectionHint: 'Codes used in a way one counter cannot explain. Check the stamps they granted; void them if a photo of your code went around.',
  /** The alert in the browser's own time ('Code from 14:02 used 17 times from 9 networks in 60 s — a photo may be going around'). */
  alertMessage: (alert: { kind: 'dynamic' | 'printable'; reason: string; granted: number; refused: number; networks: number }, firstUsed: string, seconds: number) => {
    const what = alert.kind === 'printable' ? 'Flyer code' : `Code from ${firstUsed}`;
    if (alert.reason === 'device') return `${what} was used by a phone that collected stamps at several stores within minutes — check these stamps`;
    const uses = alert.granted + alert.refused;
    const span = seconds < 120 ? `${Math.max(1, seconds)} s` : `${Math.round(seconds / 60)} min`;
    return `${what} used ${uses} time${uses === 1 ? '' : 's'} from ${alert.networks} network${alert.networks === 1 ? '' : 's'} in ${span} — a photo may be going around`;
  },
  stampsTitle: (granted: number) => `${granted} stamp${granted === 1 ? '' : 's'} granted`,
  refused: (refused: number) => `${refused} more refused`,
  stampLine: (customer: string, network: string | null) => `${customer}${network ? ` · ${network}` : ''}`,
  newDevice: 'new phone',
  voidedTag: 'Voided',
  claimedTag: 'Claimed since',
  voidButton: (stamps: number) => `Void ${stamps} stamp${stamps === 1 ? '' : 's'}`,
  voidConfirmTitle: 'Void these stamps?',
  voidConfirmText: (stamps: number, flyer: boolean) =>
    `The ${stamps === 1 ? 'stamp' : `${stamps} stamps`} will be taken off customers' cards, and each card shows "stamp removed by the store". ` +
    'Rewards already claimed stay claimed.' +
    (flyer ? ' Your flyer code is renewed too: print the new flyer.' : ''),
  voidConfirmOk: 'Void stamps',
  voidConfirmCancel: 'Keep them',
  voided: (stamps: number, claimsKept: number) =>
    `${stamps} stamp${stamps === 1 ? '' : 's'} voided.` + (claimsKept > 0 ? ` ${claimsKept} reward${claimsKept === 1 ? ' was' : 's were'} already claimed and stay${claimsKept === 1 ? 's' : ''} claimed.` : ''),
  flyerRenewed: 'Your flyer code was renewed: download and print the new flyer.',
  voidedSummary: (stamps: number) => `Voided: ${stamps} stamp${stamps === 1 ? '' : 's'} taken back`,
  voidFailed: 'Could not void these stamps. Please try again.',
  activityVoided: 'Voided',
  // 'Stamp voided — Customer #5, 1st visit' reads right for a name and for the numbered label alike.
  feedVoided: (customer: string) => `Stamp voided — ${customer}`,
  budgetTitle: 'How many stamps one code can give',
  budgetHint: (code: number, flyer: number) =>
    `Now: one code on this screen gives up to ${code} stamps before it changes, and your printed flyer up to ${flyer} stamps a day; customers who scan after that are asked to get their stamp at the counter. Leave a box empty and Stampwise picks the number from your busiest minute.`,
  codeFloorLabel: 'Stamps from one code on this screen, at least',
  flyerFloorLabel: 'Stamps from the printed flyer per day, at least',
  budgetDefault: 'Automatic',
  budgetSave: 'Save',
  budgetSaved: 'Saved',
  budgetSaveFailed: 'Could not save. Please try again.',
  budgetExplain: 'A code that gives more stamps than this stops working: customers who scan after that are asked to get their stamp at the counter.',
} as const;
