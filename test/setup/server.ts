// Server tests exercise real OCR, hashing and databases; give them room on a 2-core machine.
jest.setTimeout(60_000);

// argon2id at the production cost (19 MiB, 2 passes) is 25 ms of CPU per hash or check, and the suites sign up
// and sign in through the API hundreds of times. No test reads the cost, so the server's hashes here are argon2id
// at the smallest one: still salted, stored and checked for real. login.test.ts, which checks that the dummy hash
// an unknown e-mail is checked against costs what a real one does, compares the options each hash was asked for.
jest.mock('@node-rs/argon2', () => {
  const actual: typeof import('@node-rs/argon2') = jest.requireActual('@node-rs/argon2');
  const cheapest = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return { ...actual, hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) => actual.hash(password, { ...options, ...cheapest }) };
});

// Fastify names a plugin without a display name by searching the module cache for its module, and in jest that
// cache is a proxy over the file's whole module registry (some 800 modules, ~5 ms an app). @fastify/swagger-ui
// registers its routes plugin so; it gets the name that search finds, its module's path, given up front.
jest.mock('@fastify/swagger-ui/lib/routes', () => {
  const routes: object = jest.requireActual('@fastify/swagger-ui/lib/routes');
  Object.defineProperty(routes, Symbol.for('fastify.display-name'), { value: require.resolve('@fastify/swagger-ui/lib/routes') });
  return routes;
});
