// /api/customer under attack: control characters in the profile, e-mail squatting and enumeration,
// throttled confirmation and recovery links, malformed bodies.
import { buildTestApp, type TestApp } from '../helpers';
import {
  asCustomer,
  confirmationTokenMailedTo,
  confirmEmailLink,
  createStore,
  freshCustomerAddress,
  newCustomer,
  newLinkKey,
  saveConfirmedEmail,
  setReward,
  type TestStore,
  withLinkKey,
} from '../factories';
import { CONTROL_CHARACTERS, MALFORMED_JSON, codePoint, expectClientError } from './helpers';

let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t);
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

const patchMe = (credential: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: payload as object, remoteAddress: freshCustomerAddress() });
const profile = async (credential: string) => (await t.app.inject({ method: 'GET', url: '/api/customer/me', headers: asCustomer(credential) })).json();

describe('control characters in the profile', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('refuses %s in the display name and the e-mail, stores nothing', async (_name, c) => {
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    for (const [field, value] of [['displayName', `Ana${c}`], ['email', `ana${c}@example.com`]]) {
      const response = await patchMe(credential, { [field]: value });
      expectClientError(response);
      expect(response.json().details).toEqual([{ field, message: 'contains characters that are not allowed' }]);
    }
    expect(await profile(credential)).toEqual({ displayName: null, email: null });
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('refuses a NUL in a card id (it would reach SQL)', async () => {
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    for (const [method, url] of [['GET', '/api/customer/cards/card%00'], ['POST', '/api/customer/cards/card%00/claim']] as const) {
      expectClientError(await t.app.inject({ method, url, headers: asCustomer(credential) }));
    }
  });

  it('refuses a NUL in the recovery address', async () => {
    expectClientError(await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email: 'ana\u0000@example.com' }, remoteAddress: freshCustomerAddress() }));
  });
});

describe('a wallet e-mail needs proof of the mailbox, and says nothing about other wallets', () => {
  it('"use this e-mail" answers the same for a free address and for one another wallet holds', async () => {
    const owner = await newCustomer(t, store.id, freshCustomerAddress());
    await saveConfirmedEmail(t, owner, 'taken@example.com');
    t.mailer.sent.length = 0;
    const squatter = await newCustomer(t, store.id, freshCustomerAddress());

    const taken = await patchMe(squatter, { email: 'taken@example.com' });
    const free = await patchMe(squatter, { email: 'free@example.com' });
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    expect({ ...taken.json(), emailConfirmationSentTo: 'X' }).toEqual({ ...free.json(), emailConfirmationSentTo: 'X' });
    // Neither is attached before its link is opened; the owner keeps theirs.
    expect((await profile(squatter)).email).toBeNull();
    expect((await profile(owner)).email).toBe('taken@example.com');
    // The squatter's phone never gets a link that would attach the owner's address.
    expect(confirmationTokenMailedTo(t, 'taken@example.com')).toBeUndefined();
  });

  it('the confirmation link attaches the address once; used or after an hour it is refused (410)', async () => {
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(credential, { email: 'ana.once@example.com' });
    const token = confirmationTokenMailedTo(t, 'ana.once@example.com') ?? '';
    expect((await confirmEmailLink(t, token)).statusCode).toBe(200);
    expect((await profile(credential)).email).toBe('ana.once@example.com');
    expect((await confirmEmailLink(t, token)).statusCode).toBe(410);

    const other = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(other, { email: 'bo.late@example.com' });
    const late = confirmationTokenMailedTo(t, 'bo.late@example.com') ?? '';
    t.clock.advance(60 * 60 * 1000);
    expect((await confirmEmailLink(t, late)).statusCode).toBe(410);
    expect((await profile(other)).email).toBeNull();
    expect((await confirmEmailLink(t, 'made-up')).statusCode).toBe(404);
  });

  it('of two wallets that were both mailed a link for one address, the first to confirm keeps it (409 for the second)', async () => {
    const first = await newCustomer(t, store.id, freshCustomerAddress());
    const second = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(first, { email: 'shared@example.com' });
    const firstToken = confirmationTokenMailedTo(t, 'shared@example.com') ?? '';
    await patchMe(second, { email: 'shared@example.com' });
    const secondToken = confirmationTokenMailedTo(t, 'shared@example.com') ?? '';
    expect(secondToken).not.toBe(firstToken);
    expect((await confirmEmailLink(t, secondToken)).statusCode).toBe(200);
    expect((await confirmEmailLink(t, firstToken)).statusCode).toBe(409);
    expect((await profile(first)).email).toBeNull();
  });
});

