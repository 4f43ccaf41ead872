// The User Guide, the FAQ and the illustrated walkthrough: the words a café owner reads under Help.
// Kept apart from the pages so the texts can be read and reviewed in one place.

export interface HelpSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export const HELP_PAGES_TEXT = {
  backToHelp: 'Back to Help & Resources',
  guide: {
    title: 'User Guide',
    subtitle: 'Everything you need to run your stamp card, from the first day to the hand-over of a reward.',
    contents: 'On this page',
  },
  faq: {
    title: 'FAQ',
    subtitle: 'Short answers to what café owners ask most.',
  },
  tutorial: {
    title: 'Tutorial',
    subtitle: 'A short walkthrough of the real app, one screen at a time.',
  },
} as const;

export const GUIDE_SECTIONS: readonly HelpSection[] = [
  {
    id: 'how-it-works',
    title: 'How Stampwise works',
    paragraphs: [
      'You show a QR code at the counter. A customer points their phone camera at it and their stamp card opens in the phone\u2019s browser: there is no app to install and no account to create.',
      'Each scan adds one stamp. When the card is full, the customer claims the reward on their phone and shows it to your staff, who hand it over.',
    ],
  },
  {
    id: 'store',
    title: 'Set up your store',
    paragraphs: [
      'Open the menu under your store name (top right) and choose Store Settings. In Setup, enter your company name, address, opening hours and website, and add a logo and a cover photo.',
      'The Preview tab shows exactly what customers see under their stamp card: your cover, address, opening hours, website and menu.',
      'In Menu & Items, add items one by one or upload a photo or PDF of your printed menu: Stampwise reads the items and prices for you. If a read goes wrong, one button removes everything that upload added.',
    ],
  },
  {
    id: 'reward',
    title: 'Set up your reward',
    paragraphs: [
      'Go to Rewards and fill in the Punch Card Setup: how many stamps a full card needs, the item customers get (a menu item or your own text) and the last day of the offer. Save, and the reward runs at once.',
      'Customers cannot collect stamps until your store has a reward, so do this before you print your flyer.',
    ],
  },
  {
    id: 'counter',
    title: 'At the counter: the QR page',
    paragraphs: [
      'The QR Code page shows a code that changes every 60 seconds, so a photo of it stops working soon after. Keep the page open on a tablet or laptop at the counter, or use Counter mode to fill the screen.',
      'Beside the code you see every stamp and claim as it happens (the live feed), and the Hand over box for rewards.',
      'A customer can collect one stamp per visit: after a stamp, the same phone waits a short cooldown before it can collect another at your store.',
    ],
  },
  {
    id: 'handover',
    title: 'Handing over a reward',
    paragraphs: [
      'When a customer claims a full card, their phone shows a short code and the claim appears in your live feed. Give them the reward, then press Hand over on that line, or type their code in the Hand over box.',
      'A claim nobody hands over expires after a while and the stamps go back onto the customer\u2019s card, so nothing is lost.',
    ],
  },
  {
    id: 'flyer',
    title: 'Your printed flyer',
    paragraphs: [
      'Export PNG or Print flyer gives you a poster with a code that does not change, for the window or the table. Stamps from the flyer are limited per day, because anyone who has a photo of it can scan it.',
      'If a photo of your flyer is going around, or before you reprint, use Renew flyer code on the QR page: old flyers stop working at once, so print the new one straight away.',
    ],
  },
  {
    id: 'customers',
    title: 'Your customers',
    paragraphs: [
      'The Customers page lists everyone who collected a stamp: visits, stamps and rewards, with filters for regulars and for customers you have not seen for a while. You can export the list and your activity as CSV files.',
      'The search box at the top finds a customer by name, e-mail or number (\u201cCustomer #27\u201d), a menu item, or a page.',
    ],
  },
];

