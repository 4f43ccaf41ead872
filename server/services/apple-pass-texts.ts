// What the Apple Wallet routes say to people (kept together so they move into the text catalogue as one).

export const PASS_LINK_EXPIRED_MESSAGE = 'This pass link has expired. Tap "Add to Apple Wallet" again.';
export const PASS_UNAUTHORIZED_MESSAGE = 'This pass cannot be read with that authentication token.';
