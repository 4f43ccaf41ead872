// /api/auth: register, verify the e-mail link, set the password, sign in (SPEC.md §7, DESIGN.md §3).
import { processPendingMenuUploads } from '../services/menu';
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge, tooManyRequests, unauthorized, unsupportedMediaType } from '../http-errors';
import {
  MAX_REGISTRATION_MENU_BYTES,
  INVALID_LINK_MESSAGE,
  WEBSITE_MAX_LENGTH,
  checkCredentials,
  checkVerificationLink,
  completeRegistration,
  isValidEmail,
  normalizeWebsite,
  registerVendor,
  sniffRegistrationMenu,
  type RegistrationInput,
} from '../services/accounts';
import { beginLoginAttempt, loginFailed, loginSucceeded, type LoginThrottleRule } from '../services/login-throttle';

/** Sign-in attempts per client address, successful or not. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 20;
/** Failed sign-ins per account (per e-mail address, whether or not it has an account). */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Registrations per client address: each one sends a mail, so this also limits mail bombing. */
export const REGISTRATIONS_PER_ADDRESS = 20;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_FAILURES: LoginThrottleRule = { maxFailures: LOGIN_FAILURES_PER_ACCOUNT, windowMs: THROTTLE_WINDOW_MS };

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';

const TEXT_MAX = 200;

const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { description: 'A human-readable message; `details` name the offending fields of a 400.' },
);

const requiredText = (description: string, maxLength = TEXT_MAX) => Type.String({ minLength: 1, maxLength, description });

const RegisterBody = Type.Object(
  {
    name: requiredText('Full name'),
    business: requiredText('Business or company name (stored as the store name)'),
    email: requiredText('E-mail address (unique, case-insensitive)', 254),
    address: requiredText('Store address'),
    openingHours: requiredText('Opening hours, free text'),
    website: Type.Optional(Type.String({ maxLength: WEBSITE_MAX_LENGTH, description: 'http(s) URL or bare domain; may be empty' })),
    // With multipart's keyValues mode a file arrives as a Buffer; its type is checked by content.
    menu: Type.Optional(Type.Unsafe<Buffer | string>({ description: 'Optional menu image: PNG or JPEG file, at most 10 MB' })),
  },
  { additionalProperties: false },
);
type RegisterBody = Static<typeof RegisterBody>;

// Real tokens are 43 characters; Fastify answers 414 for any path parameter over 100.
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100, description: 'The token from the e-mail link' }) });

const CompleteBody = Type.Object(
  {
    vendorId: Type.String({ minLength: 1, maxLength: 64 }),
    // The real rule (8–128 characters, not common) is checked in the handler, to answer it in words.
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: "The 'Username' field: the account's e-mail address" }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

const SessionResponse = Type.Object({ token: Type.String({ description: 'HS256 JWT with sub (vendor id) and exp' }), vendorId: Type.String() });

// Control characters (NUL above all, which PostgreSQL refuses in text) have no place in a form
// field; tab and line breaks are harmless.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * preValidation: trims the listed string fields, so '  ' is as empty as '' to the schema, and
 * refuses control characters in them with a 400 naming the field.
 */
function cleanTextFields(...names: string[]) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const name of names) {
      const value = body[name];
      if (typeof value !== 'string') continue;
      if (CONTROL_CHARACTERS.test(value)) {
        throw badRequest(`${name} contains characters that are not allowed.`, [{ field: name, message: 'contains control characters' }]);
      }
      body[name] = value.trim();
    }
  };
}

