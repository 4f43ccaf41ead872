// The session token's second home: a cookie the server sets with every answer that signs someone in, and the app
// keeps equal to local storage. A document that starts without the token in local storage takes it from here:
// Chromium under load started a page opened by address right after sign-in with local storage as it was before
// the sign-in's write. The server never accepts the cookie as a credential (requests carry the bearer header),
// so it opens no cross-site request forgery; SameSite=Strict keeps it off requests from other sites anyway.
export const SESSION_COOKIE = 'stampwise_session';
