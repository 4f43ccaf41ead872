// Names that reach the database without passing the request schemas (src/api/contract/text.ts): what a
// PDF's text layer reads, what an identity provider says a person is called. The schemas refuse control
// characters and bidi embeddings, overrides and isolates in what a form sends; a name from elsewhere has
// no form to send back, so it is tidied instead of refused: the same characters never get stored either way.

/**
 * Control characters and line or paragraph separators become spaces, bidi embeddings, overrides and
 * isolates go (the marks U+200E, U+200F and U+061C stay, as the schemas let them through), runs of
 * whitespace become one space, ends trimmed. NFC first, so the stored text compares as typed text does.
 */
export function plainSingleLine(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** plainSingleLine, then cut to at most `maxLength` characters (code points: an emoji is never halved). */
export function plainSingleLineOfAtMost(raw: string, maxLength: number): string {
  const text = plainSingleLine(raw);
  const characters = [...text];
  return characters.length <= maxLength ? text : characters.slice(0, maxLength).join('').trimEnd();
}

/**
 * Characters that show as nothing — zero-width space, non-joiner and joiner, word joiner, byte-order mark,
 * soft hyphen, Mongolian vowel separator, the Hangul fillers — and whitespace.
 * Inside a name they may belong there (a joiner in an emoji or a Persian word); at either end they never do.
 */
const BLANK_ENDS = /^[\s\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060\u3164\ufeff\uffa0]+|[\s\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060\u3164\ufeff\uffa0]+$/g;

/**
 * A name trimmed of whitespace and of invisible characters at its ends, so a name of nothing but them is
 * empty and refused as one: a person, a counter screen or a customer whose name shows as nothing would leave
 * blank the lines that say who did what ("removed by", "collected on", "handed over by").
 */
export function trimName(raw: string): string {
  return raw.replace(BLANK_ENDS, '');
}
