import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../support/fake-google-wallet';
import { makeTestAppleCertificates } from './apple-certificates';
import { HTTPS_TEST_APP_ENV, TEST_APP_ENV, testConfig } from './test-config';

describe('loadConfig', () => {
  it('gives a working default setup with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      sqlitePath: path.join(path.resolve('./data'), 'stampwise.db'),
      smtpUrl: undefined,
      mailFrom: 'Stampwise <no-reply@localhost>',
      sessionSecret: undefined,
      sessionTtlHours: 168,
      redisUrl: undefined,
      dbConnectTimeoutMs: 5000,
      dbStatementTimeoutMs: 10_000,
      redisCommandTimeoutMs: 500,
      menuScanTimeoutMs: 60_000,
    });
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://stamps.example/',
      DATA_DIR: '/var/lib/stampwise',
      DATABASE_URL: 'postgres://u:p@db:5432/stampwise',
      SMTP_URL: 'smtp://u:p@mail:587',
      MAIL_FROM: 'Stamps <hi@stamps.example>',
      SESSION_SECRET: 's'.repeat(32),
      SESSION_TTL_HOURS: '24',
      REDIS_URL: 'redis://cache:6379',
      MENU_SCAN_TIMEOUT_SECONDS: '120',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://stamps.example',
      dataDir: '/var/lib/stampwise',
      sqlitePath: '/var/lib/stampwise/stampwise.db',
      databaseUrl: 'postgres://u:p@db:5432/stampwise',
      smtpUrl: 'smtp://u:p@mail:587',
      mailFrom: 'Stamps <hi@stamps.example>',
      sessionSecret: 's'.repeat(32),
      sessionTtlHours: 24,
      redisUrl: 'redis://cache:6379',
      menuScanTimeoutMs: 120_000,
    });
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (unset means 3000), got "abc"'],
    [{ PORT: '3000.5' }, 'PORT must be a whole number from 0 to 65535 (unset means 3000), got "3000.5"'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (unset means 3000), got "-1"'],
    [{ PORT: '1e3' }, 'PORT must be a whole number from 0 to 65535 (unset means 3000), got "1e3"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (unset means 3000), got "70000"'],
    [{ STAMP_COOLDOWN_MINUTES: '-1' }, 'STAMP_COOLDOWN_MINUTES must be a whole number from 0 to 1440 (unset means 10), got "-1"'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be a whole number from 1 to 8760 (unset means 168), got "0"'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (unset means SQLite in $DATA_DIR), got "not a url"'],
    [{ DATABASE_URL: 'postgres://u:p@db:port/stampwise' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ SMTP_URL: 'nonsense' }, 'SMTP_URL must be a URL starting with smtp:// or smtps:// (unset means mail is written to $DATA_DIR/outbox), got "nonsense"'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ PUBLIC_URL: 'stamps.example' }, 'PUBLIC_URL must be a URL starting with http:// or https:// (unset means http://localhost:$PORT), got "stamps.example"'],
    [{ REDIS_URL: 'memcached://x' }, 'REDIS_URL must be a URL starting with redis:// or rediss://'],
    [{ MENU_OCR_ENGINE: 'gpt' }, 'MENU_OCR_ENGINE must be one of paddle, tesseract (unset means paddle), got "gpt"'],
    [{ MENU_SCAN_TIMEOUT_SECONDS: '2' }, 'MENU_SCAN_TIMEOUT_SECONDS must be a whole number from 5 to 600 (unset means 60), got "2"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (unset means info), got "verbose"'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY must be 1, 0, or a comma-separated list of proxy addresses (e.g. "127.0.0.1, 10.0.0.0/8"), got "yes please"'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET must be at least 32 characters (or unset it to have one generated)'],
    [{ DB_CONNECT_TIMEOUT_MS: '5s' }, 'DB_CONNECT_TIMEOUT_MS must be a whole number from 100 to 120000 (unset means 5000), got "5s"'],
    [{ DB_STATEMENT_TIMEOUT_MS: '10' }, 'DB_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000 (unset means 10000), got "10"'],
    [{ REDIS_COMMAND_TIMEOUT_MS: '5000' }, 'REDIS_COMMAND_TIMEOUT_MS must be a whole number from 50 to 1000 (unset means 500), got "5000"'],
    [{ SQLITE_SYNCHRONOUS: 'off' }, 'SQLITE_SYNCHRONOUS must be one of full, normal (unset means full), got "off"'],
    [{ RELAY_DEVICE_STORES: '1' }, 'RELAY_DEVICE_STORES must be a whole number from 2 to 1000 (unset means 3), got "1"'],
    [{ CAMPAIGN_SEND_RATE: '2.5' }, 'CAMPAIGN_SEND_RATE must be a whole number from 0 to 10000 (unset means 50), got "2.5"'],
    [{ CAMPAIGN_PLAN_RATE: '-1' }, 'CAMPAIGN_PLAN_RATE must be a whole number from 0 to 10000 (unset means CAMPAIGN_SEND_RATE), got "-1"'],
  ])('refuses %j with a ConfigError naming the variable and the fix', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reports every bad variable at once, one line each', () => {
    expect(() => loadConfig({ PORT: 'abc', SMTP_URL: 'nonsense', STAMP_COOLDOWN_MINUTES: '-1' })).toThrow(
      /^PORT must .*\nSMTP_URL must .*\nSTAMP_COOLDOWN_MINUTES must .*$/,
    );
  });

  it('never repeats a secret in a refusal: the session secret is left out, a URL password masked', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/stampwise' })).toThrow('got "mysql://root:***@db/stampwise"');
  });

  it('reads whole numbers with surrounding spaces, and the relay knobs', () => {
    expect(loadConfig({ PORT: ' 8080 ', RELAY_PACE_FACTOR: '3', RELAY_DEVICE_WINDOW_MINUTES: '15' })).toMatchObject({
      port: 8080,
      relay: { codeBudgetFloor: 10, flyerBudgetFloor: 25, paceFactor: 3, networksPerCode: 4, deviceStores: 3, deviceWindowMinutes: 15 },
    });
  });

  it('paces campaign sends at 50 messages a second unless told otherwise; 0 is no limit', () => {
    expect(loadConfig({}).campaignSendRate).toBe(50);
    expect(loadConfig({ CAMPAIGN_SEND_RATE: '0' }).campaignSendRate).toBe(0);
    expect(loadConfig({ CAMPAIGN_SEND_RATE: '200' }).campaignSendRate).toBe(200);
    // The plan keeps the sends' pace unless told otherwise; 0 writes the whole plan at once.
    expect(loadConfig({}).campaignPlanRate).toBe(50);
    expect(loadConfig({ CAMPAIGN_SEND_RATE: '20' }).campaignPlanRate).toBe(20);
    expect(loadConfig({ CAMPAIGN_SEND_RATE: '20', CAMPAIGN_PLAN_RATE: '0' }).campaignPlanRate).toBe(0);
    expect(loadConfig({ CAMPAIGN_PLAN_RATE: '100' }).campaignPlanRate).toBe(100);
  });

  it.each([
    ['', false], ['0', false], ['1', 1], ['true', 1], ['127.0.0.1, 10.0.0.0/8', '127.0.0.1, 10.0.0.0/8'],
  ])('reads TRUST_PROXY=%j as %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('reads LOG_LEVEL in any case', () => {
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', SESSION_SECRET: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, sessionSecret: undefined });
  });
});

