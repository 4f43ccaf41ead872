// The configuration of the test apps. `loadConfig` reads its environment through env-schema, whose Ajv
// validator costs a test file about a tenth of a second of CPU to load and compile, and the test apps of every
// file are configured by the same two environments. So the server projects' global set-up reads those once per
// run and hands the workers (which it starts after it returns) the result; a file takes a fresh copy per app, as
// `loadConfig` would give. Any other environment, or a file run without the global set-up, goes through
// `loadConfig` itself. test/server/config.test.ts checks `loadConfig` over real environments.
import { isDeepStrictEqual } from 'node:util';
import type { Config } from '../../server/config';
import type { RawEnv } from '../../server/config/read-env';

/** buildTestApp's environment. */
export const TEST_APP_ENV: RawEnv = { PUBLIC_URL: 'http://stampwise.test', DATA_DIR: '/tmp/stampwise-test' };
/** The same on HTTPS (web push needs an https: subject). */
export const HTTPS_TEST_APP_ENV: RawEnv = { PUBLIC_URL: 'https://stampwise.test', DATA_DIR: '/tmp/stampwise-test' };

/** Where the global set-up leaves the configurations, as JSON. */
const CONFIGS_VARIABLE = 'STAMPWISE_TEST_CONFIGS';
/** JSON has no `undefined`: a member that is undefined (unset in the environment) travels as this. */
const UNDEFINED = '\u0000undefined';

const envKey = (env: RawEnv): string => JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

/** Parsed in the test file's own realm (jest's sandbox), so its objects are the file's plain objects. */
function decode(json: string): unknown {
  const restore = (value: unknown): unknown => {
    if (value === UNDEFINED) return undefined;
    if (value && typeof value === 'object') for (const [name, member] of Object.entries(value)) (value as Record<string, unknown>)[name] = restore(member);
    return value;
  };
  return restore(JSON.parse(json));
}

/** The global set-up: the test apps' configurations, once for the run. */
export function shareTestAppConfigs(loadConfig: (env: RawEnv) => Config): void {
  const configs = Object.fromEntries([TEST_APP_ENV, HTTPS_TEST_APP_ENV].map((env) => [envKey(env), loadConfig(env)]));
  const json = JSON.stringify(configs, (_name, value: unknown) => (value === undefined ? UNDEFINED : value));
  // A configuration member that JSON cannot carry (a Buffer, a Date) must not reach the apps changed.
  if (!isDeepStrictEqual(decode(json), configs)) throw new Error('the test apps\' configuration does not survive JSON: give testConfig another encoding');
  process.env[CONFIGS_VARIABLE] = json;
}

/** `loadConfig(env)`, from the run's shared configurations where `env` is one of them. */
export function testConfig(env: RawEnv): Config {
  const json = process.env[CONFIGS_VARIABLE];
  if (json) {
    // Parsed each time: every app gets objects of its own, which a test may change.
    const config = (decode(json) as Record<string, Config | undefined>)[envKey(env)];
    if (config) return config;
  }
  // Loaded only here, so a file that needs no other environment never loads env-schema and Ajv.
  return jest.requireActual<typeof import('../../server/config')>('../../server/config').loadConfig(env);
}
