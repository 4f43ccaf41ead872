// The API tests' apps compile each route's schemas at the route's first request: what a client gets back must
// be what a server that compiled them at its start answers, and a schema that does not compile must never let
// a request through.
import Fastify, { type FastifyInstance } from 'fastify';
import { schemaCompilersAtFirstUse, sharedSchemaCompilers } from '../../../server/infra/schema-compilers';

type Compilers = typeof sharedSchemaCompilers;

const NAME_BODY = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } }, additionalProperties: false } as const;
const GREETING = { 200: { type: 'object', properties: { greeting: { type: 'string' } } } } as const;

async function appWith(compilers: Compilers, body: object = NAME_BODY): Promise<FastifyInstance> {
  // The server's Ajv options: a single value where the schema wants an array becomes a one-item array.
  const app = Fastify({ ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } }, schemaController: { compilersFactory: compilers } });
  // `secret` is not in the response schema: the serializer leaves it out.
  app.post('/greet', { schema: { body, response: GREETING } }, async (request) => ({ greeting: `Hello ${(request.body as { name: string }).name}`, secret: 'kept' }));
  app.post('/numbers', { schema: { body: { type: 'array', items: { type: 'integer' } } } }, async (request) => ({ numbers: request.body }));
  await app.ready();
  return app;
}

const answer = async (app: FastifyInstance, payload: unknown) => {
  const response = await app.inject({ method: 'POST', url: '/greet', payload: payload as object });
  return { status: response.statusCode, body: response.json() as unknown };
};

test('a route compiled at its first request answers valid and invalid bodies as one compiled at the start', async () => {
  const atStart = await appWith(sharedSchemaCompilers);
  const atFirstUse = await appWith(schemaCompilersAtFirstUse);
  try {
    for (const payload of [{ name: 'Ada' }, { name: 'A' }, {}, { name: 'Ada', extra: 1 }, { name: 7 }]) {
      expect(await answer(atFirstUse, payload)).toEqual(await answer(atStart, payload));
    }
    expect(await answer(atFirstUse, { name: 'Ada' })).toEqual({ status: 200, body: { greeting: 'Hello Ada' } });
    expect((await answer(atFirstUse, { name: 'A' })).status).toBe(400);
    // Ajv replaces the whole body it coerced: it needs the request as the body's parent.
    const numbers = async (app: FastifyInstance) => (await app.inject({ method: 'POST', url: '/numbers', payload: '7', headers: { 'content-type': 'application/json' } })).json() as unknown;
    expect(await numbers(atFirstUse)).toEqual({ numbers: [7] });
    expect(await numbers(atFirstUse)).toEqual(await numbers(atStart));
  } finally {
    await atStart.close();
    await atFirstUse.close();
  }
});

test('a schema that does not compile refuses the request with a 400 naming the error', async () => {
  const broken = { type: 'object', properties: { name: { type: 'no-such-type' } } };
  await expect(appWith(sharedSchemaCompilers, broken)).rejects.toThrow(/schema is invalid/);
  const atFirstUse = await appWith(schemaCompilersAtFirstUse, broken);
  try {
    const refused = await answer(atFirstUse, { name: 'Ada' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/no-such-type/);
  } finally {
    await atFirstUse.close();
  }
});
