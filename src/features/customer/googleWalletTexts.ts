// The texts of "Add to Google Wallet" (English; kept together so they move into the message catalogue as one).
export const GOOGLE_WALLET_TEXT = {
  add: 'Add to Google Wallet',
  /** Names the store, so a wallet page with several badges reads well in a screen reader. */
  addFor: (company: string) => `Add the ${company} card to Google Wallet`,
  opening: 'Opening Google Wallet…',
} as const;
