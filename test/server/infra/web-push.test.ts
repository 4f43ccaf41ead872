// The VAPID key pair is kept like the session secret: the configured pair wins; otherwise the first server
// generates one and stores it, and every server (and every later start) signs with that same pair.
import { resolveVapidKeys } from '../../../server/infra/web-push';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

test('generates a P-256 pair once and answers the stored one to every later caller, even two starting together', async () => {
  t = await buildTestApp();
  const [first, second] = await Promise.all([resolveVapidKeys(t.deps), resolveVapidKeys(t.deps)]);
  expect(second).toEqual(first);
  expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
  expect(await resolveVapidKeys(t.deps)).toEqual(first);
});

test('a configured pair is used as it is and nothing is stored', async () => {
  const configured = { publicKey: `B${'a'.repeat(86)}`, privateKey: 'b'.repeat(43) };
  t = await buildTestApp();
  t.deps.config = { ...t.deps.config, webPush: { ...t.deps.config.webPush, vapidKeys: configured } };
  expect(await resolveVapidKeys(t.deps)).toEqual(configured);
  expect(await t.db.kysely.selectFrom('app_settings').select('key').where('key', '=', 'vapid_keys').executeTakeFirst()).toBeUndefined();
});
