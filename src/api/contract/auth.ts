// /api/auth: register, verify the e-mail link, set the password, sign in, reset it.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, REGISTRATION_TEXT_MAX_LENGTH, WEBSITE_MAX_LENGTH } from './limits';
import { Id, MessageResponse } from './common';
import { MultilineText, Text } from './text';

const requiredText = (description: string, maxLength = REGISTRATION_TEXT_MAX_LENGTH) => Text({ minLength: 1, maxLength, description });
// Address and opening hours may be typed on several lines (a tab or line break is harmless there).
const requiredMultilineText = (description: string) => MultilineText({ minLength: 1, maxLength: REGISTRATION_TEXT_MAX_LENGTH, description });

/** POST /api/auth/register is multipart: these text fields plus an optional `menu` file (png/jpeg). */
export const RegisterBody = Type.Object(
  {
    name: requiredText('Full name'),
    business: requiredText('Business or company name (stored as the store name)'),
    email: requiredText('E-mail address (unique, case-insensitive)', EMAIL_MAX_LENGTH),
    address: requiredMultilineText('Store address'),
    openingHours: requiredMultilineText('Opening hours, free text'),
    website: Type.Optional(Text({ maxLength: WEBSITE_MAX_LENGTH, description: 'http(s) URL or bare domain; may be empty' })),
    currency: Type.Optional(
      Type.String({
        maxLength: 8,
        description: "The store's currency, an ISO 4217 code (the form sends the one of the browser's region); left out or unknown, the store prices in USD",
      }),
    ),
    // With multipart's keyValues mode a file arrives as a Buffer; its type is checked by content.
    menu: Type.Optional(Type.Unsafe<Buffer | string>({ description: 'Optional menu image: PNG or JPEG file, at most 10 MB' })),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;
/** 201 to POST /api/auth/register: the account exists; a menu file that could not be used is left out, with why. */
export const RegisterResponse = Type.Object({
  ok: Type.Literal(true),
  menuNotAdded: Type.Optional(Type.String({ description: 'Why the menu file was not kept (the account was still created); add the menu later' })),
});
export type RegisterResponse = Static<typeof RegisterResponse>;

/** The text fields the registration form sends (the `menu` file goes beside them). */
export type RegisterFields = Required<Omit<RegisterBody, 'menu' | 'currency'>> & Pick<RegisterBody, 'currency'>;

// Real tokens are 43 characters; Fastify answers 414 for any path parameter over 100.
export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100, description: 'The token from the e-mail link' }) });

/** GET /api/auth/verify/{token}: ok false = expired (a new mail was sent); ok true = verified. */
export const VerifyResponse = Type.Object({ ok: Type.Boolean(), vendorId: Type.Optional(Type.String()) });
export type VerifyResponse = Static<typeof VerifyResponse>;

export const CompleteRegistrationRequest = Type.Object(
  {
    vendorId: Id,
    // The real rule (8–128 characters, not common) is checked in the handler, to answer it in words.
    password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type CompleteRegistrationRequest = Static<typeof CompleteRegistrationRequest>;

export const LoginRequest = Type.Object(
  {
    email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH, description: "The 'Username' field: the account's e-mail address" }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_FIELD_MAX_LENGTH }),
    deviceToken: Type.Optional(Type.String({ maxLength: 2048, description: 'The known-device token this browser got at its last sign-in, if any' })),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

const DeviceToken = Type.String({ description: 'Known-device token: keep it in this browser and send it with the next sign-in' });

export const LoginResponse = Type.Object({ token: Type.String(), vendor: Type.Object({ _id: Type.String() }), deviceToken: DeviceToken });
export type LoginResponse = Static<typeof LoginResponse>;

/** Completing registration, resetting and changing the password all sign the vendor in with this answer. */
export const SessionResponse = Type.Object({
  token: Type.String({ description: 'HS256 JWT with sub (vendor id), exp, jti and gen' }),
  vendorId: Type.String(),
  deviceToken: DeviceToken,
});
export type CompleteRegistrationResponse = Static<typeof SessionResponse>;
/** POST /api/auth/reset-password/{token}: the new password signs the vendor in (as completing registration does). */
export type ResetPasswordResponse = CompleteRegistrationResponse;

export const NewPasswordRequest = Type.Object(
  {
    // The real rule (8–128 characters, not common) is checked in the handler, to answer it in words.
    password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type NewPasswordRequest = Static<typeof NewPasswordRequest>;

export const ChangePasswordRequest = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_FIELD_MAX_LENGTH }), password: Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/** POST /api/auth/forgot-password: always 202 with the same message for a well-formed address. */
export const ForgotPasswordRequest = Type.Object({ email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false });
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;
export const ForgotPasswordResponse = MessageResponse;
export type ForgotPasswordResponse = MessageResponse;

export const SessionInfo = Type.Object({ vendorId: Type.String(), exp: Type.Integer({ description: 'seconds since the epoch' }) });
export type SessionInfo = Static<typeof SessionInfo>;

/** POST /api/auth/resend-verification: always 202 with the same message for a well-formed address. */
export const ResendVerificationRequest = Type.Object({ email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false });
export type ResendVerificationRequest = Static<typeof ResendVerificationRequest>;
export const ResendVerificationResponse = MessageResponse;
export type ResendVerificationResponse = MessageResponse;

/** GET /api/auth/google/status: whether "Continue with Google" signs in (GOOGLE_CLIENT_ID/SECRET configured). */
export const GoogleSignInStatus = Type.Object({ enabled: Type.Boolean() });
export type GoogleSignInStatus = Static<typeof GoogleSignInStatus>;

/** Why a Google sign-in came back to /login without a session (in the `#google-error=` fragment). */
export const GOOGLE_SIGN_IN_ERRORS = ['cancelled', 'unverified-email', 'failed'] as const;
export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];

/** GET /api/auth/google/callback: what the identity provider sends back (all optional: a refusal has only `error`). */
export const GoogleCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
});