async function requireMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Send the registration as a multipart form (multipart/form-data).');
  }
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/register', {
    config: { rateLimit: { max: REGISTRATIONS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    preValidation: [requireMultipart, cleanTextFields('name', 'business', 'email', 'address', 'openingHours', 'website')],
    schema: {
      tags: ['auth'],
      summary: 'Register a vendor account; mails a verification link',
      description: 'An address that already has an account gets the same answer (and a mail saying so).',
      consumes: ['multipart/form-data'],
      body: RegisterBody,
      response: { 201: Type.Object({ ok: Type.Literal(true) }), 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse },
    },
  }, async (request, reply) => {
    const input = registrationInput(request.body);
    await registerVendor(app.deps, input);
    // The menu is scanned in the background (the worker thread does the OCR); its items are on the
    // vendor's menu by the time they have verified their e-mail.
    if (input.menu) void processPendingMenuUploads(app.deps, request.log);
    return reply.code(201).send({ ok: true });
  });

  app.get('/verify/:token', {
    schema: {
      tags: ['auth'],
      summary: 'Check a verification link',
      description: 'ok true with the vendorId for a valid link; ok false for an expired one (a new link is mailed); 404 for an unknown or used one.',
      params: TokenParams,
      response: {
        200: Type.Object({ ok: Type.Boolean(), vendorId: Type.Optional(Type.String()) }),
        400: ErrorResponse, 404: ErrorResponse,
      },
    },
  }, async (request, reply) => {
    const result = await checkVerificationLink(app.deps, request.params.token);
    if (result.status === 'invalid') return reply.code(404).send({ error: INVALID_LINK_MESSAGE });
    if (result.status === 'expired') return { ok: false };
    return { ok: true, vendorId: result.vendorId };
  });

  app.post('/complete-registration/:token', {
    schema: {
      tags: ['auth'],
      summary: 'Set the password from a verification link and sign in',
      params: TokenParams,
      body: CompleteBody,
      response: { 200: SessionResponse, 400: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
    },
  }, async (request) => completeRegistration(app.deps, request.params.token, request.body.vendorId, request.body.password));

  app.post('/login', {
    config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_ADDRESS, timeWindow: THROTTLE_WINDOW_MS } },
    preValidation: cleanTextFields('email'),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      description: 'Unknown e-mail, unverified account and wrong password all answer the same 401.',
      body: LoginBody,
      response: {
        200: Type.Object({ token: Type.String(), vendor: Type.Object({ _id: Type.String() }) }),
        400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse,
      },
    },
  }, async (request, reply) => {
    // Per account (the address typed, known or not, so a 429 reveals nothing): counted before the
    // password is checked, cleared by the right one; see services/login-throttle.ts.
    const { email, password } = request.body;
    const attempt = await beginLoginAttempt(app.deps, email, ACCOUNT_FAILURES);
    if (!attempt.allowed) {
      const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
      const minutes = Math.ceil(seconds / 60);
      reply.header('retry-after', seconds);
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const vendorId = await checkCredentials(app.deps, email, password);
    if (!vendorId) {
      await loginFailed(app.deps, ACCOUNT_FAILURES);
      throw unauthorized(LOGIN_FAILED_MESSAGE);
    }
    await loginSucceeded(app.deps, email);
    return { token: app.deps.sessions.issue(vendorId), vendor: { _id: vendorId } };
  });

  app.get('/session', {
    preHandler: app.authenticate,
    schema: {
      tags: ['auth'],
      summary: 'The signed-in vendor and when the session token expires',
      security: [{ bearer: [] }],
      response: { 200: Type.Object({ vendorId: Type.String(), exp: Type.Integer({ description: 'seconds since the epoch' }) }), 401: ErrorResponse },
    },
  }, async (request) => {
    // authenticate has already accepted the header; read the expiry from the same token.
    const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const claims = app.deps.sessions.verify(token);
    if (!claims) throw unauthorized();
    return { vendorId: claims.sub, exp: claims.exp };
  });
};

/** The schema has checked shapes and lengths; this checks meaning (e-mail, website, menu file). */
function registrationInput(body: RegisterBody): RegistrationInput {
  if (!isValidEmail(body.email)) {
    throw badRequest('Enter a valid e-mail address.', [{ field: 'email', message: 'is not a valid e-mail address' }]);
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
    menu: registrationMenu(body.menu),
  };
}

function registrationMenu(menu: Buffer | string | undefined): RegistrationInput['menu'] {
  // No file chosen: the field is absent, an empty text field, or an empty file part.
  if (menu === undefined || menu.length === 0) return null;
  if (!Buffer.isBuffer(menu)) throw badRequest('The menu must be sent as a file.', [{ field: 'menu', message: 'must be a file' }]);
  if (menu.length > MAX_REGISTRATION_MENU_BYTES) throw payloadTooLarge('The menu file is too large (10 MB at most).');
  const kind = sniffRegistrationMenu(menu);
  if (!kind) throw unsupportedMediaType('The menu must be a PNG or JPEG image.');
  return { kind, data: menu };
}

export default authRoutes;
