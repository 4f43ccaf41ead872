// /api/auth: register, verify the e-mail link, set the password, sign in.
import { processPendingMenuUploads } from '../services/menu/pending-uploads';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordRequest,
  CompleteRegistrationRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginResponse,
  NewPasswordRequest,
  RegisterBody,
  RegisterResponse,
  ResendVerificationRequest,
  ResendVerificationResponse,
  SessionInfo,
  SessionResponse,
  TokenParams,
  VerifyResponse,
} from '../../src/api/contract/auth';
import { ErrorBody, Ok } from '../../src/api/contract/common';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, payloadTooLarge, textError, tooManyRequests, unauthorized, unsupportedMediaType } from '../http-errors';
import {
  MAX_REGISTRATION_MENU_BYTES,
  INVALID_LINK_MESSAGE,
  checkCredentials,
  checkVerificationLink,
  completeRegistration,
  isValidEmail,
  normalizeWebsite,
  registerVendor,
  requestVerificationLink,
  sniffRegistrationMenu,
  VERIFICATION_LINK_REQUESTED_MESSAGE,
  type RegistrationInput,
} from '../services/accounts';
import { checkUpload } from '../services/uploads';
import { trimName } from '../services/plain-text';
import { accountKey, beginLoginAttempt, loginFailed, loginSucceeded, type LoginThrottleRule } from '../services/login-throttle';
import { createKnownDevices, knownDeviceThrottleKey } from '../services/known-devices';
import { changePassword, checkResetLink, requestPasswordReset, resetPassword } from '../services/password-reset';
import { endSession } from '../services/sessions';
import { mailAfterAnswer } from '../services/mail-after-answer';
import { acceptInvitation, changeMemberPassword, openInvitation, signOutEverywhere, whoIsSignedIn } from '../services/team';
import { AcceptInvitationRequest, AcceptInvitationResponse, InvitationInfo, MeResponse } from '../../src/api/contract/team';
import multipartForms from '../plugins/multipart-forms';
import { localeOfAcceptLanguage, text } from '../infra/texts';
import { isCurrencyCode } from '../services/store-currency';
import { ChoosePersonLocaleRequest } from '../../src/api/contract/person-locale';
import { choosePersonLocale } from '../services/person-locale';
import type { Locale } from '../../src/api/contract/locales';
import { named } from '../plugins/plugin-name';
import { rateLimitKey } from '../infra/client-network';

/** The language of the page a request comes from (the SPA sends it as Accept-Language): mails it causes are written in it. */
const pageLocaleOf = (request: FastifyRequest): Locale => localeOfAcceptLanguage(request.headers['accept-language']);
/**
 * For the routes that answer the same whether or not an account uses the address: their mail goes out after
 * the answer (see mail-after-answer.ts), and a send that fails is logged, since no answer can say so.
 */
const mailFailed = (request: FastifyRequest) => (error: unknown) => request.log.warn({ err: error }, 'account mail not sent');

/** Sign-in attempts per client address, successful or not. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 20;
/** Failed sign-ins per account (per e-mail address, whether or not it has an account). */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Registrations per client address: each one sends a mail, so this also limits mail bombing. */
export const REGISTRATIONS_PER_ADDRESS = 20;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failed sign-ins per known device (a browser that signed in to this account before): its own
 * budget, untouched by strangers' failures on the account (see services/known-devices.ts).
 */
export const LOGIN_FAILURES_PER_KNOWN_DEVICE = 5;
/** Verification, completion and reset links opened per client address: tokens cannot be guessed at speed. */
export const LINK_ATTEMPTS_PER_ADDRESS = 20;
/** "Forgot password?" requests per client address: each one may send a mail. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
/** "Send a new verification link" requests per client address: each one may send a mail. */
export const VERIFICATION_LINK_REQUESTS_PER_ADDRESS = 5;
/** Password changes per signed-in vendor: a stolen session cannot guess the current password at speed. */
export const PASSWORD_CHANGES_PER_VENDOR = 5;
const ACCOUNT_FAILURES: LoginThrottleRule = { maxFailures: LOGIN_FAILURES_PER_ACCOUNT, windowMs: THROTTLE_WINDOW_MS };
const KNOWN_DEVICE_FAILURES: LoginThrottleRule = { maxFailures: LOGIN_FAILURES_PER_KNOWN_DEVICE, windowMs: THROTTLE_WINDOW_MS };
const LINK_THROTTLE = { rateLimit: { max: LINK_ATTEMPTS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } };

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';

const REGISTRATION_MENU_KINDS = ['png', 'jpeg'] as const;

/**
 * The registration form's limits (as the app-wide ones, one file). @fastify/multipart reads
 * `throwFileSizeLimit` from route options too, though busboy's type does not list it.
 */
