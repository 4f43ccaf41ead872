// A wallet sign-in link forwarded to another customer ("free coffee, tap here"): opening it must not move the
// opener's cards and stamps into the sender's wallet, nor sign a phone with no cards in to it (its later stamps
// would land there). Only the phone that asked for the link (its wallet, or its link key when it had none) or
// a phone of the link's own wallet signs in at once; any other phone is asked first, and the server holds to that.
import { buildTestApp, type TestApp } from '../helpers';
import { asCustomer, createStore, dynamicToken, freshCustomerAddress, newCustomer, newLinkKey, saveConfirmedEmail, scan, setReward, type TestStore, withLinkKey } from '../factories';

let t: TestApp;
let store: TestStore;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t);
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});
afterAll(async () => {
  await t.close();
});

let walletCount = 0;
/** A wallet with `stamps` stamps at the store (cooldown waited out between them). */
async function walletWith(stamps: number): Promise<string> {
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  for (let i = 1; i < stamps; i += 1) {
    t.clock.advance(11 * MINUTE);
    expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: freshCustomerAddress() })).statusCode).toBe(200);
  }
  return credential;
}

/** The attacker: a wallet of their own with a confirmed e-mail. */
async function attackerWallet(): Promise<{ credential: string; email: string }> {
  walletCount += 1;
  const email = `mallory${walletCount}@example.com`;
  const credential = await walletWith(1);
  await saveConfirmedEmail(t, credential, email);
  t.clock.advance(2 * MINUTE);
  return { credential, email };
}

/** Asks for the sign-in link of `email`, from a phone with `credential` (or none) and `linkKey` (or none), and answers the mailed token. */
async function askLink(email: string, credential?: string, linkKey?: string): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/customer/recover',
    headers: { ...(credential === undefined ? {} : asCustomer(credential)), ...(linkKey === undefined ? {} : withLinkKey(linkKey)) },
    payload: { email },
    remoteAddress: freshCustomerAddress(),
  });
  expect(asked.statusCode).toBe(202);
  const token = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '')?.[1];
  if (token === undefined) throw new Error('no sign-in link mailed');
  return token;
}

