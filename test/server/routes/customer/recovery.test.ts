// The customer's profile (GET/PATCH /api/customer/me) and wallet recovery on another device
// (POST /api/customer/recover, POST /api/customer/recover/:token) through a mailed sign-in link.
import { buildTestApp, type TestApp } from '../../helpers';
import { asCustomer, confirmationTokenMailedTo, confirmEmailLink, createStore, newCustomer, newLinkKey, saveConfirmedEmail, setReward, type TestStore, withLinkKey } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t);
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

function patchMe(credential: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload });
}

/** The link key of the new phone that asks for the links here and opens them. */
const NEW_PHONE_KEY = newLinkKey();

function recover(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/customer/recover', headers: withLinkKey(NEW_PHONE_KEY), payload: { email } });
}

function tokenFromLink(link: string | undefined): string {
  const match = /\/wallet\/recover\/([A-Za-z0-9_-]+)$/.exec(link ?? '');
  if (!match) throw new Error(`no recovery link in ${link}`);
  return match[1];
}

describe('PATCH /api/customer/me', () => {
  it('sets, trims and clears the display name; a new e-mail is saved once the link mailed to it is opened', async () => {
    const credential = await newCustomer(t, store.id);
    const set = await patchMe(credential, { displayName: '  Ana ', email: 'Ana@Example.com' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ displayName: 'Ana', email: null, emailConfirmationSentTo: 'Ana@Example.com' });
    const token = confirmationTokenMailedTo(t, 'Ana@Example.com');
    expect(token).toBeDefined();
    expect((await confirmEmailLink(t, token ?? '')).json()).toEqual({ displayName: 'Ana', email: 'Ana@Example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/me', headers: asCustomer(credential) })).json()).toEqual({ displayName: 'Ana', email: 'Ana@Example.com' });

    const cleared = await patchMe(credential, { displayName: '' });
    expect(cleared.json()).toEqual({ displayName: null, email: 'Ana@Example.com', emailConfirmationSentTo: null });
    const noEmail = await patchMe(credential, { email: '' });
    expect(noEmail.json()).toEqual({ displayName: null, email: null, emailConfirmationSentTo: null });
  });

  it('rejects a malformed e-mail and a too long name (400) and changes nothing', async () => {
    const credential = await newCustomer(t, store.id);
    const badEmail = await patchMe(credential, { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details).toEqual([{ field: 'email', message: 'is not a valid e-mail address' }]);
    const longName = await patchMe(credential, { displayName: 'x'.repeat(41) });
    expect(longName.statusCode).toBe(400);
    const unknownField = await patchMe(credential, { isAdmin: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error).toBe('This request does not take the field “isAdmin”.');
    // A field name a form knows is still refused as a field, not as a bad value ("The name is not valid.").
    const nameInsteadOfDisplayName = await patchMe(credential, { name: 'Ana' });
    expect(nameInsteadOfDisplayName.statusCode).toBe(400);
    expect(nameInsteadOfDisplayName.json()).toMatchObject({ error: 'This request does not take the field “name”.', details: [{ field: 'name' }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/me', headers: asCustomer(credential) })).json()).toEqual({ displayName: null, email: null });
  });

  it('answers an e-mail that another wallet uses exactly like a free one, and never attaches it', async () => {
    const first = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, first, 'ana@example.com');
    const second = await newCustomer(t, store.id);
    const response = await patchMe(second, { email: 'ANA@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ displayName: null, email: null, emailConfirmationSentTo: 'ANA@example.com' });
    // The address's owner gets their own sign-in link, not a link that would hand the address over.
    expect(t.mailer.last()?.link).toMatch(/\/wallet\/recover\//);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/me', headers: asCustomer(second) })).json().email).toBeNull();
  });

  it('needs a customer credential (401)', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/customer/me', payload: { displayName: 'x' } })).statusCode).toBe(401);
  });
});

describe('POST /api/customer/recover', () => {
  it('mails a sign-in link to the wallet address', async () => {
    const credential = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, credential, 'ana@example.com');
    t.mailer.sent.length = 0;
    const response = await recover('  ANA@example.com ');
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toMatch(/If this e-mail address belongs to a wallet/);
    const mail = t.mailer.last();
    expect(mail?.to).toBe('ana@example.com');
    expect(mail?.link).toMatch(/^http:\/\/stampwise\.test\/wallet\/recover\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.link);
    // Only the token's hash is stored.
    const rows = await t.db.kysely.selectFrom('customer_recovery_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(tokenFromLink(mail?.link));
  });

  it('writes the sign-in mail in the language of the page it was asked from (Accept-Language), English by default', async () => {
    const credential = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, credential, 'lea@example.com');
    t.mailer.sent.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/customer/recover', headers: { 'accept-language': 'fr' }, payload: { email: 'lea@example.com' } });
    expect(t.mailer.last()?.subject).toBe('Vos cartes de fidélité Stampwise\u00a0: lien de connexion');
    expect(t.mailer.last()?.text).toContain('Ouvrir mes cartes: ');
    await t.app.inject({ method: 'POST', url: '/api/customer/recover', headers: { 'accept-language': 'nl' }, payload: { email: 'lea@example.com' } });
    expect(t.mailer.sent.map((mail) => mail.subject).at(-1)).toMatch(/^(Your Stampwise stamp cards: sign-in link|Vos cartes)/);
  });

  it("answers in the page's language: the link's request, a used sign-in link and a used confirmation link (French page)", async () => {
    const credential = await newCustomer(t, store.id);
    await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { email: 'lea@example.com' } });
    const confirmation = confirmationTokenMailedTo(t, 'lea@example.com') ?? '';
    expect((await confirmEmailLink(t, confirmation)).statusCode).toBe(200);
    const french = { 'accept-language': 'fr' };
    const usedConfirmation = await t.app.inject({ method: 'POST', url: `/api/customer/email/${confirmation}`, headers: french });
    expect(usedConfirmation.statusCode).toBe(410);
    expect(usedConfirmation.json().error).toBe(
      'Ce lien de confirmation n’est pas valable. Il a peut-être déjà servi ou expiré\u00a0: enregistrez à nouveau votre e-mail pour en recevoir un nouveau.',
    );

    const asked = await t.app.inject({ method: 'POST', url: '/api/customer/recover', headers: { ...french, ...withLinkKey(NEW_PHONE_KEY) }, payload: { email: 'lea@example.com' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(
      'Si des cartes de fidélité sont enregistrées avec cette adresse e-mail, nous lui avons envoyé un lien de connexion. Il ne marche qu’une fois, pendant une heure.',
    );
    const token = tokenFromLink(t.mailer.last()?.link);
    expect((await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: withLinkKey(NEW_PHONE_KEY) })).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: { ...french, ...withLinkKey(NEW_PHONE_KEY) } });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toBe('Ce lien de connexion n’est pas valable. Il a peut-être déjà servi\u00a0: demandez-en un nouveau.');
    const madeUp = await t.app.inject({ method: 'POST', url: '/api/customer/recover/not-a-link', headers: french });
    expect(madeUp.json().error).toBe('Ce lien de connexion n’est pas valable. Il a peut-être déjà servi\u00a0: demandez-en un nouveau.');
  });

  it('writes the sign-in mail in each of the five languages, no English sentence left, Arabic right to left', async () => {
    const credential = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, credential, 'lea@example.com');
    const mailIn = async (language: string) => {
      t.clock.advance(2 * 60_000);
      await t.app.inject({ method: 'POST', url: '/api/customer/recover', headers: { 'accept-language': language }, payload: { email: 'lea@example.com' } });
      const mail = t.mailer.last();
      if (!mail) throw new Error(`no mail in ${language}`);
      return mail;
    };
    const english = await mailIn('en');
    const englishParagraphs = english.text.split('\n\n').filter((paragraph) => /[a-z]{3}/.test(paragraph) && !paragraph.startsWith('— '));
    for (const language of ['es', 'fr', 'de', 'ar']) {
      const mail = await mailIn(language);
      expect(mail.subject).not.toBe(english.subject);
      for (const paragraph of englishParagraphs) expect(mail.text).not.toContain(paragraph.split(':')[0]);
      expect(mail.html).toContain(language === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
    }
  });

  it('answers the same 202 for an address no wallet uses, and sends nothing (no account discovery)', async () => {
    const response = await recover('nobody@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toMatch(/If this e-mail address belongs to a wallet/);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('sends at most one mail a minute per wallet', async () => {
    const credential = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, credential, 'ana@example.com');
    t.mailer.sent.length = 0;
    await recover('ana@example.com');
    await recover('ana@example.com');
    expect(t.mailer.sent).toHaveLength(1);
    t.clock.advance(60 * 1000);
    await recover('ana@example.com');
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('rejects a malformed address (400)', async () => {
    expect((await recover('nope')).statusCode).toBe(400);
  });
});

describe('POST /api/customer/recover/:token', () => {
  it('gives the new device its own credential to the same wallet, once', async () => {
    const oldPhone = await newCustomer(t, store.id);
    await patchMe(oldPhone, { displayName: 'Ana' });
    await saveConfirmedEmail(t, oldPhone, 'ana@example.com');
    await recover('ana@example.com');
    const token = tokenFromLink(t.mailer.last()?.link);

    const response = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: withLinkKey(NEW_PHONE_KEY) });
    expect(response.statusCode).toBe(200);
    const { credential: newPhone, profile } = response.json();
    expect(newPhone).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newPhone).not.toBe(oldPhone);
    expect(profile).toEqual({ displayName: 'Ana', email: 'ana@example.com' });

    const cards = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(newPhone) })).json().cards;
    expect(cards).toHaveLength(1);
    expect(cards[0].stamps).toBe(1);
    // The old phone keeps working too.
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(oldPhone) })).statusCode).toBe(200);

    const reused = await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: withLinkKey(NEW_PHONE_KEY) });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toBe('This sign-in link is not valid. It may have been used already — ask for a new one.');
  });

  it('refuses a link older than an hour (410) and a made-up one (404)', async () => {
    const credential = await newCustomer(t, store.id);
    await saveConfirmedEmail(t, credential, 'ana@example.com');
    await recover('ana@example.com');
    const token = tokenFromLink(t.mailer.last()?.link);
    t.clock.advance(60 * 60 * 1000);
    expect((await t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}`, headers: withLinkKey(NEW_PHONE_KEY) })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer/recover/made-up' })).statusCode).toBe(404);
  });
});
