// Reads the environment through the schema (env-schema over ajv): defaults filled in, every bad value
// reported at once, each as "NAME must be <the fix>, got <value>".
import Ajv, { type ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import { ENV_SCHEMA, variableSchema, type Env, type EnvName } from './env-schema';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type RawEnv = Record<string, string | undefined>;

// No type coercion: ajv would take "1e3" or "0x10" for a number. Whole numbers are recognised below, by
// their digits only, and anything else stays a string that the schema refuses.
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, removeAdditional: true });
ajv.addFormat('url', (value: string) => URL.canParse(value));

const NAMES = Object.keys(ENV_SCHEMA.properties) as EnvName[];

/** Values are trimmed and an empty one counts as unset, so `PORT=` in a unit file means the default. */
function normalise(env: RawEnv): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const name of NAMES) {
    const trimmed = env[name]?.trim();
    if (!trimmed) continue;
    const schema = variableSchema(name);
    if (schema.type === 'integer' && /^\d+$/.test(trimmed)) values[name] = Number(trimmed);
    else if (schema.enum) values[name] = trimmed.toLowerCase();
    else values[name] = trimmed;
  }
  return values;
}

/** What a refusal may repeat of the value: never a secret, and a URL without its password. */
function shown(name: EnvName, raw: string): string {
  if (name === 'SESSION_SECRET' || name === 'GOOGLE_CLIENT_SECRET' || name === 'APPLE_PASS_KEY_PASSPHRASE' || name === 'VAPID_PRIVATE_KEY') return '';
  if (variableSchema(name).format === 'url' && URL.canParse(raw)) {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return `, got "${parsed.href}"`;
  }
  return `, got "${raw}"`;
}

function describe(errors: ErrorObject[], env: RawEnv): string {
  const refused = new Set<EnvName>();
  for (const error of errors) refused.add(error.instancePath.slice(1) as EnvName);
  return NAMES.filter((name) => refused.has(name))
    .map((name) => `${name} must be ${variableSchema(name).description ?? 'valid'}${shown(name, env[name]?.trim() ?? '')}`)
    .join('\n');
}

function isAjvFailure(error: unknown): error is Error & { errors: ErrorObject[] } {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}

export function readEnv(env: RawEnv): Env {
  try {
    return envSchema<Env>({ schema: ENV_SCHEMA, data: normalise(env), env: false, dotenv: false, ajv });
  } catch (error) {
    if (isAjvFailure(error)) throw new ConfigError(describe(error.errors, env));
    throw error;
  }
}
