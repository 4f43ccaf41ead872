// Names both sides of the wire must spell alike (a header, server-sent event names) and the claim
// screen's polling pace. Plain constants, no TypeBox import: the client imports them at run time.

/** Header carrying the customer's device credential (never the vendor's bearer token). */
export const CUSTOMER_CREDENTIAL_HEADER = 'X-Customer-Key';
/**
 * Header carrying a phone's link key: a random value the phone keeps, sent when it asks for a wallet sign-in
 * link and when it opens one. A link opens without a question only on the phone that asked for it (its wallet,
 * or this key when it has no wallet yet).
 */
export const CUSTOMER_LINK_KEY_HEADER = 'X-Customer-Link-Key';

/** The live feed's server-sent event name; its data is one `ActivityItem` as JSON. */
export const ACTIVITY_STREAM_EVENT = 'activity';
/** The live feed's event when a code's relay alert appears or changes; its data is `{ code }`. */
export const RELAY_ALERT_STREAM_EVENT = 'relay-alert';
/**
 * The live feed's last event when the session (or counter screen) that opened it has ended; its data is
 * `{ error, reason? }`, `reason` as a refused session's (`SessionEndReason`). The feed closes after it.
 */
export const SESSION_ENDED_STREAM_EVENT = 'session-ended';

/**
 * The live feed's event when the server that holds it changes its mind about its database: `{ database: 'down' }`
 * while it cannot record stamps (every scan through it is refused), `{ database: 'up' }` once it can again.
 * Sent on each change, and as the feed opens when the server already sees the database down.
 */
export const SERVER_STATE_STREAM_EVENT = 'server-state';

/** How often the claim screen asks whether its claim was handed over (the screen changes within 2 s). */
export const CLAIM_POLL_MS = 1000;

/**
 * The `reason` of a 503 answered when the mail server cannot be reached: whatever the request saved stays saved,
 * only its e-mail is missing (a registration sent again re-sends the verification link).
 */
export const MAIL_UNAVAILABLE_REASON = 'mail-unavailable';

/**
 * The `reason` of a 503 answered when the server cannot reach its database (nothing was done): a live feed asked
 * for meanwhile shows "Scans paused" (what its `server-state` event would say) and asks again by itself.
 */
export const DATABASE_UNAVAILABLE_REASON = 'database-unavailable';
