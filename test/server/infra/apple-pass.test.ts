// A signed storeCard checked independently of the library that made it: every file's hash in the
// manifest, the detached PKCS#7 signature against the (throw-away) root, and pass.json's fields.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig, type ApplePassConfig } from '../../../server/config';
import { buildApplePass, type ApplePassView } from '../../../server/infra/apple-pass';
import { drawStampStrip } from '../../../server/infra/pass-strip';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../apple-certificates';

let certs: TestAppleCertificates;
let config: ApplePassConfig;

beforeAll(() => {
  certs = makeTestAppleCertificates();
  const loaded = loadConfig({ ...certs.env, APNS_URL: 'http://127.0.0.1:1' }).applePass;
  if (!loaded) throw new Error('the Apple variables did not configure passes');
  config = loaded;
});

afterAll(() => certs.remove());

async function viewAt(stamps: number): Promise<ApplePassView> {
  const icon = await sharp({ create: { width: 58, height: 58, channels: 3, background: '#6b3e26' } }).png().toBuffer();
  return {
    serialNumber: crypto.randomBytes(16).toString('hex'),
    authenticationToken: crypto.randomBytes(16).toString('hex'),
    webServiceURL: 'https://stampwise.test/api/passes/apple',
    organizationName: 'Café Luna',
    description: 'Café Luna stamp card',
    logoText: 'Café Luna',
    backgroundColor: 'rgb(107, 62, 38)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(240, 220, 200)',
    primary: { key: 'stamps', label: 'Stamps', value: `${stamps} of 10` },
    secondary: [{ key: 'reward', label: 'Reward', value: 'Buy 10 Flat White, get 1 free' }],
    back: [
      { key: 'address', label: 'Address', value: '1 Harbour Street' },
      { key: 'hours', label: 'Opening hours', value: 'Mon–Fri 7–17' },
    ],
    images: { icon, strip: await drawStampStrip(stamps, 10, { background: '#6b3e26', stamp: '#ffffff' }) },
    localizations: {},
    changeMessage: 'Stamp collected: %@',
  };
}

function unpack(pkpass: Buffer): string {
  const dir = fs.mkdtempSync(path.join(certs.dir, 'pass-'));
  fs.writeFileSync(path.join(dir, 'card.pkpass'), pkpass);
  execFileSync('unzip', ['-q', 'card.pkpass', '-d', 'files'], { cwd: dir });
  return path.join(dir, 'files');
}

test('every file of the pass is in the manifest with its SHA-1, and the signature verifies against the root through the WWDR certificate', async () => {
  const files = unpack(await buildApplePass(config, await viewAt(7)));
  const manifest = JSON.parse(fs.readFileSync(path.join(files, 'manifest.json'), 'utf8')) as Record<string, string>;
  const packed = fs.readdirSync(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(packed.sort());
  for (const name of packed) expect(manifest[name]).toBe(crypto.createHash('sha1').update(fs.readFileSync(path.join(files, name))).digest('hex'));
  const verify = () =>
    execFileSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', certs.caCert, '-purpose', 'any', '-out', '/dev/null'], { cwd: files, stdio: 'pipe' });
  expect(verify).not.toThrow();
  // A changed file no longer matches the signed manifest.
  fs.writeFileSync(path.join(files, 'manifest.json'), JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
  expect(verify).toThrow();
});

test("pass.json is a storeCard with the store's name, colours, count, reward, back fields and the web service, and no customer credential", async () => {
  const view = await viewAt(7);
  const files = unpack(await buildApplePass(config, view));
  const pass = JSON.parse(fs.readFileSync(path.join(files, 'pass.json'), 'utf8')) as Record<string, unknown> & { storeCard: Record<string, { key: string; value: string }[]> };
  expect(pass).toMatchObject({
    formatVersion: 1,
    passTypeIdentifier: 'pass.test.stampwise',
    teamIdentifier: 'TESTTEAM01',
    serialNumber: view.serialNumber,
    authenticationToken: view.authenticationToken,
    webServiceURL: 'https://stampwise.test/api/passes/apple',
    organizationName: 'Café Luna',
    backgroundColor: 'rgb(107, 62, 38)',
  });
  expect(pass.storeCard.primaryFields?.[0]).toMatchObject({ key: 'stamps', value: '7 of 10' });
  expect(pass.storeCard.secondaryFields?.[0]?.value).toBe('Buy 10 Flat White, get 1 free');
  expect(pass.storeCard.backFields?.map((field) => field.key)).toEqual(['address', 'hours']);
  expect(pass).not.toHaveProperty('barcodes');
  expect(fs.existsSync(path.join(files, 'strip.png'))).toBe(true);
});

test('the strip differs with the number of stamps', async () => {
  const seven = await drawStampStrip(7, 10, { background: '#000000', stamp: '#ffffff' });
  const eight = await drawStampStrip(8, 10, { background: '#000000', stamp: '#ffffff' });
  expect((await sharp(seven).metadata()).width).toBe(750);
  expect(seven.equals(eight)).toBe(false);
});
