// The OpenID Connect client for "Continue with Google" (openid-client): the authorization code flow with PKCE,
// state and nonce, and a verified ID token. The issuer is Google's unless configuration points it elsewhere
// (tests run a fake identity provider on 127.0.0.1).
import type * as OpenIdClient from 'openid-client';
import type { GoogleSignInConfig } from '../config';

/** What the callback must check against: kept by the browser (signed cookie) between start and callback. */
export interface GoogleFlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleIdentity {
  /** The identity provider's stable id of the person. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

export interface GoogleOidc {
  /** The provider's authorization URL for this flow, and the checks to keep for the callback. */
  start(redirectUri: string): Promise<{ url: string; checks: GoogleFlowChecks }>;
  /** Exchanges the code of `callbackUrl` and verifies the ID token (signature, issuer, audience, expiry, nonce, state). */
  finish(callbackUrl: URL, checks: GoogleFlowChecks): Promise<GoogleIdentity>;
}

/**
 * openid-client (with oauth4webapi and jose) loads at the first sign-in with Google, not with the server: most
 * processes that build the app (every API test file) never start one.
 */
const loadOpenIdClient = (): Promise<typeof OpenIdClient> => import('openid-client');

export function createGoogleOidc(config: GoogleSignInConfig): GoogleOidc {
  let discovered: Promise<OpenIdClient.Configuration> | undefined;
  const configuration = (oidc: typeof OpenIdClient): Promise<OpenIdClient.Configuration> => {
    // Plain http only ever means a local fake provider (Google's issuer is https).
    const insecure = new URL(config.issuerUrl).protocol === 'http:';
    discovered ??= oidc
      .discovery(new URL(config.issuerUrl), config.clientId, { client_secret: config.clientSecret }, oidc.ClientSecretPost(config.clientSecret), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        // A provider that was unreachable once is asked again next time.
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const oidc = await loadOpenIdClient();
      const checks: GoogleFlowChecks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(await configuration(oidc), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks) {
      const oidc = await loadOpenIdClient();
      const tokens = await oidc.authorizationCodeGrant(await configuration(oidc), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || claims.email === '') throw new Error('the ID token names no e-mail address');
      return {
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : undefined,
      };
    },
  };
}
