// /api/images/{id}: stored logos and covers, public and immutable (the id is the SHA-256 of the bytes).
import { Type } from '@fastify/type-provider-typebox';

export const ImageParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the image bytes' }) });

export const PassStripParams = Type.Object({
  name: Type.String({ pattern: '^\\d{1,3}-\\d{1,3}-[0-9a-f]{32}\\.png$', description: 'The strip\'s name as a pass refers to it: <stamps>-<goal>-<signature>.png' }),
});

export const ImageBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP bytes' });

export const NotModified = Type.Null({ description: 'Not modified (If-None-Match matched)' });
