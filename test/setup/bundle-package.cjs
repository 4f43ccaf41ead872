// A jest transformer that bundles a package's entry file, with everything it imports from the package
// named below, into a single CommonJS module. @fastify/type-provider-typebox re-exports typebox 1, which
// ships as some 680 small ES modules: jest resolves, transpiles and compiles each one again in every test
// file that reaches the API contract (half a second of CPU per file, a minute over the quick suites). One
// bundled module costs a few milliseconds. jest's transform cache keeps the bundle until the packages change.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

/** The package whose code is bundled, and the entry's other dependencies, which stay requires loaded as usual. */
const BUNDLED_PACKAGE = 'typebox';
const KEPT_OUTSIDE = ['ajv-formats'];

const versionOf = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../node_modules', name, 'package.json'), 'utf8')).version;
const ownSource = fs.readFileSync(__filename, 'utf8');

module.exports = {
  getCacheKey(source, filePath) {
    return crypto.createHash('sha256').update([source, filePath, versionOf(BUNDLED_PACKAGE), esbuild.version, ownSource].join('\0')).digest('hex');
  },
  process(_source, filePath) {
    const result = esbuild.buildSync({
      entryPoints: [filePath],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      external: KEPT_OUTSIDE,
    });
    return { code: result.outputFiles[0].text };
  },
};
