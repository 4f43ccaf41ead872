// /api/auth/google: "Continue with Google" (OpenID Connect, authorization code flow with PKCE). The browser goes to
// /start, which sends it to Google with a signed, HttpOnly cookie holding the flow's state, nonce and PKCE verifier;
// Google sends it back to /callback, which checks them, signs the owner in (or registers them) and hands the
// session to the app in the URL fragment of /login (a fragment never reaches a server or a Referer header).
// Without GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET, /status says so and the app's button only logs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { GoogleCallbackQuery, GoogleSignInStatus, type GoogleSignInError } from '../../src/api/contract/auth';
import { ErrorBody } from '../../src/api/contract/common';
import { notFound } from '../http-errors';
import { createGoogleOidc, type GoogleFlowChecks } from '../infra/google-oidc';
import { openCookieValue, readCookie, sealCookieValue } from '../infra/signed-cookie';
import { deriveKey } from '../infra/secret';
import { signInWithGoogle } from '../services/google-sign-in';
import { named } from '../plugins/plugin-name';

export const GOOGLE_FLOW_COOKIE = 'sw_google_flow';
/** Time to choose an account at Google and come back. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60 * 1000;
/** Sign-in flows started per client address: each one costs a discovery and a token request. */
export const GOOGLE_FLOWS_PER_ADDRESS = 30;
const THROTTLE = { rateLimit: { max: GOOGLE_FLOWS_PER_ADDRESS, timeWindow: 15 * 60 * 1000 } };
const COOKIE_PATH = '/api/auth/google';

function isFlowChecks(value: unknown): value is GoogleFlowChecks {
  const checks = value as Partial<GoogleFlowChecks> | null;
  return typeof checks?.state === 'string' && typeof checks.nonce === 'string' && typeof checks.codeVerifier === 'string';
}

const googleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.deps.config.google;
  const google = settings ? createGoogleOidc(settings) : null;
  const cookieKey = deriveKey(app.deps.secret, 'google-sign-in');
  const secure = app.deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const redirectUri = `${app.deps.config.publicUrl}${COOKIE_PATH}/callback`;

  // SameSite=Lax: the cookie must come along on Google's top-level redirect back to us, and on nothing cross-site else.
  const flowCookie = (value: string, maxAgeSeconds: number) =>
    `${GOOGLE_FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
  const backToLogin = (reply: FastifyReply, fragment: string) =>
    reply.header('set-cookie', flowCookie('', 0)).header('cache-control', 'no-store').redirect(`/login#${fragment}`, 302);
  const failed = (reply: FastifyReply, why: GoogleSignInError) => backToLogin(reply, `google-error=${why}`);

  app.get('/status', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Whether "Continue with Google" is configured',
      response: { 200: GoogleSignInStatus },
    },
  }, async () => ({ enabled: google !== null }));

  app.get('/start', {
    config: { access: 'public', ...THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Start signing in with Google (a redirect to Google)',
      response: { 404: ErrorBody, 429: ErrorBody },
    },
  }, async (_request, reply) => {
    if (!google) throw notFound('Google sign-in is not configured on this server.');
    const { url, checks } = await google.start(redirectUri);
    const sealed = sealCookieValue(cookieKey, checks, app.deps.now() + GOOGLE_FLOW_TTL_MS);
    return reply.header('set-cookie', flowCookie(sealed, GOOGLE_FLOW_TTL_MS / 1000)).header('cache-control', 'no-store').redirect(url, 302);
  });

  app.get('/callback', {
    config: { access: 'public', ...THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Where Google sends the browser back: signs in or registers, then redirects to /login',
      description:
        'Redirects to /login#google-session=<session token> on success, or /login#google-error=cancelled|unverified-email|failed. ' +
        'Only an e-mail address Google has verified opens an account or makes one.',
      querystring: GoogleCallbackQuery,
      response: { 404: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    if (!google) throw notFound('Google sign-in is not configured on this server.');
    if (request.query.error) return failed(reply, 'cancelled');
    const checks = openCookieValue(cookieKey, readCookie(request.headers.cookie, GOOGLE_FLOW_COOKIE), app.deps.now());
    if (!isFlowChecks(checks)) return failed(reply, 'failed');
    let identity;
    try {
      identity = await google.finish(new URL(request.url, app.deps.config.publicUrl), checks);
    } catch (error) {
      // A wrong state or nonce, a bad signature, a replayed code, or the provider unreachable: no session.
      request.log.warn({ err: error }, 'Google sign-in refused');
      return failed(reply, 'failed');
    }
    const result = await signInWithGoogle(app.deps, identity);
    if (result.status === 'unverified-email') return failed(reply, 'unverified-email');
    return backToLogin(reply, `google-session=${encodeURIComponent(result.token)}`);
  });
};

export default named(googleRoutes);
