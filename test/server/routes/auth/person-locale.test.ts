// Each person's language: GET/PATCH /api/auth/me, and the account mails written in it (or, for a person who
// never chose, in the language of the page the mail was asked from).
import type { TestApp } from '../../helpers';
import { addTeamMember, freshAddress, multipart, registrationFields, signUpVendor, withAuthApp } from '../../factories';

let t: TestApp;
withAuthApp((app) => {
  t = app;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const chooseLocale = (headers: Record<string, string>, locale: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { locale } });
const forgotPassword = (email: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    remoteAddress: freshAddress(),
  });

describe('PATCH /api/auth/me', () => {
  it('saves the signed-in person’s language: null until they choose, then the one chosen', async () => {
    const owner = await signUpVendor(t);
    expect((await me(bearer(owner.token))).json()).toMatchObject({ vendorId: owner.vendorId, locale: null });

    const saved = await chooseLocale(bearer(owner.token), 'de');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ personId: owner.vendorId, locale: 'de' });
    expect((await me(bearer(owner.token))).json()).toMatchObject({ locale: 'de' });
  });

  it('keeps each person’s language apart: a team member’s choice is not the owner’s', async () => {
    const owner = await signUpVendor(t);
    const staff = await addTeamMember(t, owner.vendorId, 'staff');
    expect((await chooseLocale(staff.auth, 'ar')).statusCode).toBe(200);
    expect((await me(staff.auth)).json()).toMatchObject({ personId: staff.id, locale: 'ar' });
    expect((await me(bearer(owner.token))).json()).toMatchObject({ locale: null });
  });

  it('refuses a language Stampwise does not speak (400) and a request without a session (401)', async () => {
    const owner = await signUpVendor(t);
    expect((await chooseLocale(bearer(owner.token), 'nl')).statusCode).toBe(400);
    expect((await chooseLocale(bearer(owner.token), 'de-DE')).statusCode).toBe(400);
    expect((await chooseLocale({}, 'de')).statusCode).toBe(401);
    expect((await me(bearer(owner.token))).json()).toMatchObject({ locale: null });
  });
});

describe('account mails in the person’s language', () => {
  it('the password reset mail is in the language the person saved, whatever page asked for it', async () => {
    const owner = await signUpVendor(t);
    await chooseLocale(bearer(owner.token), 'de');
    t.mailer.sent.length = 0;
    expect((await forgotPassword(owner.email, 'en-US,en;q=0.9')).statusCode).toBe(202);
    const mail = t.mailer.last();
    expect(mail?.subject).toBe('Setzen Sie Ihr Stampwise-Passwort zurück');
    expect(mail?.text).toContain('Neues Passwort wählen: ');
  });

  it('for a person who never chose, the reset mail is in the language of the page that asked (Accept-Language)', async () => {
    const owner = await signUpVendor(t);
    t.mailer.sent.length = 0;
    await forgotPassword(owner.email, 'fr-FR,fr;q=0.9,en;q=0.5');
    expect(t.mailer.last()?.subject).toBe('Réinitialisez votre mot de passe Stampwise');
  });

  it('without Accept-Language the reset mail stays word for word in English', async () => {
    const owner = await signUpVendor(t);
    t.mailer.sent.length = 0;
    await forgotPassword(owner.email);
    expect(t.mailer.last()?.subject).toBe('Reset your Stampwise password');
  });

  it('registering from a Spanish page sends the verification mail in Spanish', async () => {
    const fields = registrationFields();
    const body = multipart(fields);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshAddress(),
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(response.statusCode).toBe(201);
    const mail = t.mailer.last();
    expect(mail?.to).toBe(fields.email);
    expect(mail?.subject).toBe('Verifica tu dirección de correo para Stampwise');
    expect(mail?.text).toContain(`Hola, ${fields.name}:`);
  });
});