export const FAQ_ENTRIES: readonly HelpSection[] = [
  {
    id: 'app',
    title: 'Do my customers need an app?',
    paragraphs: ['No. They scan your QR code with their phone camera and the card opens in their browser. Their cards are kept on that phone; they can add an e-mail address to get them back on a new phone.'],
  },
  {
    id: 'cooldown',
    title: 'Why did a customer get \u201calready collected\u201d or a cooldown message?',
    paragraphs: [
      'One phone gets one stamp per visit: after a stamp it waits a short cooldown before the next one at your store, and one code gives each phone a single stamp. This stops a customer scanning the same code twice for one coffee.',
      'If someone really bought two items, they can scan again once the code on the screen has changed and the cooldown has passed.',
    ],
  },
  {
    id: 'lost-phone',
    title: 'A customer lost their phone. Are their stamps gone?',
    paragraphs: [
      'Not if they added an e-mail address to their wallet: on the new phone they open any stamp card page, choose to recover their wallet, and follow the link we e-mail them. Their cards and stamps come back.',
      'Without an e-mail address the stamps were kept only on the lost phone, and we cannot move them for you.',
    ],
  },
  {
    id: 'relay-alert',
    title: 'What does a stamp alert (\u201ccode probably shared\u201d) mean?',
    paragraphs: [
      'Stampwise watches how many stamps one code gives and from where. When a code gives far more stamps than your counter could, it is probably being passed around (a photo in a group chat, for example) and you see an alert on the QR page.',
      'Check the stamps it lists: you can void the ones that were not real purchases, and customers see that the store removed them. You can also set how many stamps one code may give in the box at the bottom of the QR page.',
    ],
  },
  {
    id: 'flyer',
    title: 'When should I renew my flyer?',
    paragraphs: ['When you see a photo of it online, when a flyer alert shows, or before you reprint. Renewing stops every old flyer at once; download or print the new flyer straight away.'],
  },
  {
    id: 'handover',
    title: 'A customer shows me a reward code. What do I do?',
    paragraphs: ['Give them the reward, then press Hand over on their line in the live feed, or type the code from their phone into the Hand over box on the QR page. Their phone turns green when it is done.'],
  },
  {
    id: 'menu-upload',
    title: 'The menu upload says it failed. Why?',
    paragraphs: ['The message says why: the file is not a photo or a PDF, it is too large (10 MB at most), or it could not be read. A sharp, straight photo in good light or a PDF works best. You can always add items by hand.'],
  },
  {
    id: 'several-devices',
    title: 'Can I open the QR page on several devices?',
    paragraphs: ['Yes. Every device signed in to your store shows a valid code and the same live feed.'],
  },
];

export interface TutorialStep {
  image: string;
  title: string;
  text: string;
  alt: string;
}

/** Screenshots of the real app, made by scripts/tutorial-screenshots.ts into public/tutorial/. */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  { image: '/tutorial/1-dashboard.png', title: '1. Your dashboard', text: 'After you sign in, the dashboard shows your first-day checklist and, later, your stamps and rewards.', alt: 'The dashboard of a new store' },
  { image: '/tutorial/2-store-settings.png', title: '2. Describe your store', text: 'Store Settings: your name, address, opening hours, website, logo and cover, and the Preview of what customers see.', alt: 'The Store Settings dialog with its Preview tab' },
  { image: '/tutorial/3-rewards.png', title: '3. Set up your reward', text: 'Rewards: stamps needed, the item customers get and the last day of the offer.', alt: 'The Rewards page with the punch card setup' },
  { image: '/tutorial/4-qr-page.png', title: '4. Show the code at the counter', text: 'The QR Code page: the code customers scan, the Hand over box and the live feed side by side.', alt: 'The QR Code page with the code, the hand-over box and the live feed' },
  { image: '/tutorial/5-customer-card.png', title: '5. What your customer sees', text: 'A phone camera opens the card in the browser: the new stamp, the progress, and your store underneath.', alt: 'A stamp card on a phone after a scan' },
];
