// The registration, invitation and account forms' refusals in the page's language (Accept-Language): a field the
// schema refuses is named by its label with the rule it broke, never the validator's English words.
import type { TestApp } from '../../helpers';
import { STRONG_PASSWORD, createVendor, freshAddress, invitationTokenFromMail, multipart, registrationFields, signUpVendor, tokenFromMail, withAuthApp } from '../../factories';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
withAuthApp((app) => {
  t = app;
});

const register = (fields: Record<string, string>, acceptLanguage?: string) => {
  const body = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: freshAddress(),
    payload: body.payload,
    headers: { ...body.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
};

async function invitationToken(): Promise<string> {
  const owner = await createVendor(t, { company: 'Bean There' });
  const email = `lea.${Date.now()}@example.test`;
  await t.app.inject({ method: 'POST', url: `/api/team/${owner.id}/invitations`, headers: owner.auth, payload: { email, role: 'staff' } });
  return invitationTokenFromMail(t, email);
}

const acceptInvitation = (token: string, name: string, acceptLanguage: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/accept-invitation/${token}`,
    payload: { name, password: STRONG_PASSWORD },
    remoteAddress: freshAddress(),
    headers: { 'accept-language': acceptLanguage },
  });

describe('form refusals in the page’s language', () => {
  it('refuses a name over 200 characters on registration by its label, in Spanish, and plainly in English', async () => {
    const spanish = await register(registrationFields({ name: 'a'.repeat(201) }), 'es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error).toBe('Nombre: usa como máximo 200 caracteres.');
    const english = await register(registrationFields({ name: 'a'.repeat(201) }));
    expect(english.json().error).toBe('The name is too long: use at most 200 characters.');
  });

  it('says the store name is missing on registration in German', async () => {
    const response = await register(registrationFields({ business: undefined }), 'de');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Name des Geschäfts: Angabe fehlt.');
  });

  it('says an expired verification link has expired in French', async () => {
    const fields = registrationFields();
    await register(fields);
    const vendor = await t.db.kysely.selectFrom('vendors').select('id').where('email_normalized', '=', fields.email).executeTakeFirstOrThrow();
    t.clock.advance(DAY_MS + 1);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/complete-registration/${tokenFromMail(t, fields.email)}`,
      payload: { vendorId: vendor.id, password: STRONG_PASSWORD },
      remoteAddress: freshAddress(),
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Ce lien a expiré. Ouvrez le lien du dernier e-mail que nous vous avons envoyé.');
  });

  it('asks for a name on the invitation page in French, and refuses a long one in Arabic', async () => {
    const token = await invitationToken();
    const blank = await acceptInvitation(token, '   ', 'fr');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Saisissez votre nom.');
    const long = await acceptInvitation(token, 'a'.repeat(201), 'ar');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('الاسم: استخدم 200 حرف على الأكثر.');
  });

  it('says the current password is not right in German on Account Settings', async () => {
    const vendor = await signUpVendor(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not my password at all', password: 'a brand new passphrase' },
      headers: { authorization: `Bearer ${vendor.token}`, 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Das aktuelle Passwort stimmt nicht.');
  });
});
