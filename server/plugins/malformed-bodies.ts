// Malformed multipart bodies (no boundary, cut off mid-part, garbage between boundaries) make busboy
// throw plain Errors with no status code while @fastify/multipart reads the body in its preValidation
// hook. Those are the client's fault: this plugin notes when a multipart body was read completely,
// so the error handler can tell a parse failure (400) from a server failure later on (500).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { badRequest, type HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** True once @fastify/multipart has read the whole body (set by the hook below). */
    multipartBodyRead: boolean;
  }
}

export const MALFORMED_MULTIPART_MESSAGE = 'The form could not be read: it is incomplete or malformed. Please send it again.';

/**
 * A 400 for an error thrown while a multipart body was being parsed, or null when the error is
 * something else (it already has a status, or the body had been read before it happened).
 */
export function malformedMultipartError(request: FastifyRequest, error: { statusCode?: number }): HttpError | null {
  if (error.statusCode !== undefined) return null;
  // Outside the multipart routes' context the request has no isMultipart (server/plugins/multipart-forms.ts).
  if (typeof request.isMultipart !== 'function' || !request.isMultipart() || request.multipartBodyRead) return null;
  return badRequest(MALFORMED_MULTIPART_MESSAGE);
}

/** Registered after @fastify/multipart by multipart-forms.ts: hooks run in registration order, so this one runs after its parser. */
export default fp(async (app) => {
  app.decorateRequest('multipartBodyRead', false);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.multipartBodyRead = true;
  });
}, { name: 'malformed-bodies' });
