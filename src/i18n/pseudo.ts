// The pseudo-language en-XA: every text of the catalogue accented and bracketed (⟦Ŝţàmƥ⟧), placeholders kept,
// so a page rendered in it shows at a glance (and to the browser check) any text that did not come from the catalogue.
import type { CompiledCatalogue, CompiledMessage } from './catalogue';

const ACCENTED: Record<string, string> = {
  a: 'à', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'ƥ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'À', B: 'Ɓ', C: 'Ç', D: 'Ď', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Ƥ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** A compiled message is a list of tokens: literal text, or a placeholder [name, format?, options?] whose options are messages. */
type Token = string | [string, string?, Record<string, Token[]>?];

/** Accents the literal text of a compiled message; placeholder names and plural keys stay as they are. */
function accentTokens(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return accent(token);
    const [name, format, options] = token;
    if (!options) return token;
    const accented: Record<string, Token[]> = {};
    // A plural's options also hold its offset (a number or undefined), which stays as it is.
    for (const [key, value] of Object.entries(options)) accented[key] = Array.isArray(value) ? accentTokens(value) : value;
    return [name, format, accented];
  });
}

/** Keys of a UI library's locale whose values are formats or codes, not texts ("M/D/YYYY", "en_US"). */
const NOT_TEXT_KEY = /format|^locale$/i;

/**
 * A UI library's own texts (antd's "Select date", "Clear", "Close") in the pseudo-language, so the check tells
 * them apart from English the app wrote itself: strings accented and bracketed, `${label}` templates and
 * formats kept.
 */
export function pseudoTexts<T>(english: T): T {
  const convert = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      if (NOT_TEXT_KEY.test(key) || !/[A-Za-z]/.test(value)) return value;
      const accented = value.split(/(\$\{[^}]*\})/).map((part) => (part.startsWith('${') ? part : accent(part))).join('');
      return `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`;
    }
    if (Array.isArray(value)) return value.map((item) => convert(item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, convert(item, name)]));
    }
    return value;
  };
  return convert(english, '') as T;
}

export function pseudoCatalogue(english: CompiledCatalogue): CompiledCatalogue {
  const pseudo: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(english)) {
    const tokens: Token[] = typeof message === 'string' ? [message] : (message as Token[]);
    pseudo[id] = [PSEUDO_OPEN, ...accentTokens(tokens), PSEUDO_CLOSE] as CompiledMessage;
  }
  return pseudo;
}