describe('Apple Wallet variables', () => {
  const certs = makeTestAppleCertificates();
  afterAll(() => certs.remove());

  it('leaves passes off when none is set, and reads the PEM files when all are', () => {
    expect(loadConfig({}).applePass).toBeUndefined();
    const applePass = loadConfig(certs.env).applePass;
    expect(applePass).toMatchObject({ passTypeId: 'pass.test.stampwise', teamId: 'TESTTEAM01', apnsUrl: 'https://api.push.apple.com' });
    expect(applePass?.signerCert).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('stops the start naming the variables still missing', () => {
    expect(() => loadConfig({ ...certs.env, APPLE_WWDR_CERT: '' })).toThrow(/APPLE_WWDR_CERT must be set too/);
  });

  it('stops the start naming a file that cannot be read or is not PEM', () => {
    expect(() => loadConfig({ ...certs.env, APPLE_PASS_CERT: '/nonexistent/pass.pem' })).toThrow(/APPLE_PASS_CERT names \/nonexistent\/pass.pem, which cannot be read/);
    expect(() => loadConfig({ ...certs.env, APPLE_PASS_KEY: certs.caCert.replace('ca.pem', 'ca.ext') })).toThrow(/APPLE_PASS_KEY .* is not PEM/);
  });

  it('stops the start on a Pass Type ID or Team ID of the wrong shape, and on an APNS_URL that is not http(s)', () => {
    expect(() => loadConfig({ ...certs.env, APPLE_PASS_TYPE_ID: 'com.example' })).toThrow(/APPLE_PASS_TYPE_ID must be the Pass Type ID/);
    expect(() => loadConfig({ ...certs.env, APPLE_TEAM_ID: 'abc' })).toThrow(/APPLE_TEAM_ID must be the 10-character Team ID/);
    expect(() => loadConfig({ ...certs.env, APNS_URL: 'ftp://apns' })).toThrow(/APNS_URL must be a URL starting with https:\/\/ or http:\/\//);
  });
});

describe('Google Wallet variables', () => {
  let fake: FakeGoogleWallet;
  beforeAll(async () => {
    fake = await startFakeGoogleWallet();
  });
  afterAll(() => fake.close());

  it("leaves Google Wallet off when neither is set, and reads the service account's key file when both are", () => {
    expect(loadConfig({}).googleWallet).toBeUndefined();
    const { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE } = fake.env;
    expect(loadConfig({ GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE }).googleWallet).toMatchObject({
      issuerId: fake.issuerId,
      serviceAccountEmail: fake.serviceAccountEmail,
      privateKeyId: 'fake-key-1',
      apiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(loadConfig(fake.env).googleWallet).toMatchObject({ apiUrl: fake.apiUrl, tokenUrl: fake.tokenUrl });
  });

  it('stops the start when only one of the two is set', () => {
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: fake.issuerId })).toThrow(/Set both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE/);
    expect(() => loadConfig({ GOOGLE_WALLET_KEY_FILE: fake.env.GOOGLE_WALLET_KEY_FILE })).toThrow(/Set both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE/);
  });

  it('stops the start naming a key file that cannot be read, is not JSON, or is not a service account key', () => {
    expect(() => loadConfig({ ...fake.env, GOOGLE_WALLET_KEY_FILE: '/nonexistent/key.json' })).toThrow(/GOOGLE_WALLET_KEY_FILE names \/nonexistent\/key.json, which cannot be read/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-key-'));
    try {
      fs.writeFileSync(path.join(dir, 'key.pem'), '-----BEGIN PRIVATE KEY-----');
      expect(() => loadConfig({ ...fake.env, GOOGLE_WALLET_KEY_FILE: path.join(dir, 'key.pem') })).toThrow(/GOOGLE_WALLET_KEY_FILE .* is not JSON/);
      fs.writeFileSync(path.join(dir, 'oauth-client.json'), JSON.stringify({ installed: { client_id: 'x' } }));
      expect(() => loadConfig({ ...fake.env, GOOGLE_WALLET_KEY_FILE: path.join(dir, 'oauth-client.json') })).toThrow(/GOOGLE_WALLET_KEY_FILE .* is not a service account key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the start on an issuer id that is not digits, and on API or token URLs that are not http(s)', () => {
    expect(() => loadConfig({ ...fake.env, GOOGLE_WALLET_ISSUER_ID: 'my-issuer' })).toThrow(/GOOGLE_WALLET_ISSUER_ID must be the Issuer ID from the Google Pay & Wallet Console/);
    expect(() => loadConfig({ ...fake.env, GOOGLE_WALLET_API_URL: 'ftp://wallet' })).toThrow(/GOOGLE_WALLET_API_URL must be a URL starting with https:\/\/ or http:\/\//);
    expect(() => loadConfig({ ...fake.env, GOOGLE_OAUTH_TOKEN_URL: 'token' })).toThrow(/GOOGLE_OAUTH_TOKEN_URL must be a URL/);
  });
});

describe('web push (VAPID)', () => {
  const publicKey = `B${'a'.repeat(86)}`;
  const privateKey = 'b'.repeat(43);

  it('takes both keys and the subject from the environment', () => {
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:owner@cafe.example' }).webPush).toEqual({
      vapidKeys: { publicKey, privateKey },
      subject: 'mailto:owner@cafe.example',
      localEndpoints: false,
    });
  });

  it('without keys, a pair is generated once (undefined here); the subject is the https site, or mailto: the sender', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://stamps.example' }).webPush).toMatchObject({ vapidKeys: undefined, subject: 'https://stamps.example' });
    expect(loadConfig({ MAIL_FROM: 'Stamps <hi@stamps.example>' }).webPush.subject).toBe('mailto:hi@stamps.example');
  });

  it('refuses one key without the other, and a key of the wrong shape, without repeating the private key', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    const refusal = (() => {
      try {
        loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'short-secret' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(refusal).toMatch(/^VAPID_PRIVATE_KEY must be the VAPID private key, 43 base64url characters/);
    expect(refusal).not.toContain('short-secret');
  });

  it('accepts push endpoints on this machine only when told to', () => {
    expect(loadConfig({}).webPush.localEndpoints).toBe(false);
    expect(loadConfig({ WEB_PUSH_LOCAL_ENDPOINTS: '1' }).webPush.localEndpoints).toBe(true);
  });
});

describe("the test apps' configuration (test/server/test-config.ts)", () => {
  it('is what loadConfig gives, read once for the run and copied for each app', () => {
    expect(process.env.STAMPWISE_TEST_CONFIGS).toBeDefined();
    for (const env of [TEST_APP_ENV, HTTPS_TEST_APP_ENV, { PUBLIC_URL: 'http://other.test' }]) {
      const config = testConfig(env);
      expect(config).toStrictEqual(loadConfig(env));
      expect(config).not.toBe(testConfig(env));
      expect(config.relay).not.toBe(testConfig(env).relay);
    }
  });
});
