// JSON bodies are parsed by Fastify's own parser (prototype-poisoning checks, empty and malformed bodies
// answered as always), after one linear pass that measures how deeply the text nests. JSON.parse spends
// ~25 ms of CPU on a 1 MiB text nested half a million deep, holding up every other request meanwhile; no
// route takes a body more than a few levels deep, so such a text is refused before it is parsed.
import fp from 'fastify-plugin';
import { badRequest } from '../http-errors';

/** Deepest nesting of arrays and objects a JSON body may have: far above the deepest body any route takes (2). */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` opens more than `limit` arrays or objects inside one another. Brackets inside strings do not
 * count; the text need not be valid JSON (the parser judges that), and the scan stops at the first level too many.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string's contents; an escaped character (\" or \\) never ends it.
      for (i += 1; i < length; i += 1) {
        const inString = text.charCodeAt(i);
        if (inString === BACKSLASH) i += 1;
        else if (inString === QUOTE) break;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/** Registered on the root instance before any route, so every route context inherits it; a route's own parser still wins. */
export default fp(async (app) => {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  // No bodyLimit here: the parser takes the instance's (1 MiB), as Fastify's own did.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}, { name: 'json-bodies' });
