// aria-query for the client test files: the one copy the environment loaded for this worker
// (test/setup/client-environment.ts), mapped over the package by jest.config.ts.
const shared = globalThis.__clientTestShared;
if (!shared) throw new Error('aria-query is shared by test/setup/client-environment.ts: the client project must use that environment');
module.exports = shared.ariaQuery;
