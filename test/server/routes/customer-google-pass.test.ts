// GET /api/customer/cards/:cardId/google-pass: the customer's own card as a "Save to Google Wallet" link whose
// JWT the service account signed, referring to a loyalty object made at (a fake) Google beforehand.
import { jwtVerify } from 'jose';
import sharp from 'sharp';
import { GOOGLE_PASSES_PER_ADDRESS } from '../../../server/routes/customer';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../support/fake-google-wallet';
import { asCustomer, buildCustomerTestApp, buildGoogleWalletTestApp, createStore, freshCustomerAddress, newCustomer, setReward } from '../factories';
import type { TestApp } from '../helpers';

let fake: FakeGoogleWallet;
let t: TestApp;

beforeEach(async () => {
  fake = await startFakeGoogleWallet();
});
afterEach(async () => {
  await t?.close();
  await fake.close();
});

async function customerWithCard(): Promise<{ credential: string; cardId: string; address: string }> {
  const store = await createStore(t, { company: 'Café Luna' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const address = freshCustomerAddress();
  const credential = await newCustomer(t, store.id, address);
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cardId = (wallet.json() as { cards: { id: string }[] }).cards[0]!.id;
  return { credential, cardId, address };
}

function googlePass(cardId: string, credential?: string, remoteAddress?: string, language?: string) {
  const headers = { ...(credential ? asCustomer(credential) : {}), ...(language ? { 'accept-language': language } : {}) };
  return t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/google-pass`, headers, remoteAddress });
}

async function objectIdOf(response: { json(): unknown }): Promise<string> {
  const { saveUrl } = response.json() as { saveUrl: string };
  return ((await jwtVerify(saveUrl.split('/').pop()!, fake.publicKey)).payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
}

interface Translated {
  defaultValue: { language: string; value: string };
  translatedValues: { language: string; value: string }[];
}

test('answers a save link signed RS256 by the service account, for a loyalty object that Google already holds with the card', async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { credential, cardId } = await customerWithCard();
  const response = await googlePass(cardId, credential);
  expect(response.statusCode).toBe(200);
  const { saveUrl } = response.json() as { saveUrl: string };
  expect(saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const { payload, protectedHeader } = await jwtVerify(saveUrl.split('/').pop()!, fake.publicKey, { issuer: fake.serviceAccountEmail, audience: 'google', algorithms: ['RS256'] });
  expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'fake-key-1' });
  expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://stampwise.test'] });
  const objects = (payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects;
  expect(objects).toHaveLength(1);
  const objectId = objects[0]!.id;
  expect(objectId).toMatch(new RegExp(`^${fake.issuerId}\\.card-[0-9a-f]{32}$`));

  const object = fake.objects.get(objectId) as Record<string, unknown> & { classId: string };
  expect(object).toMatchObject({ state: 'ACTIVE', loyaltyPoints: { label: 'Stamps', balance: { string: '1 of 10' } } });
  expect(object.textModulesData).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'reward', header: 'Reward', body: 'Buy 10 Flat White, get 1 free' })]));
  expect(fake.classes.get(object.classId)).toMatchObject({ issuerName: 'Café Luna', programName: 'Café Luna stamp card' });
  // Whoever sees the pass cannot collect or claim with it: no credential and no card id in what Google holds.
  expect(JSON.stringify(object)).not.toContain(credential);
  expect(JSON.stringify(object)).not.toContain(cardId);
});

test('asking again keeps one object per card: Google gets the current card patched, never a second object', async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { credential, cardId } = await customerWithCard();
  const first = (await googlePass(cardId, credential)).json() as { saveUrl: string };
  const second = (await googlePass(cardId, credential)).json() as { saveUrl: string };
  const idOf = async (url: string) => ((await jwtVerify(url.split('/').pop()!, fake.publicKey)).payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
  expect(await idOf(second.saveUrl)).toBe(await idOf(first.saveUrl));
  expect(fake.objects.size).toBe(1);
  expect(fake.calls.filter((call) => call.method === 'POST' && call.path === '/loyaltyObject' && call.status === 200)).toHaveLength(1);
  // One token for both: the service account's access token is reused until it nears its expiry.
  expect(fake.tokenRequests).toBe(1);
});

test("someone else's card is 404, no credential is 401, and a server without Google Wallet answers 404 and offers no badge", async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { cardId, credential } = await customerWithCard();
  const other = await customerWithCard();
  expect((await googlePass(cardId, other.credential)).statusCode).toBe(404);
  expect((await googlePass(cardId)).statusCode).toBe(401);
  expect(fake.objects.size).toBe(0);
  expect((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}`, headers: asCustomer(credential) })).json()).toMatchObject({ googleWallet: true });
  expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) })).json()).toMatchObject({ googleWallet: true });
  await t.close();

  t = await buildCustomerTestApp();
  const unconfigured = await customerWithCard();
  const response = await googlePass(unconfigured.cardId, unconfigured.credential);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: 'Google Wallet passes are not set up on this server.' });
  expect((await t.app.inject({ method: 'GET', url: `/api/customer/cards/${unconfigured.cardId}`, headers: asCustomer(unconfigured.credential) })).json()).not.toHaveProperty('googleWallet');
  expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(unconfigured.credential) })).json()).not.toHaveProperty('googleWallet');
});

