// The words of the store's currency in Store Settings (kept together so they move into the catalogue as one).
export const CURRENCY_TEXTS = {
  label: 'Currency',
  placeholder: 'Search by code or name',
  help: 'Menu prices and the campaign budget are shown in this currency.',
  notFound: 'No currency matches',
} as const;
