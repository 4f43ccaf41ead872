// A jest transformer that bundles a package's entry file, with the code it imports, into a single CommonJS
// module. jest resolves, reads and compiles every module again in every test file: typebox 1 (re-exported by
// @fastify/type-provider-typebox) is some 680 small ES modules, antd some 1,400 with its rc-component and
// CSS-in-JS packages, @ant-design/icons some 1,600. One bundled module loads several times faster.
// jest's transform cache keeps each bundle until package-lock.json, the options or this file change.
//
// Options (the transformer's configuration in jest.config.ts):
// - keptOutside: imports left as requires, loaded by jest as usual (esbuild `external` patterns). A package
//   the tests or the app import too (react, dayjs) must stay outside, so that there is one copy of its state.
// - sharedFiles: files that stay one module of their own however the bundle reaches them, by package path or
//   by a relative import inside the package (a React context that two bundles both use).
// - namedFromIndex: `{ pattern, index }`: an import whose specifier matches `pattern` (one capture: an export
//   name) becomes the `index` package's export of that name as `default`, so the bundle shares the index's
//   copy (antd's own icons come from the one @ant-design/icons bundle the app's icons come from).
// - lazyRequiresIn: files (paths under node_modules, not through a package's exports map) whose
//   `var _x = _interopRequireDefault(require("./x"));` lines load `./x` only when its export is first read
//   (antd's index of some 70 components and the icons' of some 800, where a page uses a few).
// - replacedFiles: `{ [file]: replacement }`: every import of `file` (a path under node_modules, as a package path,
//   or the name of a package kept outside) gets `replacement` (a path from the repository's root) instead; the
//   replacement itself may import the real file (a package kept outside stays a require of its own). Part of the bundle's cache key, so editing a replacement rebuilds the bundle.
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '../..');
const lockfile = fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
const ownSource = fs.readFileSync(__filename, 'utf8');
const resolveFrom = (specifier) => require.resolve(specifier, { paths: [ROOT] });
const readIfPresent = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keeps `sharedFiles` and `namedFromIndex` imports outside the bundle, swaps in `replacedFiles` and makes `lazyRequiresIn` lazy (see above). */
const sharingPlugin = ({ sharedFiles = [], namedFromIndex, lazyRequiresIn = [], replacedFiles = {} }) => ({
  name: 'sharing',
  setup(build) {
    const sharedByPath = new Map(sharedFiles.map((specifier) => [resolveFrom(specifier), specifier]));
    const replacementByPath = new Map(Object.entries(replacedFiles).map(([file, replacement]) => [resolveFrom(file), path.join(ROOT, replacement)]));
    const replacementByPackage = new Map(Object.entries(replacedFiles).map(([file, replacement]) => [file, path.join(ROOT, replacement)]));
    const replacements = new Set(replacementByPath.values());
    const sharedNames = new Set([...sharedFiles, ...Object.keys(replacedFiles)].map((specifier) => path.basename(specifier, '.js')));
    const fromIndex = namedFromIndex ? new RegExp(namedFromIndex.pattern) : null;
    // Each import or file a filter matches is a round trip between esbuild and this process (some 7,500 for antd
    // with filters matching everything): the filters match only the imports and files the callbacks act on.
    const handledImports = [
      ...[...sharedNames].map((name) => `(^|/)${escapeRegExp(name)}(\\.js)?$`),
      ...(namedFromIndex ? [namedFromIndex.pattern, `^${escapeRegExp(namedFromIndex.index)}$`] : []),
    ];
    build.onResolve({ filter: new RegExp(handledImports.join('|') || '^$') }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const exportName = fromIndex && args.path.match(fromIndex)?.[1];
      if (exportName) return { path: exportName, namespace: 'named-from-index' };
      if (namedFromIndex && args.path === namedFromIndex.index) return { path: args.path, external: true };
      // Resolving every import again would take seconds: only those named like a shared or replaced file.
      if (args.kind === 'entry-point' || !sharedNames.has(path.basename(args.path, '.js'))) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
      // A package kept outside resolves to its name, not to a file.
      const replacement = resolved.external ? replacementByPackage.get(args.path) : replacementByPath.get(resolved.path);
      if (replacement && !replacements.has(args.importer)) return { path: replacement };
      const shared = sharedByPath.get(resolved.path);
      return shared ? { path: shared, external: true } : undefined;
    });
    const lazyFiles = new Set(lazyRequiresIn.map((file) => path.join(ROOT, 'node_modules', file)));
    if (lazyFiles.size > 0) {
      build.onLoad({ filter: new RegExp(`^(${[...lazyFiles].map(escapeRegExp).join('|')})$`) }, (args) => {
        if (!lazyFiles.has(args.path)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        const lazy = source.replace(
          /^var (_\w+) = _interopRequireDefault\(require\(("\.\/[^"]+")\)\);$/gm,
          'var $1 = { get default() { return _interopRequireDefault(require($2)).default; } };',
        );
        return { contents: lazy, loader: 'js' };
      });
    }
    build.onLoad({ filter: /.*/, namespace: 'named-from-index' }, (args) => ({
      contents: `module.exports = { __esModule: true, default: require(${JSON.stringify(namedFromIndex.index)})[${JSON.stringify(args.path)}] };`,
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
});

/** The bundle's code. esbuild's plugins need its asynchronous API, and jest's CommonJS transforms are synchronous. */
const bundle = async (filePath, config) => {
  const result = await esbuild.build({
    entryPoints: [filePath],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // The CommonJS builds, as jest loads them.
    mainFields: ['main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: config.keptOutside ?? [],
    plugins: [sharingPlugin(config)],
  });
  return result.outputFiles[0].text;
};

if (require.main === module) {
  // Run by `process` below as a child process, which jest waits for: the request on stdin, the bundle on stdout.
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  bundle(request.filePath, request.config).then((code) => process.stdout.write(code));
}

module.exports = {
  getCacheKey(source, filePath, options) {
    const config = JSON.stringify(options.transformerConfig ?? {});
    const replacements = Object.values(options.transformerConfig?.replacedFiles ?? {}).map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));
    return crypto.createHash('sha256').update([source, filePath, config, lockfile, esbuild.version, ownSource, ...replacements].join('\0')).digest('hex');
  },
  process(source, filePath, options) {
    const request = JSON.stringify({ filePath, config: options.transformerConfig ?? {} });
    const bundleNow = () => execFileSync(process.execPath, [__filename], { input: request, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // --no-cache: every worker bundles its own.
    if (options.config.cache === false) return { code: bundleNow() };
    // On a cold cache every worker reaches the entry at about the same time: the first bundles it into jest's cache
    // directory (by the cache key), the others wait for that file instead of each bundling it too.
    const output = path.join(options.config.cacheDirectory, 'bundle-package', `${module.exports.getCacheKey(source, filePath, options)}.js`);
    const lock = `${output}.lock`;
    fs.mkdirSync(path.dirname(output), { recursive: true });
    for (;;) {
      const bundled = readIfPresent(output);
      if (bundled !== null) return { code: bundled };
      let lockFd;
      try {
        lockFd = fs.openSync(lock, 'wx');
      } catch {
        // A lock older than a minute is a worker's that died while bundling.
        if (Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 60_000) fs.rmSync(lock, { force: true });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      try {
        const code = bundleNow();
        fs.writeFileSync(`${output}.${process.pid}`, code);
        fs.renameSync(`${output}.${process.pid}`, output);
        return { code };
      } finally {
        fs.closeSync(lockFd);
        fs.rmSync(lock, { force: true });
      }
    }
  },
};
