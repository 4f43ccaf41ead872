// GET /api/images/:id — stored logos and covers, public (the customer page shows them too) and
// cached forever: the id is the SHA-256 of the bytes, so a URL never changes what it shows.
// GET /api/images/pass-strips/:name — the stamps strip of a wallet pass, fetched by Google Wallet for the
// pass's hero image; public and cached forever too: a name stands for one drawing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../src/api/contract/common';
import { ImageBytes, ImageParams, NotModified, PassStripParams } from '../../src/api/contract/images';
import { notFound } from '../http-errors';
import { findStoredImage } from '../services/images';
import { passStripByName } from '../services/pass-strips';
import { named } from '../plugins/plugin-name';

/** The entity tags an If-None-Match header lists (`"a", W/"b"`, or `*`), weak prefixes dropped. */
function listedEtags(ifNoneMatch: string | undefined): string[] {
  return ifNoneMatch ? ifNoneMatch.split(',').map((candidate) => candidate.trim().replace(/^W\//, '')) : [];
}

const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['images'],
      summary: 'A stored logo or cover image (public, immutable).',
      params: ImageParams,
      response: {
        200: ImageBytes,
        304: NotModified,
        400: ErrorBody,
        404: ErrorBody,
      },
    },
    // A 304 carries no body (RFC 9110 §15.4.5). Node's HTTP server drops one anyway; saying so here keeps the
    // answer the same under inject() and behind any proxy.
    onSend: async (_request, reply, payload) => (reply.statusCode === 304 ? '' : payload),
  }, async (request, reply) => {
    const { id } = request.params;
    const etag = `"${id}"`;
    const headers = { 'cache-control': 'public, max-age=31536000, immutable', etag };
    const listed = listedEtags(request.headers['if-none-match']);
    // The id is the content hash: a client holding a copy under this tag holds the right bytes,
    // so the database is not even asked.
    if (listed.includes(etag)) return reply.code(304).headers(headers).send(null);
    const image = await findStoredImage(app.deps, id);
    if (!image) throw notFound('No such image.');
    if (listed.includes('*')) return reply.code(304).headers(headers).send(null);
    return reply.headers(headers).type(image.mime).send(image.data);
  });

  app.get('/pass-strips/:name', {
    config: { access: 'public' },
    schema: {
      tags: ['images'],
      summary: "A wallet pass's stamps strip (public, immutable; only names this server handed out).",
      params: PassStripParams,
      response: { 200: ImageBytes, 400: ErrorBody, 404: ErrorBody },
    },
  }, async (request, reply) => {
    const strip = await passStripByName(app.deps, request.params.name);
    if (!strip) throw notFound('No such image.');
    return reply.headers({ 'cache-control': 'public, max-age=31536000, immutable' }).type('image/png').send(strip);
  });
};

export default named(imageRoutes);