const openLink = (token: string, credential?: string, query = '', linkKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customer/recover/${token}${query}`,
    headers: { ...(credential === undefined ? {} : asCustomer(credential)), ...(linkKey === undefined ? {} : withLinkKey(linkKey)) },
    remoteAddress: freshCustomerAddress(),
  });

async function stampsOf(credential: string): Promise<{ status: number; stamps: number[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cards = (response.json().cards ?? []) as Array<{ stamps: number }>;
  return { status: response.statusCode, stamps: cards.map((c) => c.stamps) };
}

describe('a sign-in link forwarded to another customer', () => {
  it("leaves the victim's stamps in the victim's wallet: 409, nothing merged, the victim still signed in", async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, attacker.credential);
    const victim = await walletWith(3);

    const opened = await openLink(link, victim);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: expect.stringContaining('asked for on another phone'), reason: 'merge-unconfirmed' });
    expect(opened.json()).not.toHaveProperty('credential');

    expect(await stampsOf(victim)).toEqual({ status: 200, stamps: [3] });
    expect(await stampsOf(attacker.credential)).toEqual({ status: 200, stamps: [1] });
  });

  it('is refused the same when the link was asked for without any wallet (from a computer)', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email);
    const victim = await walletWith(2);

    expect((await openLink(link, victim)).statusCode).toBe(409);
    expect(await stampsOf(victim)).toEqual({ status: 200, stamps: [2] });
    expect(await stampsOf(attacker.credential)).toEqual({ status: 200, stamps: [1] });
  });

  it('merges only once the opener confirms it, and the link stays single-use', async () => {
    const owner = await attackerWallet();
    const link = await askLink(owner.email);
    const phone = await walletWith(2);

    expect((await openLink(link, phone)).statusCode).toBe(409);
    const confirmed = await openLink(link, phone, '?merge=confirmed');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().merged).toMatchObject({ cards: 1 });
    expect((await stampsOf(phone)).status).toBe(401);

    expect((await openLink(link, undefined, '?merge=confirmed')).statusCode).toBe(410);
  });

  it('answers a GET of the link with 404 and changes nothing', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, attacker.credential);
    const victim = await walletWith(1);
    const got = await t.app.inject({ method: 'GET', url: `/api/customer/recover/${link}?merge=confirmed`, headers: asCustomer(victim) });
    expect(got.statusCode).toBe(404);
    expect(await stampsOf(victim)).toEqual({ status: 200, stamps: [1] });
    // The link is still unused: its owner's own phone can use it.
    expect((await openLink(link, attacker.credential)).statusCode).toBe(200);
  });

  it('counts refusals against the per-address limit of link openings', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, attacker.credential);
    const victim = await walletWith(1);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: `/api/customer/recover/${link}`, headers: asCustomer(victim), remoteAddress: '10.250.0.9' })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses[10]).toBe(429);
  });
});

describe('a sign-in link forwarded to a phone with no cards to move', () => {
  it('asks a phone without a wallet first: 409 sign-in-unconfirmed, no credential, the link still unused', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, attacker.credential);

    const opened = await openLink(link, undefined, '', newLinkKey());
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: expect.stringContaining('sign this phone in'), reason: 'sign-in-unconfirmed' });
    expect(opened.json()).not.toHaveProperty('credential');
    // Unused: its owner's own phone can still use it.
    expect((await openLink(link, attacker.credential)).statusCode).toBe(200);
  });

  it('asks the same when the link was asked for without a wallet on another device, or the opener sends no key', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, undefined, newLinkKey());
    expect((await openLink(link, undefined, '', newLinkKey())).json()).toMatchObject({ reason: 'sign-in-unconfirmed' });
    expect((await openLink(link)).json()).toMatchObject({ reason: 'sign-in-unconfirmed' });
  });

  it('asks a phone whose wallet has its own e-mail (nothing of it would move), and leaves that wallet as it was', async () => {
    const attacker = await attackerWallet();
    const link = await askLink(attacker.email, attacker.credential);
    const victim = await attackerWallet();

    const opened = await openLink(link, victim.credential);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ reason: 'sign-in-unconfirmed' });
    expect(await stampsOf(victim.credential)).toEqual({ status: 200, stamps: [1] });
  });

  it('signs in once the opener confirms it, and the link stays single-use', async () => {
    const owner = await attackerWallet();
    const link = await askLink(owner.email, owner.credential);
    const phoneKey = newLinkKey();

    expect((await openLink(link, undefined, '', phoneKey)).statusCode).toBe(409);
    const confirmed = await openLink(link, undefined, '?merge=confirmed', phoneKey);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().merged).toBeNull();
    expect(await stampsOf(confirmed.json().credential as string)).toEqual({ status: 200, stamps: [1] });
    expect((await openLink(link, undefined, '?merge=confirmed', phoneKey)).statusCode).toBe(410);
  });
});

describe('the normal ways to open a sign-in link still work at once', () => {
  it('on the phone that asked for it: its cards come along without a question', async () => {
    const owner = await attackerWallet();
    const phone = await walletWith(2);
    const link = await askLink(owner.email, phone);
    const opened = await openLink(link, phone);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().merged).toMatchObject({ cards: 1 });
    expect((await stampsOf(phone)).status).toBe(401);
  });

  it('on a phone that typed the e-mail under "Keep your cards safe" (the owner is mailed a link for that phone)', async () => {
    const owner = await attackerWallet();
    const phone = await walletWith(1);
    t.mailer.sent.length = 0;
    const typed = await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(phone), payload: { email: owner.email }, remoteAddress: freshCustomerAddress() });
    expect(typed.statusCode).toBe(200);
    const link = /\/wallet\/recover\/([A-Za-z0-9_-]{43})$/.exec(t.mailer.last()?.link ?? '')?.[1] ?? '';
    const opened = await openLink(link, phone);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().merged).toMatchObject({ cards: 1 });
  });

  it('on the phone with no wallet that asked for it (its link key), or the link owner\'s own phone', async () => {
    const owner = await attackerWallet();
    const newPhoneKey = newLinkKey();
    const opened = await openLink(await askLink(owner.email, undefined, newPhoneKey), undefined, '', newPhoneKey);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().merged).toBeNull();
    t.clock.advance(2 * MINUTE);
    expect((await openLink(await askLink(owner.email), owner.credential)).statusCode).toBe(200);
  });
});
