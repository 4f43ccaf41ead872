// The words the server answers about a store's currency (kept together so they move into the catalogue as one).
export const CURRENCY_TEXTS = {
  invalid: 'Currency must be an ISO 4217 currency code such as USD, EUR or GBP.',
} as const;
