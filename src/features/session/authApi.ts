// The /api/auth calls (sign-in, registration, verification, forgot/reset password, Google status), injected into the one api slice.
// Logout is not here: see sessionRevocation.ts.
import { api } from '../../api/apiSlice';
import type {
  CompleteRegistrationRequest,
  CompleteRegistrationResponse,
  ForgotPasswordResponse,
  GoogleSignInStatus,
  LoginRequest,
  LoginResponse,
  RegisterFields,
  RegisterResponse,
  ResendVerificationResponse,
  ResetPasswordResponse,
  VerifyResponse,
} from '../../api/contract/auth';
import type { MeResponse } from '../../api/contract/team';
import { saveKnownDeviceToken } from './knownDevice';

/** What the registration form hands over: the text fields plus the optional menu picture. */
export interface RegisterInput extends RegisterFields {
  menu?: File | null;
}

export interface CompleteRegistrationInput extends CompleteRegistrationRequest {
  /** The e-mail verification token from /verify/{token}. */
  token: string;
}

/** The multipart body of POST /api/auth/register (name … website, the currency when known, optional menu file). */
export function registrationFormData({ menu, ...fields }: RegisterInput): FormData {
  const body = new FormData();
  (Object.keys(fields) as (keyof RegisterFields)[]).forEach((name) => {
    const value = fields[name];
    if (value !== undefined) body.append(name, value);
  });
  if (menu) body.append('menu', menu, menu.name);
  return body;
}

/** A sign-in answer the app can act on: a token and the vendor id to open (anything else is a failure). */
/** What a registration answered beyond success: a menu file left out of the new account, and why. */
export interface RegisterOutcome {
  menuNotAdded: string | null;
}

export function registerOutcome(text: string): RegisterOutcome {
  try {
    const body = JSON.parse(text) as Partial<RegisterResponse> | null;
    return { menuNotAdded: typeof body?.menuNotAdded === 'string' ? body.menuNotAdded : null };
  } catch {
    return { menuNotAdded: null };
  }
}

export function isUsableLoginAnswer(answer: Partial<LoginResponse> | undefined): answer is LoginResponse {
  return typeof answer?.token === 'string' && answer.token !== '' && typeof answer.vendor?._id === 'string' && answer.vendor._id !== '';
}

export interface ResetPasswordInput {
  /** The token from the mailed /reset-password/{token} link. */
  token: string;
  password: string;
}

/** Every answer that signs the vendor in also makes this browser a known device. */
async function keepDeviceToken(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<{ data: { deviceToken?: string } }> }) {
  try {
    saveKnownDeviceToken((await queryFulfilled).data.deviceToken);
  } catch {
    // A refused sign-in leaves the stored token as it was.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/auth/me — who is signed in: name, e-mail, role and saved language (null until they choose). One
     * cache entry for every screen that asks, so a change saved on one (name, language) shows on all.
     */
    getMe: build.query<MeResponse, void>({ query: () => '/auth/me' }),
    /** POST /api/auth/login — the Username field travels as `email`. */
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
      onQueryStarted: keepDeviceToken,
    }),
    /** POST /api/auth/forgot-password — the same 202 answer for any well-formed address. */
    forgotPassword: build.mutation<ForgotPasswordResponse, string>({
      query: (email) => ({ url: '/auth/forgot-password', method: 'POST', body: { email } }),
    }),
    /** GET /api/auth/google/status — whether "Continue with Google" signs in on this server. */
    googleSignInStatus: build.query<GoogleSignInStatus, void>({
      query: () => '/auth/google/status',
    }),
    /** POST /api/auth/resend-verification — the same 202 answer for any well-formed address; mails only an account not verified yet. */
    resendVerification: build.mutation<ResendVerificationResponse, string>({
      query: (email) => ({ url: '/auth/resend-verification', method: 'POST', body: { email } }),
    }),
    /** GET /api/auth/reset-password/{token} — 200 usable, 404 unknown or used, 410 expired. */
    checkResetLink: build.query<{ ok: true }, string>({
      query: (token) => `/auth/reset-password/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/auth/reset-password/{token} — the new password; answers a session like completing registration. */
    resetPassword: build.mutation<ResetPasswordResponse, ResetPasswordInput>({
      query: ({ token, password }) => ({ url: `/auth/reset-password/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      onQueryStarted: keepDeviceToken,
    }),
    /** GET /api/auth/verify/{token} — ok false: expired (a new mail was sent); ok true: verified. */
    verify: build.query<VerifyResponse, string>({
      query: (token) => `/auth/verify/${encodeURIComponent(token)}`,
      // A verification link is opened once; keeping the answer around only risks showing a stale one.
      keepUnusedDataFor: 0,
    }),
    /** POST /api/auth/complete-registration/{token} — sets the password and answers a session token. */
    completeRegistration: build.mutation<CompleteRegistrationResponse, CompleteRegistrationInput>({
      query: ({ token, vendorId, password }) => ({
        url: `/auth/complete-registration/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { vendorId, password },
      }),
      onQueryStarted: keepDeviceToken,
    }),
    /** POST /api/auth/register (multipart); the answer names a menu file the server left out (the account was created without it). */
    register: build.mutation<RegisterOutcome, RegisterInput>({
      query: (input) => ({
        url: '/auth/register',
        method: 'POST',
        body: registrationFormData(input),
        // Read as text: whatever the server sends back can never turn success into a parse error.
        responseHandler: 'text',
      }),
      transformResponse: (text: string): RegisterOutcome => registerOutcome(text),
    }),
  }),
});

export const { useGetMeQuery, useVerifyQuery, useCheckResetLinkQuery, useForgotPasswordMutation, useResendVerificationMutation, useGoogleSignInStatusQuery } = authApi;