const REGISTRATION_MULTIPART = (() => {
  const options = { limits: { fileSize: MAX_REGISTRATION_MENU_BYTES + 1, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24 }, throwFileSizeLimit: false };
  return options;
})();

/**
 * preValidation: trims the listed string fields of whitespace and of invisible characters at their ends
 * (trimName), so '  ' or a zero-width space is as empty as '' to the schema (which refuses control
 * characters in them: see src/api/contract/text.ts).
 */
function trimTextFields(...names: string[]) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const name of names) {
      const value = body[name];
      if (typeof value === 'string') body[name] = trimName(value);
    }
  };
}

async function requireMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Send the registration as a multipart form (multipart/form-data).');
  }
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registration is the one multipart route here: @fastify/multipart's hooks run on it alone.
  const registration: FastifyPluginAsyncTypebox = async (formRoutes) => {
    await formRoutes.register(multipartForms);

    formRoutes.post('/register', {
      config: {
        access: 'public',
        rateLimit: { max: REGISTRATIONS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS },
        // A menu over the limit arrives cut one byte past it (not refused by the parser), so the handler
        // can leave it out and still create the account.
        multipartOptions: REGISTRATION_MULTIPART,
      },
      preValidation: [requireMultipart, trimTextFields('name', 'business', 'email', 'address', 'openingHours', 'website')],
      schema: {
        tags: ['auth'],
        summary: 'Register a vendor account; mails a verification link',
        description: 'An address that already has an account gets the same answer (and a mail saying so).',
        consumes: ['multipart/form-data'],
        body: RegisterBody,
        response: { 201: RegisterResponse, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
      },
    }, async (request, reply) => {
      const { menuNotAdded, ...input } = await registrationInput(request.body);
      await registerVendor(app.deps, input, pageLocaleOf(request));
      // The menu is scanned in the background (the worker thread does the OCR); its items are on the
      // vendor's menu by the time they have verified their e-mail.
      if (input.menu) void processPendingMenuUploads(app.deps, request.log);
      return reply.code(201).send(menuNotAdded ? { ok: true, menuNotAdded } : { ok: true });
    });
  };
  await app.register(named(registration));

  const knownDevices = createKnownDevices(app.deps.secret, app.deps.now);

  app.get('/verify/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Check a verification link',
      description: 'ok true with the vendorId for a valid link; ok false for an expired one (a new link is mailed); 404 for an unknown or used one.',
      params: TokenParams,
      response: {
        200: VerifyResponse,
        400: ErrorBody, 404: ErrorBody, 429: ErrorBody,
      },
    },
  }, async (request, reply) => {
    const result = await checkVerificationLink(app.deps, request.params.token, pageLocaleOf(request));
    if (result.status === 'invalid') return reply.code(404).send({ error: INVALID_LINK_MESSAGE });
    if (result.status === 'expired') return { ok: false };
    return { ok: true, vendorId: result.vendorId };
  });

  app.post('/complete-registration/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Set the password from a verification link and sign in',
      params: TokenParams,
      body: CompleteRegistrationRequest,
      response: { 200: SessionResponse, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const session = await completeRegistration(app.deps, request.params.token, request.body.vendorId, request.body.password);
    return { token: session.token, vendorId: session.vendorId, deviceToken: knownDevices.issue(session.email) };
  });

  app.post('/login', {
    config: { access: 'public', rateLimit: { max: LOGIN_ATTEMPTS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    preValidation: trimTextFields('email'),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      description:
        'Unknown e-mail, unverified account and wrong password all answer the same 401. Failures count per account ' +
        `(${LOGIN_FAILURES_PER_ACCOUNT} per 15 minutes), except with a valid deviceToken for the account: then they count ` +
        `against that browser alone (${LOGIN_FAILURES_PER_KNOWN_DEVICE} per 15 minutes).`,
      body: LoginRequest,
      response: {
        200: LoginResponse,
        400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody,
      },
    },
  }, async (request, reply) => {
    // Per account (the address typed, known or not, so a 429 reveals nothing): counted before the
    // password is checked, cleared by the right one; see services/login-throttle.ts.
    // A browser that signed in to this account before counts its failures apart (OWASP "device cookies").
    const { email, password, deviceToken } = request.body;
    const deviceId = knownDevices.deviceFor(deviceToken, email);
    const throttleKey = deviceId ? knownDeviceThrottleKey(deviceId) : accountKey(email);
    const rule = deviceId ? KNOWN_DEVICE_FAILURES : ACCOUNT_FAILURES;
    const attempt = await beginLoginAttempt(app.deps, throttleKey, rule);
    if (!attempt.allowed) {
      const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
      const minutes = Math.ceil(seconds / 60);
      reply.header('retry-after', seconds);
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const identity = await checkCredentials(app.deps, email, password);
    if (!identity) {
      await loginFailed(app.deps, rule);
      throw unauthorized(LOGIN_FAILED_MESSAGE);
    }
    await loginSucceeded(app.deps, throttleKey);
    const { vendorId, personId, role, generation } = identity;
    const token = app.deps.sessions.issue(vendorId, generation, { id: personId, role });
    return { token, vendor: { _id: vendorId }, deviceToken: knownDevices.issue(email) };
  });

  app.post('/logout', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'End this session: its token is refused from now on, on every server',
      security: [{ bearer: [] }],
      response: { 204: Type.Null(), 401: ErrorBody },
    },
  }, async (request, reply) => {
    if (request.session) await endSession(app.deps, request.session);
    return reply.code(204).send(null);
  });

  app.post('/forgot-password', {
    config: { access: 'public', rateLimit: { max: RESET_REQUESTS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    preValidation: trimTextFields('email'),
    schema: {
      tags: ['auth'],
      summary: 'Mail a link to choose a new password',
      description: 'Always 202 for a well-formed address, whether or not an account uses it. The link works once, for 1 hour.',
      body: ForgotPasswordRequest,
      response: { 202: ForgotPasswordResponse, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    await requestPasswordReset(mailAfterAnswer(app.deps, mailFailed(request)), request.body.email, pageLocaleOf(request));
    return reply.code(202).send({ message: text(pageLocaleOf(request), 'commonRefusals.resetRequested') });
  });

  app.post('/resend-verification', {
    config: { access: 'public', rateLimit: { max: VERIFICATION_LINK_REQUESTS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    preValidation: trimTextFields('email'),
    schema: {
      tags: ['auth'],
      summary: 'Mail a new verification link to an account not verified yet',
      description:
        'Always 202 with the same message for a well-formed address, whether or not an account uses it or is verified. ' +
        `At most 3 verification mails per account per 15 minutes; ${VERIFICATION_LINK_REQUESTS_PER_ADDRESS} requests per client address per 15 minutes.`,
      body: ResendVerificationRequest,
      response: { 202: ResendVerificationResponse, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    if (!isValidEmail(request.body.email)) {
      throw textError(400, 'commonRefusals.invalidEmail', undefined, [{ field: 'email', message: 'is not a valid e-mail address' }]);
    }
    await requestVerificationLink(mailAfterAnswer(app.deps, mailFailed(request)), request.body.email, pageLocaleOf(request));
    return reply.code(202).send({ message: VERIFICATION_LINK_REQUESTED_MESSAGE });
  });

  app.get('/reset-password/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Check a password-reset link',
      description: '200 for a usable link; 404 for an unknown or used one; 410 for an expired one.',
      params: TokenParams,
      response: { 200: Ok, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    await checkResetLink(app.deps, request.params.token);
    return { ok: true as const };
  });

  app.post('/reset-password/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Choose a new password from a reset link and sign in',
      description: 'Same rule as completing registration. Ends every other session of the vendor.',
      params: TokenParams,
      body: NewPasswordRequest,
      response: { 200: SessionResponse, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const session = await resetPassword(app.deps, request.params.token, request.body.password);
    return { token: session.token, vendorId: session.vendorId, deviceToken: knownDevices.issue(session.email) };
  });

  app.post('/change-password', {
    // The access check runs first (onRequest), so the rate limit's key below has the vendor.
    config: {
      access: 'signed-in',
      rateLimit: {
        max: PASSWORD_CHANGES_PER_VENDOR,
        timeWindow: THROTTLE_WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `change-password:${request.session?.pid ?? request.vendorId ?? rateLimitKey(request.ip)}`,
      },
    },
    schema: {
      tags: ['auth'],
      summary: 'Change the password (the current one is needed); ends every other session',
      security: [{ bearer: [] }],
      body: ChangePasswordRequest,
      response: { 200: SessionResponse, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const principal = request.principal;
    // A team member's password is their own; the owner's is the vendor account's.
    const session = principal?.kind === 'person' && principal.personId !== principal.vendorId
      ? await changeMemberPassword(app.deps, principal.vendorId, principal.personId, request.body.currentPassword, request.body.password)
      : await changePassword(app.deps, request.vendorId ?? '', request.body.currentPassword, request.body.password);
    return { token: session.token, vendorId: session.vendorId, deviceToken: knownDevices.issue(session.email) };
  });

  app.get('/invitation/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    schema: {
      tags: ['auth'],
      summary: 'Check an invitation link: the store, the role and the address invited',
      description: '404 for an unknown or used link; 410 for an expired one.',
      params: TokenParams,
      response: { 200: InvitationInfo, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const { email, role, storeName } = await openInvitation(app.deps, request.params.token);
    return { email, role, storeName };
  });

  app.post('/accept-invitation/:token', {
    config: { access: 'public', ...LINK_THROTTLE },
    preValidation: trimTextFields('name'),
    schema: {
      tags: ['auth'],
      summary: 'Join a team from an invitation link: choose a name and password, and sign in',
      description: 'The link works once. The password follows the registration rule; afterwards the person signs in on /login with the invited address.',
      params: TokenParams,
      body: AcceptInvitationRequest,
      response: { 200: AcceptInvitationResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const session = await acceptInvitation(app.deps, request.params.token, request.body.name, request.body.password);
    return { token: session.token, vendorId: session.vendorId };
  });

  app.post('/sign-out-everywhere', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: "End every session of the signed-in person, this one included (the store's other people stay signed in)",
      security: [{ bearer: [] }],
      response: { 204: Type.Null(), 401: ErrorBody },
    },
  }, async (request, reply) => {
    const principal = request.principal;
    if (principal?.kind !== 'person') throw unauthorized();
    await signOutEverywhere(app.deps, principal.vendorId, principal.personId);
    return reply.code(204).send(null);
  });

  app.get('/me', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'Who is signed in: the store, the person, their role, name and e-mail',
      security: [{ bearer: [] }],
      response: { 200: MeResponse, 401: ErrorBody },
    },
  }, async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'person') throw unauthorized();
    return whoIsSignedIn(app.deps, principal.vendorId, principal.personId, principal.role);
  });

  app.patch('/me', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: "Save the signed-in person's language: the app opens in it after they sign in anywhere, and their mails are written in it",
      security: [{ bearer: [] }],
      body: ChoosePersonLocaleRequest,
      response: { 200: MeResponse, 400: ErrorBody, 401: ErrorBody },
    },
  }, async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'person') throw unauthorized();
    await choosePersonLocale(app.deps, principal.vendorId, principal.personId, request.body.locale);
    return whoIsSignedIn(app.deps, principal.vendorId, principal.personId, principal.role);
  });

  app.get('/session', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in vendor and when the session token expires',
      security: [{ bearer: [] }],
      response: { 200: SessionInfo, 401: ErrorBody },
    },
  }, async (request) => {
    // authenticate has already accepted the header; read the expiry from the same token.
    const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const claims = app.deps.sessions.verify(token);
    if (!claims) throw unauthorized();
    return { vendorId: claims.sub, exp: claims.exp };
  });
};