describe('a link mailed for an address the wallet no longer wants stops working', () => {
  const recoveryTokenMailedTo = (to: string) => {
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && /\/wallet\/recover\//.test(m.link ?? ''));
    return /\/wallet\/recover\/([A-Za-z0-9_-]+)$/.exec(mail?.link ?? '')?.[1] ?? '';
  };
  const openRecoveryLink = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/customer/recover/${token}?merge=confirmed`, headers: withLinkKey(newLinkKey()), remoteAddress: freshCustomerAddress() });

  it('a mistyped address\'s link, opened after the right one was confirmed, does not take the wallet over (410)', async () => {
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(credential, { email: 'typo@stranger.example' });
    const strangers = confirmationTokenMailedTo(t, 'typo@stranger.example') ?? '';
    t.clock.advance(61 * 1000);
    await patchMe(credential, { email: 'ana.right@example.com' });
    const own = confirmationTokenMailedTo(t, 'ana.right@example.com') ?? '';
    expect((await confirmEmailLink(t, own)).statusCode).toBe(200);

    expect((await confirmEmailLink(t, strangers)).statusCode).toBe(410);
    expect((await profile(credential)).email).toBe('ana.right@example.com');
  });

  it('asking again within the minute (no new mail) or clearing the address also ends the earlier link', async () => {
    const quick = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(quick, { email: 'first.try@stranger.example' });
    const first = confirmationTokenMailedTo(t, 'first.try@stranger.example') ?? '';
    await patchMe(quick, { email: 'second.try@example.com' });
    expect((await confirmEmailLink(t, first)).statusCode).toBe(410);
    expect((await profile(quick)).email).toBeNull();

    const clearing = await newCustomer(t, store.id, freshCustomerAddress());
    await patchMe(clearing, { email: 'changed.mind@stranger.example' });
    const changed = confirmationTokenMailedTo(t, 'changed.mind@stranger.example') ?? '';
    await patchMe(clearing, { email: '' });
    expect((await confirmEmailLink(t, changed)).statusCode).toBe(410);
    expect((await profile(clearing)).email).toBeNull();
  });

  it('a sign-in link mailed to the old address stops opening the wallet once it has another address, or none', async () => {
    for (const next of ['bo.new@example.com', '']) {
      const credential = await newCustomer(t, store.id, freshCustomerAddress());
      const old = `bo.old.${next === '' ? 'cleared' : 'moved'}@example.com`;
      await saveConfirmedEmail(t, credential, old);
      await t.app.inject({ method: 'POST', url: '/api/customer/recover', payload: { email: old }, remoteAddress: freshCustomerAddress() });
      const signIn = recoveryTokenMailedTo(old);
      expect(signIn).not.toBe('');
      t.clock.advance(61 * 1000);
      if (next === '') await patchMe(credential, { email: '' });
      else await saveConfirmedEmail(t, credential, next);

      const opened = await openRecoveryLink(signIn);
      expect(opened.statusCode).toBe(410);
      expect(opened.json()).not.toHaveProperty('credential');
    }
  });
});

describe('links are throttled per address', () => {
  it.each([
    ['e-mail confirmation', '/api/customer/email/'],
    ['recovery', '/api/customer/recover/'],
  ])('the %s link answers 429 after 10 guesses from one address', async (_kind, path) => {
    const remoteAddress = freshCustomerAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: `${path}${'g'.repeat(42)}${i}`, remoteAddress })).statusCode);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });
});

describe('malformed bodies get a 4xx JSON error, never a 5xx', () => {
  it.each(MALFORMED_JSON)('scan, profile and recovery with $name', async ({ contentType, payload }) => {
    const credential = await newCustomer(t, store.id, freshCustomerAddress());
    for (const [method, url] of [['POST', '/api/customer/scan'], ['PATCH', '/api/customer/me'], ['POST', '/api/customer/recover']] as const) {
      const response = await t.app.inject({ method, url, headers: { ...asCustomer(credential), 'content-type': contentType }, payload, remoteAddress: freshCustomerAddress() });
      expectClientError(response);
    }
  });
});
