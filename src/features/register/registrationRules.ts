// Client-side checks matching the server's registration rules (server/services/accounts.ts), so a typo is
// caught on the form before Register is pressed.
import { EMAIL_MAX_LENGTH, WEBSITE_MAX_LENGTH } from '../../api/contract/limits';

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;
// One @, no spaces or quotes, a dotted domain of letters, digits and hyphens (IDNs as punycode).
const EMAIL = /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

export function isEmailAddress(raw: string): boolean {
  const email = raw.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email);
}

/** Empty, a bare domain (corner.cafe) or an http(s) address without credentials. */
export function isWebAddress(raw: string): boolean {
  const typed = raw.trim();
  if (typed === '') return true;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  if (/\s/.test(candidate) || candidate.length > WEBSITE_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return HOSTNAME.test(url.hostname);
}

/** An antd Form rule from a predicate over the field's text. */
export function textRule(accepts: (text: string) => boolean, message: string) {
  return {
    validator: (_rule: unknown, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || accepts(value) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
