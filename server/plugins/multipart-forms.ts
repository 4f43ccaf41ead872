// Multipart forms (@fastify/multipart, attachFieldsToBody 'keyValues') for the routes that take them —
// registration, the store profile, the menu upload — and nowhere else. The plugin adds three
// hooks (onRequest, preValidation, onResponse) to every route of the context it is registered in; at the
// root they cost each request of the app ~10 µs, /api/health and the scans included. Register this inside
// a context holding only the multipart routes.
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '../../src/api/contract/limits';
import malformedBodies from './malformed-bodies';

export default fp(async (app) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 20, fieldSize: 16 * 1024, parts: 24 },
  });
  // After @fastify/multipart: hooks run in registration order, so its marker runs after the parser.
  await app.register(malformedBodies);
}, { name: 'multipart-forms' });
