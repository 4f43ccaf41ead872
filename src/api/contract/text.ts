// The one TypeBox schema for free text a client sends: every request schema of the contract uses it, so
// control characters (NUL above all, which PostgreSQL refuses in text columns and SQLite would store) are
// refused with a 400 before any service or database sees them — on both databases alike.
import { Type, type TStringOptions as StringOptions } from '@fastify/type-provider-typebox';

// JSON-schema patterns are compiled by Ajv with the `u` flag; written out so the schema in
// /api/docs says exactly what is refused. C0 controls, DEL and the C1 block are never text. Nor are
// Unicode's line and paragraph separators (U+2028, U+2029: a line break no form sends) or its bidi
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): one in a name reorders what follows
// it wherever the name is shown — a mail, the customer list, a CSV cell, a wallet pass ("Trojan Source").
// The marks (U+200E, U+200F, U+061C) stay: they reorder nothing beyond a neutral character beside them.
/** Single-line text: no control character at all (tab and line breaks included). */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$';
/** Multi-line text: tab, line feed and carriage return are allowed, no other control character. */
export const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$';

/** What the API answers for a field that failed one of these patterns (Ajv's own text would print the regex). */
export const CONTROL_CHARACTERS_MESSAGE = 'contains characters that are not allowed';

export function isControlCharacterPattern(pattern: unknown): boolean {
  return pattern === SINGLE_LINE_PATTERN || pattern === MULTI_LINE_PATTERN;
}

/** A free-text field on one line (names, e-mail addresses, item names, a reward's text). */
export const Text = (options: StringOptions = {}) => Type.String({ ...options, pattern: SINGLE_LINE_PATTERN });

/** A free-text field where line breaks belong (a message, opening hours typed on several lines). */
export const MultilineText = (options: StringOptions = {}) => Type.String({ ...options, pattern: MULTI_LINE_PATTERN });

/** The same rule for a string that may be null (`type: [string, null]`, so coercion never turns null into ""). */
export const NullableText = (options: { maxLength?: number; description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options, pattern: SINGLE_LINE_PATTERN });
