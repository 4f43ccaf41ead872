// One log line per request instead of Fastify's two ("incoming request" and "request
// completed"). At the default level (info) logging is a large share of a light request's cost; the one
// line keeps everything both said (method, url, client address, status, time), the url without its secrets.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A UUID: a store, card, claim or campaign id, which a log keeps (it opens nothing by itself). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A link token, ticket or code: 20 or more URL-safe characters in one piece. */
const SECRET_PIECE = /^[A-Za-z0-9_-]{20,}$/;
/** Query parameters that carry a ticket or a sign-in code (Google's callback, the live feed, a pass download). */
const SECRET_QUERY = new Set(['ticket', 'token', 'code', 'state']);
const HIDDEN = '…';

function loggableSegment(segment: string): string {
  // An unsubscribe token joins a store id, a customer id and its signature with dots: each piece is judged alone.
  return segment.split('.').map((piece) => (SECRET_PIECE.test(piece) && !UUID.test(piece) ? HIDDEN : piece)).join('.');
}

/**
 * The url as a log may keep it: every path segment that is a link token (a password reset, an invitation, a
 * wallet's sign-in link, an unsubscribe link, a counter code) and every ticket or code in the query is
 * replaced by "…". Whoever reads the logs could otherwise use a link its owner has not opened yet.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path.split('/').map(loggableSegment).join('/');
  if (queryAt === -1) return safePath;
  const query = url.slice(queryAt + 1).split('&').map((pair) => {
    const name = pair.split('=')[0] ?? '';
    return SECRET_QUERY.has(name.toLowerCase()) ? `${name}=${HIDDEN}` : pair;
  });
  return `${safePath}?${query.join('&')}`;
}

/** What Fastify's `req` serializer reads, with the url made loggable. */
function loggableRequest(request: FastifyRequest) {
  return { method: request.method, url: loggableUrl(request.url), headers: request.headers, host: request.host, ip: request.ip, socket: request.socket };
}

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by requestCompleted, together with the outcome.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const req = loggableRequest(request);
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
