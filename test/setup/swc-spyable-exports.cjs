// The server project's transformer: @swc/jest (several times faster than ts-jest, and type checking is
// `npm run typecheck`'s job anyway), with one change to its CommonJS output. swc defines each export as a
// getter that cannot be redefined, so `jest.spyOn(module, 'fn')` throws "not declared configurable"; the
// server tests spy on module functions, as they could under ts-jest. This marks those export getters
// configurable, and nothing else: the getters still read the live binding.
const swcJest = require('@swc/jest');

/** The three places swc's CommonJS output defines an export: one export, the `_export` helper, `export *`. */
const EXPORT_DEFINITIONS = [
  /(Object\.defineProperty\(exports, "[^"]+", \{\s+enumerable: true,)/g,
  /(for\(var name in all\)Object\.defineProperty\(target, name, \{\s+enumerable: true,)/g,
  /(Object\.defineProperty\(to, k, \{\s+enumerable: true,)/g,
];

/** Same line count as swc's output, so its source map still points at the right lines. */
function makeExportsConfigurable(code) {
  return EXPORT_DEFINITIONS.reduce((text, pattern) => text.replace(pattern, '$1 configurable: true,'), code);
}

/** Bumped when makeExportsConfigurable changes, so jest's transform cache does not serve the old output. */
const CACHE_VERSION = 'spyable-exports-1';

module.exports = {
  createTransformer(options) {
    const swc = swcJest.createTransformer(options);
    const withConfigurableExports = (result) => ({ ...result, code: makeExportsConfigurable(result.code) });
    return {
      ...swc,
      getCacheKey: (source, filePath, transformOptions) => `${swc.getCacheKey(source, filePath, transformOptions)}:${CACHE_VERSION}`,
      process: (source, filePath, transformOptions) => withConfigurableExports(swc.process(source, filePath, transformOptions)),
      processAsync: async (source, filePath, transformOptions) => withConfigurableExports(await swc.processAsync(source, filePath, transformOptions)),
    };
  },
};
