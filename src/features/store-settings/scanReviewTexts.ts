// The texts of checking a menu scan's new items against the menu picture (one module, so they move into the
// message catalogue together).
export const SCAN_REVIEW_TEXTS = {
  heading: 'Check the new items',
  hint: 'Click an item to see where it was read on your menu. Correct a name or price in place, or remove what is not an item.',
  pictureLabel: (page: number, pages: number) => (pages > 1 ? `Your menu, page ${page + 1} of ${pages}` : 'Your menu'),
  zoomIn: 'Zoom in',
  zoomOut: 'Fit to the box',
  pictureLoading: 'Loading the menu picture…',
  noPicture: 'This menu was read from the text of a PDF, so there is no picture to show; the items can still be corrected here.',
  pictureFailed: 'The menu picture could not be loaded; the items can still be corrected here.',
  itemsLabel: 'New items from this menu',
  nameLabel: (name: string) => `Name of ${name}`,
  priceLabel: (name: string) => `Price of ${name}`,
  showLabel: (name: string) => `Show where ${name} was read`,
  outlineLabel: (name: string) => `${name} on the menu`,
  noPlace: 'Read without a place on the picture',
  removeLabel: (name: string) => `Remove ${name}`,
  nameRequired: 'Enter a name.',
  priceInvalid: 'Enter a price such as 4.50, or leave it empty.',
  saveFailed: 'This change could not be saved. Please try again.',
  saveFailedLog: 'Failed to save a menu item correction',
  reviewFailedLog: 'Failed to load the menu scan for review',
} as const;