/**
 * The schema has checked shapes and lengths; this checks meaning (e-mail, website, menu file). The menu is
 * optional: a file that cannot be used never blocks the account; it is left out and the reason answered,
 * so the owner hears that the menu can be added later.
 */
async function registrationInput(body: RegisterBody): Promise<RegistrationInput & { menuNotAdded?: string }> {
  if (!isValidEmail(body.email)) {
    throw textError(400, 'commonRefusals.invalidEmail', undefined, [{ field: 'email', message: 'is not a valid e-mail address' }]);
  }
  const website = normalizeWebsite(body.website ?? '');
  if (website === undefined) {
    throw badRequest('Enter the website as a web address, like https://yourcafe.com.', [{ field: 'website', message: 'is not a web address' }]);
  }
  return {
    name: body.name,
    business: body.business,
    email: body.email,
    address: body.address,
    openingHours: body.openingHours,
    website,
    // The form sends its browser's region's currency, a guess the person never saw: one the server does not
    // know leaves the store in dollars rather than refusing the sign-up (Store Settings changes it).
    currency: body.currency !== undefined && isCurrencyCode(body.currency.trim().toUpperCase()) ? body.currency.trim().toUpperCase() : null,
    ...(await optionalRegistrationMenu(body.menu)),
  };
}