test('Google not answering gives 503 with a message to try again, and the next try works', async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { credential, cardId } = await customerWithCard();
  fake.failNext(503);
  const refused = await googlePass(cardId, credential);
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toEqual({ error: 'Google Wallet is not answering right now. Try again in a minute.' });
  expect((await googlePass(cardId, credential)).statusCode).toBe(200);
});

test(`is rate-limited per address: ${GOOGLE_PASSES_PER_ADDRESS} a minute`, async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { credential, cardId } = await customerWithCard();
  const address = freshCustomerAddress();
  for (let i = 0; i < GOOGLE_PASSES_PER_ADDRESS; i += 1) expect((await googlePass(cardId, credential, address)).statusCode).toBe(200);
  expect((await googlePass(cardId, credential, address)).statusCode).toBe(429);
});

test('a pass saved from the Spanish page reads Spanish, and carries every other language for a phone set to it', async () => {
  t = await buildGoogleWalletTestApp(fake);
  const { credential, cardId } = await customerWithCard();
  const objectId = await objectIdOf(await googlePass(cardId, credential, undefined, 'es'));
  const object = fake.objects.get(objectId) as {
    classId: string;
    loyaltyPoints: { label: string; localizedLabel: Translated; balance: { string: string } };
    textModulesData: { id: string; header: string; body: string; localizedHeader: Translated; localizedBody?: Translated }[];
    messages: { body: string; localizedBody: Translated }[];
  };
  expect(object.loyaltyPoints).toMatchObject({ label: 'Sellos', balance: { string: '1 de 10' } });
  expect(object.loyaltyPoints.localizedLabel.defaultValue).toEqual({ language: 'es', value: 'Sellos' });
  expect(object.loyaltyPoints.localizedLabel.translatedValues).toEqual([
    { language: 'en', value: 'Stamps' },
    { language: 'fr', value: 'Tampons' },
    { language: 'de', value: 'Stempel' },
    { language: 'ar', value: 'الأختام' },
  ]);
  const reward = object.textModulesData.find((module) => module.id === 'reward')!;
  expect(reward).toMatchObject({ header: 'Premio', body: 'Compra 10 Flat White y llévate 1 gratis' });
  expect(reward.localizedBody?.translatedValues).toContainEqual({ language: 'en', value: 'Buy 10 Flat White, get 1 free' });
  expect(object.messages[0]!.localizedBody.translatedValues).toContainEqual({ language: 'de', value: 'Stempel erhalten: 1 von 10' });
  const loyaltyClass = fake.classes.get(object.classId) as { programName: string; localizedProgramName: Translated };
  expect(loyaltyClass.programName).toBe('Tarjeta de sellos de Café Luna');
  expect(loyaltyClass.localizedProgramName.translatedValues).toContainEqual({ language: 'fr', value: 'Carte de fidélité Café Luna' });
});

test("the pass's hero image is the card's stamps strip, at a public URL that stays the same for the same count and cannot be made up", async () => {
  t = await buildGoogleWalletTestApp(fake);
  const first = await customerWithCard();
  const second = await customerWithCard();
  const heroOf = async (card: { cardId: string; credential: string }) =>
    (fake.objects.get(await objectIdOf(await googlePass(card.cardId, card.credential))) as { heroImage: { sourceUri: { uri: string }; contentDescription: Translated } }).heroImage;
  const hero = await heroOf(first);
  expect(hero.sourceUri.uri).toMatch(/^http:\/\/stampwise\.test\/api\/images\/pass-strips\/1-10-[0-9a-f]{32}\.png$/);
  expect(hero.contentDescription.defaultValue).toEqual({ language: 'en', value: '1 of 10 stamps collected' });
  // French takes the singular for 0 and 1: one stamp is "1 tampon obtenu", never "1 tampons obtenus".
  expect(hero.contentDescription.translatedValues).toContainEqual({ language: 'fr', value: '1 tampon obtenu sur 10' });
  // Another card at the same count shows the same drawing: one URL, fetched and cached once by Google.
  expect((await heroOf(second)).sourceUri.uri).toBe(hero.sourceUri.uri);

  const path = new URL(hero.sourceUri.uri).pathname;
  const image = await t.app.inject({ method: 'GET', url: path });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.headers['cache-control']).toContain('immutable');
  expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 750, height: 246 });
  // Nobody can have the server draw a count or goal it did not hand out.
  const mac = path.split('-').pop()!;
  expect((await t.app.inject({ method: 'GET', url: `/api/images/pass-strips/9-10-${mac}` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/api/images/pass-strips/1-999-${mac}` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: path.replace(/[0-9a-f](?=\.png$)/, (digit) => (digit === '0' ? '1' : '0')) })).statusCode).toBe(404);
});
