// Helmet's security headers, worked out once at start-up instead of on every request.
// @fastify/helmet rebuilds helmet's middleware (parsing every CSP directive) per request, ~3% of a light
// route. The headers never vary per request here (no CSP nonces, no per-route options), so one probe
// request against a throwaway instance with the same options tells them, and a hook copies them on.
//
// Two sets: documents (the SPA's pages, static files, the API docs) get helmet's full set; API answers
// (JSON, and the images under /api/images) get the set OWASP's REST Security Cheat Sheet lists for API
// responses, about a third of the bytes. The document-only headers (a CSP of many directives, COOP,
// Origin-Agent-Cluster, DNS prefetch, X-XSS-Protection, X-Download-Options, X-Permitted-Cross-Domain-Policies,
// Referrer-Policy) govern what a page does — scripts, links, windows — and a JSON answer is no page.
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { sharedSchemaCompilers } from '../infra/schema-compilers';

/** The headers helmet adds with `options`: a probe with helmet minus the same probe without it. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    // No schemas: the shared compilers, which load no compiler package until a schema is compiled (Fastify's
    // default ones load Ajv's and fast-json-stringify's).
    const instance = Fastify({ schemaController: { compilersFactory: sharedSchemaCompilers } });
    if (withHelmet) await instance.register(helmet, options);
    instance.get('/', async () => 'probe');
    const response = await instance.inject({ method: 'GET', url: '/' });
    await instance.close();
    return response.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (plain[name] === undefined && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * What an API answer carries (OWASP REST Security Cheat Sheet, "Security Headers"), given the document set:
 * - `content-security-policy: default-src 'none'; frame-ancestors 'none'`: never framed (clickjacking), and
 *   should a browser ever render an answer as a page, it may load and run nothing;
 * - `x-content-type-options: nosniff`: the declared type (application/json, image/*) is the only reading;
 * - `x-frame-options: DENY`: the same as frame-ancestors for browsers that predate it;
 * - `cross-origin-resource-policy: same-origin`: another site cannot pull an answer or an image into its page;
 * - `cache-control: no-store`: no browser or proxy keeps a copy of a vendor's data; a route whose answer may
 *   be kept (an image, named by its content hash) sets its own;
 * - `strict-transport-security` exactly when the document set has it (an https PUBLIC_URL).
 */
export function apiHeadersFrom(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Whether a request path is answered by the API (JSON or an image) rather than by a document. */
export function isApiPath(url: string): boolean {
  // /api/docs is the interactive documentation: an HTML page with scripts, so a document.
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

// The probe's answer depends only on the options, so apps built in one process with the same plain-data options
// share it: the API tests build hundreds of apps per run, and the two probe instances cost each of them about as
// much as registering a route module. Options with a function (a CSP directive computed per request) are probed
// each time, since their text would not tell two functions apart.
const headersByOptions = new Map<string, Promise<Record<string, string>>>();

function sharedHelmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  let plainData = true;
  const key = JSON.stringify(options, (_name, value: unknown) => {
    if (typeof value === 'function') plainData = false;
    return value;
  });
  if (!plainData) return helmetHeaders(options);
  let headers = headersByOptions.get(key);
  if (!headers) {
    headers = helmetHeaders(options);
    headersByOptions.set(key, headers);
    // A probe that failed is not kept: the next app tries again.
    headers.catch(() => headersByOptions.delete(key));
  }
  return headers;
}

/** Sets the security headers (computed once) on every answer, errors and 404s included. */
export default fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const documentHeaders = { ...(await sharedHelmetHeaders(options)) };
  const apiHeaders = apiHeadersFrom(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : documentHeaders);
    done();
  });
}, { name: 'security-headers' });