async function optionalRegistrationMenu(menu: Buffer | string | undefined): Promise<{ menu: RegistrationInput['menu']; menuNotAdded?: string }> {
  try {
    return { menu: await registrationMenu(menu) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { menu: null, menuNotAdded: error.message };
  }
}

async function registrationMenu(menu: Buffer | string | undefined): Promise<RegistrationInput['menu']> {
  // No file chosen: the field is absent, an empty text field, or an empty file part.
  if (menu === undefined || menu.length === 0) return null;
  if (!Buffer.isBuffer(menu)) throw badRequest('The menu must be sent as a file.', [{ field: 'menu', message: 'must be a file' }]);
  if (menu.length > MAX_REGISTRATION_MENU_BYTES) throw payloadTooLarge('The menu file is too large (10 MB at most).');
  const kind = sniffRegistrationMenu(menu);
  if (!kind) throw unsupportedMediaType('The menu must be a PNG or JPEG image.');
  // Decoded now, header first: a decompression bomb or a truncated image is refused here (413/400),
  // not accepted and left for the background scan to trip over.
  await checkUpload(menu, { field: 'menu', label: 'The menu', accepted: REGISTRATION_MENU_KINDS, maxBytes: MAX_REGISTRATION_MENU_BYTES });
  return { kind, data: menu };
}

export default named(authRoutes);
