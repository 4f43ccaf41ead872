// Password hashing (argon2id) and the password rule: 8–128 characters, not a commonly used password.
import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/api/contract/limits';
import { textError, type ErrorText, type HttpError } from '../http-errors';
import { text } from '../infra/texts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

// OWASP's baseline for argon2id: 19 MiB, 2 passes, 1 lane (about 20–100 ms here).
// algorithm 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * ~49,000 passwords from public breach lists (zxcvbn's "passwords-common"), lower-cased. Loaded at the first
 * password checked: the package decompresses all of its word lists when it loads (some 50 ms of CPU), which a
 * process that never checks a password (a worker, most server test files) need not spend.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
const loadCommonPasswords = async (): Promise<ReadonlySet<string>> => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
};

// The same Unicode text can arrive in different byte forms (é vs e + ◌́); hash one form.
const normalize = (password: string): string => password.normalize('NFKC');

/** Why the password is refused, as a catalogue sentence, or null when it is acceptable. */
export async function passwordProblem(password: string): Promise<ErrorText | null> {
  const length = [...normalize(password)].length;
  if (length < PASSWORD_MIN_LENGTH) return { id: 'passwordRules.tooShort', values: { min: PASSWORD_MIN_LENGTH } };
  if (length > PASSWORD_MAX_LENGTH) return { id: 'passwordRules.tooLong', values: { max: PASSWORD_MAX_LENGTH } };
  // A failed load (a broken install) is not kept: the next password checked tries again.
  commonPasswords ??= loadCommonPasswords().catch((error: unknown) => {
    commonPasswords = undefined;
    throw error;
  });
  if ((await commonPasswords).has(normalize(password).toLowerCase())) return { id: 'passwordRules.tooCommon' };
  return null;
}

/**
 * Refuses a password that breaks the rule: 400, the sentence in the reader's language (the forms show it under the
 * password field), the English one in the `password` field's details.
 */
export function passwordRefusal(problem: ErrorText): HttpError {
  return textError(400, problem.id, problem.values, [{ field: 'password', message: text('en', problem.id, problem.values) }]);
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false;
  }
}

// Made once, lazily, with the same cost as real hashes; its password is random and thrown away.
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real password check and answers false. Used when there is no account
 * (or no password yet) so that "unknown e-mail" and "wrong password" cannot be told apart by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(crypto.randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
