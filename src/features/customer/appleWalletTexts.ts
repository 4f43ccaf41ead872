// What the "Add to Apple Wallet" badge says (kept together so it moves into the text catalogue as one).
export const APPLE_WALLET_TEXT = {
  /** Apple's badge wording, also its accessible name. */
  add: 'Add to Apple Wallet',
  addSmall: 'Add to',
  addLarge: 'Apple Wallet',
  preparing: 'Preparing your pass…',
  failed: 'The pass could not be made just now. Please try again.',
};
