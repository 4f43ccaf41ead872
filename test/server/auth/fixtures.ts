// Test data and request helpers for the /api/auth suites: multipart bodies, sign-up in one call.
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers';

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so tests control every byte (names, types, sizes). */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----stampwise${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0 marker): enough for content sniffing. */
/** A real 2×2 white JPEG (the scanner decodes it, not only its magic bytes). */
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
  'base64',
);

let counter = 0;
export function uniqueEmail(): string {
  counter += 1;
  return `owner${counter}-${crypto.randomBytes(3).toString('hex')}@cafe.example`;
}

export function registrationFields(overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    name: 'Ada Baker',
    business: 'Corner Café',
    email: uniqueEmail(),
    address: '1 Main Street, Springfield',
    openingHours: 'Mon–Fri 7:00–17:00',
    website: 'https://corner-cafe.example',
    ...overrides,
  };
  // `undefined` in overrides means "leave this field out".
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

let addressCounter = 0;
/** A client address not used before in this run, so per-address throttling only applies where a test wants it. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 62500) % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/**
 * The set-up the auth suites share: one app for the whole file (slow to build, above all on
 * PostgreSQL), emptied and rewound before each test. `use` receives the app once it is built.
 */
export function withAuthApp(use: (t: TestApp) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    use(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    if (t) await resetAuthData(t);
  });
}

/** Where buildTestApp's clock starts. */
export const START_TIME = Date.parse('2026-11-22T10:00:00Z');

/**
 * Empties what the auth suites write and rewinds the clock and the captured mail, so one app
 * (slow to build, above all on PostgreSQL) can serve a whole file of independent tests.
 */
export async function resetAuthData(t: TestApp): Promise<void> {
  await t.db.kysely.deleteFrom('menu_uploads').execute();
  await t.db.kysely.deleteFrom('email_tokens').execute();
  await t.db.kysely.deleteFrom('vendors').execute();
  await t.db.kysely.deleteFrom('login_failures').execute();
  t.mailer.sent.length = 0;
  t.clock.set(START_TIME);
}

export async function postRegister(
  t: TestApp,
  fields: Record<string, string>,
  files: FilePart[] = [],
  remoteAddress = freshAddress(),
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, ...body });
}

/** The token in the newest mail's /verify/<token> link to `to`. */
export function tokenFromMail(t: TestApp, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
  const match = mail?.link ? /\/verify\/([^/?#]+)$/.exec(mail.link) : null;
  if (!match) throw new Error(`no verification link mailed to ${to}`);
  return match[1];
}

export const STRONG_PASSWORD = 'Flat white at 7, please!';

export interface SignedUpVendor {
  vendorId: string;
  email: string;
  password: string;
  token: string;
}

/** Register, open the link and set a password, all through the API. */
export async function signUpVendor(t: TestApp, fields: Partial<Record<string, string>> = {}, password = STRONG_PASSWORD): Promise<SignedUpVendor> {
  const registration = registrationFields(fields);
  const registered = await postRegister(t, registration);
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const linkToken = tokenFromMail(t, registration.email);
  // From their own address, as a vendor's browser would: link routes are throttled per address.
  const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${linkToken}`, remoteAddress: freshAddress() });
  const vendorId = (verified.json() as { vendorId: string }).vendorId;
  const completed = await t.app.inject({
    method: 'POST',
    url: `/api/auth/complete-registration/${linkToken}`,
    payload: { vendorId, password },
    remoteAddress: freshAddress(),
  });
  if (completed.statusCode !== 200) throw new Error(`complete-registration answered ${completed.statusCode}: ${completed.body}`);
  return { vendorId, email: registration.email, password, token: (completed.json() as { token: string }).token };
}

export function login(t: TestApp, email: string, password: string, remoteAddress = freshAddress()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}
