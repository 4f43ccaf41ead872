// Three jest projects (the outline/outline layout): the SPA on jsdom, the API on node, and the heavy API suites
// (the OCR corpus, the million-event scale test, the real server started as a process), which `npm test`
// leaves out and CI runs as a step of its own (`npm run test:heavy`).
import type { Config } from 'jest';

type Transformer = [string, Record<string, unknown>];
type Project = Exclude<NonNullable<Config['projects']>[number], string>;

// Type checking is `npm run typecheck`'s job: tests are transpiled file by file, by swc (several times faster
// than ts-jest, which also builds a TypeScript program in every worker to key its cache). The server's
// transformer marks CommonJS exports configurable, which the server tests' `jest.spyOn(module, 'function')`
// needs (test/setup/swc-spyable-exports.cjs).
const swcOptions = (syntax: 'typescript' | 'ecmascript', tsx: boolean): Record<string, unknown> => ({
  jsc: { parser: syntax === 'typescript' ? { syntax, tsx } : { syntax }, target: 'es2022', transform: tsx ? { react: { runtime: 'automatic' } } : undefined },
  module: { type: 'commonjs' },
});
const swcTypeScript = (tsx: boolean): Transformer => ['@swc/jest', swcOptions('typescript', tsx)];
const spyableServerTypeScript: Transformer = ['<rootDir>/test/setup/swc-spyable-exports.cjs', swcOptions('typescript', false)];
const spyableServerJavaScript: Transformer = ['<rootDir>/test/setup/swc-spyable-exports.cjs', swcOptions('ecmascript', false)];
// The API contract's `Type` comes from typebox, some 680 ES modules: bundled into its importer, one module
// (test/setup/bundle-package.cjs).
const TYPEBOX_PROVIDER_ENTRY = '/node_modules/@fastify/type-provider-typebox/dist/cjs/index\\.js$';
// Packages the server test files load (most build an app), each served as one bundled module too: jest resolves,
// reads and compiles each of their modules again for every file. Each is only ever required through this entry (a
// package requiring one of its inner files would get a second copy of that file), and none finds files of its own
// by `__dirname` (the bundle's code runs as the entry file). Bundled with each: its own dependencies, stateless
// ones that other packages may load a second copy of.
const BUNDLED_SERVER_ENTRIES: Record<string, { keptOutside?: string[] }> = {
  'kysely/dist/cjs/index.js': {}, // some 280 modules
  '@sinclair/typebox/build/cjs/index.js': {}, // some 270: the older typebox of the environment's schema and a few routes
  'yaml/dist/index.js': {}, // some 70: @fastify/swagger's
  'semver/index.js': {}, // some 50: fastify's check of its plugins' versions
  'find-my-way/index.js': {}, // some 30 with safe-regex2 and ret: fastify's router
  // Some 70 with avvio, light-my-request and their helpers. Outside it: the packages above, pino (its transports
  // start worker threads from files of its own) and the schema compilers, which the server also builds itself.
  'fastify/fastify.js': { keptOutside: ['find-my-way', 'semver', 'pino', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'] },
  '@fastify/busboy/index.js': {}, // some 10: @fastify/multipart's parser
  'pg/lib/index.js': { keptOutside: ['pg-native'] }, // some 30 with pg-types and pg-protocol; pg-native is optional and absent
  'web-push/src/index.js': {}, // some 40 with asn1.js, jws and https-proxy-agent
  'fast-jwt/src/index.js': {}, // some 30 with asn1.js and mnemonist: session and QR tokens
};
const escapedPath = (file: string): string => file.replace(/[.]/g, '\\.');

// antd (some 1,400 CommonJS modules with its rc-component and CSS-in-JS packages) and @ant-design/icons (some
// 1,600) cost every client test file two seconds of CPU in jest's module loading: each is served as one bundled
// module. React and dayjs stay outside, one copy that the app, the tests and antd share; so does the icons'
// context (antd's ConfigProvider sets it, the app's icons read it), and antd's own icons come from the icons bundle.
const ANTD_ENTRY = '/node_modules/antd/lib/index\\.js$';
const ICONS_ENTRY = '/node_modules/@ant-design/icons/lib/index\\.js$';
const SHARED_WITH_THE_APP = ['react', 'react/*', 'react-dom', 'react-dom/*', 'dayjs', 'dayjs/*'];
const ICONS_CONTEXT = '@ant-design/icons/lib/components/Context';
const antdBundle = {
  keptOutside: [...SHARED_WITH_THE_APP, ICONS_CONTEXT],
  namedFromIndex: { pattern: '^@ant-design/icons/(\\w+)$', index: '@ant-design/icons' },
  lazyRequiresIn: ['antd/lib/index.js'],
  // No CSS rules or component CSS variables are generated or injected (the tests read no stylesheet), and the theme's
  // token is computed once per file: the files in test/setup/antd/ say why.
  replacedFiles: {
    '@ant-design/cssinjs/lib/hooks/useStyleRegister.js': 'test/setup/antd/useStyleRegister-unstyled.cjs',
    '@ant-design/cssinjs/lib/hooks/useCSSVarRegister.js': 'test/setup/antd/useCSSVarRegister-unregistered.cjs',
    '@ant-design/cssinjs/lib/hooks/useCacheToken.js': 'test/setup/antd/useCacheToken-remembered.cjs',
    '@ant-design/cssinjs/lib/util/css-variables.js': 'test/setup/antd/css-variables-remembered.cjs',
  },
};
const iconsBundle = { keptOutside: SHARED_WITH_THE_APP, sharedFiles: [ICONS_CONTEXT], lazyRequiresIn: ['@ant-design/icons/lib/icons/index.js'] };

/**
 * The heavy suites, by file name (so they stay heavy wherever their folder moves): each takes 20 s to a
 * minute on a 2-core machine, together more than the rest of the server suite, or reads a whole corpus of
 * made-up documents whose path a quick file keeps one of (pdf-kinds.test.ts: pdf-text.test.ts).
 */
export const HEAVY_TESTS = ['corpus-gate.test.ts', 'photo-capabilities.test.ts', 'photo-conditions.test.ts', 'photo-general.test.ts', 'photo-kinds.test.ts', 'photo-harder.test.ts', 'photo-stress.test.ts', 'photo-capture.test.ts', 'photo-layouts.test.ts', 'quality.test.ts', 'scale.test.ts', 'main.test.ts', 'upload-menu-real-scanner.test.ts', 'field-menus.corpus.test.ts', 'wallet-merge-interleavings.test.ts', 'pdf-kinds.test.ts', 'photo-any.test.ts', 'photo-leaflets.test.ts', 'photo-fonts.test.ts'];

const serverProject: Project = {
  // jest's node environment in a context whose globals are read as fast as under Node (test/setup/server-environment.ts).
  testEnvironment: '<rootDir>/test/setup/server-environment.ts',
  roots: ['<rootDir>/test/server'],
  transform: {
    [TYPEBOX_PROVIDER_ENTRY]: ['<rootDir>/test/setup/bundle-package.cjs', { keptOutside: ['ajv-formats'], replacedFiles: { 'ajv-formats': 'test/setup/ajv-formats-at-first-use.cjs' } }],
    ...Object.fromEntries(Object.entries(BUNDLED_SERVER_ENTRIES).map(([entry, options]) => [`/node_modules/${escapedPath(entry)}$`, ['<rootDir>/test/setup/bundle-package.cjs', options]])),
    '^.+\\.ts$': spyableServerTypeScript,
    // ES-module-only dependencies (below) are transpiled to CommonJS: jest 29 cannot require them.
    '^.+\\.m?js$': spyableServerJavaScript,
  },
  // typebox (via @fastify/type-provider-typebox 6), content-disposition (@fastify/static),
  // cookie (light-my-request, i.e. app.inject), openid-client with oauth4webapi and jose (Google sign-in) ship only ES modules.
  // The type provider's entry is transformed too: it is where typebox is bundled; so are the bundled entries above.
  transformIgnorePatterns: [
    `/node_modules/(?!(typebox|content-disposition|cookie|openid-client|oauth4webapi|jose|@fastify/type-provider-typebox)/|${Object.keys(BUNDLED_SERVER_ENTRIES).map((entry) => `${escapedPath(entry)}$`).join('|')})`,
  ],
  setupFilesAfterEnv: ['<rootDir>/test/setup/server.ts'],
  // One migrated SQLite database per run, which every test app copies (test/server/database-image.ts), and one
  // set of Apple signing certificates (test/server/apple-certificates.ts).
  globalSetup: '<rootDir>/test/server/global-setup.ts',
  globalTeardown: '<rootDir>/test/server/global-teardown.ts',
};

const config: Config = {
  projects: [
    {
      displayName: 'client',
      // jsdom, with what every file would otherwise rebuild (aria-query's tables, the compiled texts) made once per worker.
      testEnvironment: '<rootDir>/test/setup/client-environment.ts',
      roots: ['<rootDir>/test/client', '<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/client.ts'],
      transform: {
        [ANTD_ENTRY]: ['<rootDir>/test/setup/bundle-package.cjs', antdBundle],
        [ICONS_ENTRY]: ['<rootDir>/test/setup/bundle-package.cjs', iconsBundle],
        '^.+\\.tsx?$': swcTypeScript(true),
      },
      // Only the two bundled entries of node_modules are transformed.
      transformIgnorePatterns: ['/node_modules/(?!antd/lib/index\\.js$|@ant-design/icons/lib/index\\.js$)'],
      moduleNameMapper: {
        '^aria-query$': '<rootDir>/test/setup/shared-aria-query.cjs',
        '\\.(css|less)$': '<rootDir>/test/setup/style-stub.ts',
        // webpack's lazy catalogue chunks do not exist in jest: the same files, read from disk.
        '(^|/)catalogue-chunks$': '<rootDir>/test/setup/catalogue-chunks.ts',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/test/setup/file-stub.ts',
        // @ant-design/icons' CommonJS build requires the ES-module file of @ant-design/colors; use its CommonJS twin.
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
        // antd's per-language texts, loaded lazily by the app: their CommonJS twins.
        '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
      },
    },
    {
      ...serverProject,
      displayName: 'server',
      testMatch: ['**/*.test.ts', ...HEAVY_TESTS.map((name) => `!**/${name}`)],
    },
    {
      ...serverProject,
      displayName: 'heavy',
      testMatch: HEAVY_TESTS.map((name) => `**/${name}`),
    },
  ],
};

export default config;
