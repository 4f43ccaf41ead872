import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';
import { makeTestAppleCertificates } from './apple-certificates';

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
    });
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    [{ PORT: '3000.5' }, 'PORT must be a whole number, got "3000.5"'],
    [{ PORT: '-1' }, 'PORT must be a whole number, got "-1"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be between 1 and 8760, got 0'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL: "not a url"'],
    [{ DATABASE_URL: 'mysql://u:p@db/stampwise' }, 'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://"'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must start with smtp:// or smtps://, got "http://"'],
    [{ PUBLIC_URL: 'stamps.example' }, 'PUBLIC_URL is not a valid URL: "stamps.example"'],
    [{ REDIS_URL: 'memcached://x' }, 'REDIS_URL must start with redis:// or rediss://, got "memcached://"'],
    [{ MENU_OCR_ENGINE: 'gpt' }, 'MENU_OCR_ENGINE must be one of paddle, tesseract, got "gpt"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY must be 1, 0, or a comma-separated list of proxy addresses, got "yes please"'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET must be at least 32 characters (or unset it to have one generated)'],
    [{ DB_CONNECT_TIMEOUT_MS: '5s' }, 'DB_CONNECT_TIMEOUT_MS must be a whole number, got "5s"'],
    [{ DB_STATEMENT_TIMEOUT_MS: '10' }, 'DB_STATEMENT_TIMEOUT_MS must be between 100 and 600000, got 10'],
    [{ REDIS_COMMAND_TIMEOUT_MS: '5000' }, 'REDIS_COMMAND_TIMEOUT_MS must be between 50 and 1000, got 5000'],
    [{ SQLITE_SYNCHRONOUS: 'off' }, 'SQLITE_SYNCHRONOUS must be one of full, normal, got "off"'],
  ])('refuses %j with a ConfigError saying what is wrong', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['', false], ['0', false], ['1', true], ['true', true], ['127.0.0.1, 10.0.0.0/8', '127.0.0.1, 10.0.0.0/8'],
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
    expect(() => loadConfig({ ...certs.env, APNS_URL: 'ftp://apns' })).toThrow(/APNS_URL must start with/);
  });
});
