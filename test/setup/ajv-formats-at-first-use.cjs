// ajv-formats as @fastify/type-provider-typebox's bundle sees it: the real package loads when first used. The
// type provider requires it at its own load for `registerAjvFormats()`, which the server never calls, and
// ajv-formats loads the whole of Ajv with it: some 60 modules in every test file that imports the API contract.
// The type provider reads the plugin's `default` at load, so that is a function of its own here, not a getter.
let loaded;
const real = () => (loaded ??= require('ajv-formats'));
function formatsPlugin(ajv, options) {
  return real().default(ajv, options);
}
formatsPlugin.get = (name, mode) => real().get(name, mode);
module.exports = { __esModule: true, default: formatsPlugin, get: formatsPlugin.get };
