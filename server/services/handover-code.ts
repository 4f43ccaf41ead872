// The short code a pending claim shows on the customer's phone, for staff to match or type:
// 5 characters from an alphabet without look-alikes, drawn with a CSPRNG, new per claim.
import crypto from 'node:crypto';
import { HANDOVER_CODE_ALPHABET, HANDOVER_CODE_LENGTH } from '../../src/api/contract/limits';

export function newHandoverCode(): string {
  let code = '';
  for (let i = 0; i < HANDOVER_CODE_LENGTH; i += 1) code += HANDOVER_CODE_ALPHABET[crypto.randomInt(HANDOVER_CODE_ALPHABET.length)];
  return code;
}

/** What staff typed, as a code: case, spaces and dashes do not matter. */
export function normalizeHandoverCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}
