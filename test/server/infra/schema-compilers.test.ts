// The API tests' apps compile each route's schemas at the route's first request: what a client gets back must
// be what a server that compiled them at its start answers, and a schema that does not compile must never let
// a request through. Given a store, the compiled code is kept there and the next process evaluates it instead
// of compiling: its apps must answer alike too.
import Fastify, { type FastifyInstance } from 'fastify';
import { type SchemaCodeStore, schemaCompilersAtFirstUse, sharedSchemaCompilers } from '../../../server/infra/schema-compilers';

type Compilers = typeof sharedSchemaCompilers;

const NAME_BODY = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } }, additionalProperties: false } as const;
const PROFILE_QUERY = { type: 'object', properties: { email: { type: 'string', format: 'email' }, size: { type: 'integer', default: 3 }, tags: { type: 'array', items: { type: 'string' } } } } as const;
const GREETING = { 200: { type: 'object', properties: { greeting: { type: 'string' } } } } as const;

async function appWith(compilers: Compilers, body: object = NAME_BODY): Promise<FastifyInstance> {
  // The server's Ajv options: a single value where the schema wants an array becomes a one-item array.
  const app = Fastify({ ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } }, schemaController: { compilersFactory: compilers } });
  // `secret` is not in the response schema: the serializer leaves it out.
  app.post('/greet', { schema: { body, response: GREETING } }, async (request) => ({ greeting: `Hello ${(request.body as { name: string }).name}`, secret: 'kept' }));
  // A format (ajv-formats'), a default, coercion of a query string.
  app.get('/profile', { schema: { querystring: PROFILE_QUERY, response: { 200: PROFILE_QUERY } } }, async (request) => request.query);
  app.post('/numbers', { schema: { body: { type: 'array', items: { type: 'integer' } } } }, async (request) => ({ numbers: request.body }));
  await app.ready();
  return app;
}

const profile = async (app: FastifyInstance, query: string) => {
  const response = await app.inject({ method: 'GET', url: `/profile${query}` });
  return { status: response.statusCode, body: response.json() as unknown };
};

const answer = async (app: FastifyInstance, payload: unknown) => {
  const response = await app.inject({ method: 'POST', url: '/greet', payload: payload as object });
  return { status: response.statusCode, body: response.json() as unknown };
};

test('a route compiled at its first request answers valid and invalid bodies as one compiled at the start', async () => {
  const atStart = await appWith(sharedSchemaCompilers);
  const atFirstUse = await appWith(schemaCompilersAtFirstUse());
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
  const atFirstUse = await appWith(schemaCompilersAtFirstUse(), broken);
  try {
    const refused = await answer(atFirstUse, { name: 'Ada' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/no-such-type/);
  } finally {
    await atFirstUse.close();
  }
});

/** A store in memory, counting what it is asked. */
function memoryStore() {
  const code = new Map<string, string>();
  const counts = { read: 0, hit: 0, write: 0 };
  const store: SchemaCodeStore = {
    read(key) {
      counts.read += 1;
      const known = code.get(key);
      if (known !== undefined) counts.hit += 1;
      return known;
    },
    write(key, generated) {
      counts.write += 1;
      code.set(key, generated);
    },
  };
  return { store, counts, code };
}

/** The compilers as a test file that loads the server afresh has them: nothing compiled or evaluated yet. */
const freshCompilers = (store: SchemaCodeStore): Compilers => {
  let compilers: Compilers | undefined;
  jest.isolateModules(() => {
    compilers = jest.requireActual<typeof import('../../../server/infra/schema-compilers')>('../../../server/infra/schema-compilers').schemaCompilersAtFirstUse(store);
  });
  return compilers!;
};

test('code kept by one process answers in the next as a route compiled at the start', async () => {
  const { store, counts, code } = memoryStore();
  const atStart = await appWith(sharedSchemaCompilers);
  const generating = await appWith(freshCompilers(store));
  const payloads = [{ name: 'Ada' }, { name: 'A' }, {}, { name: 'Ada', extra: 1 }, { name: 7 }, 'not json'];
  const numbers = async (app: FastifyInstance, payload: string) => {
    const response = await app.inject({ method: 'POST', url: '/numbers', payload, headers: { 'content-type': 'application/json' } });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  try {
    for (const payload of payloads) expect(await answer(generating, payload)).toEqual(await answer(atStart, payload));
    for (const payload of ['7', '[1,"2"]', '["x"]']) expect(await numbers(generating, payload)).toEqual(await numbers(atStart, payload));
    const profiles = ['?email=ada@example.com', '?email=ada', '?size=7&tags=a', '?size=big', ''];
    for (const query of profiles) expect(await profile(generating, query)).toEqual(await profile(atStart, query));
    expect(await profile(generating, '?tags=a')).toEqual({ status: 200, body: { size: 3, tags: ['a'] } });
    // The body and response of /greet, the body of /numbers, the query and response of /profile.
    expect(counts).toEqual({ read: 5, hit: 0, write: 5 });
    expect([...code.values()].every((generated) => generated.includes('module.exports'))).toBe(true);

    const restored = await appWith(freshCompilers(store));
    try {
      for (const payload of payloads) expect(await answer(restored, payload)).toEqual(await answer(atStart, payload));
      for (const payload of ['7', '[1,"2"]', '["x"]']) expect(await numbers(restored, payload)).toEqual(await numbers(atStart, payload));
      expect(await numbers(restored, '7')).toEqual({ status: 200, body: { numbers: [7] } });
      for (const query of profiles) expect(await profile(restored, query)).toEqual(await profile(atStart, query));
      expect(counts).toEqual({ read: 10, hit: 5, write: 5 });
    } finally {
      await restored.close();
    }
  } finally {
    await atStart.close();
    await generating.close();
  }
});

test('with a store, a schema that does not compile still refuses the request, and nothing is kept', async () => {
  const { store, counts } = memoryStore();
  const broken = { type: 'object', properties: { name: { type: 'no-such-type' } } };
  const app = await appWith(freshCompilers(store), broken);
  try {
    const refused = await answer(app, { name: 'Ada' });
    expect(refused.status).toBe(400);
    // What a server with this schema refuses to start with.
    expect(JSON.stringify(refused.body)).toMatch(/schema is invalid: data\/properties\/name\/type must be equal to one of the allowed values/);
    expect((await answer(app, { name: 'Ada' })).status).toBe(400);
    expect(counts.write).toBe(0);
  } finally {
    await app.close();
  }
});
