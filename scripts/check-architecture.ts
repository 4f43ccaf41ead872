// `npm run check:architecture`: the import rules of docs/ARCHITECTURE.md, checked by dependency-cruiser.
// Two passes, both always run so one report lists every broken rule: the layer rules over the product and
// the bench with all they import, then the feature-folder cycle rule over src/features alone (see .dependency-cruiser.features.cjs).
// Both run in this one process through dependency-cruiser's API: a command-line run per pass would load
// Node, dependency-cruiser and the TypeScript parser twice.
import path from 'node:path';

interface Pass {
  title: string;
  config: string;
  roots: string[];
  /** The folder of the pass's cache under node_modules/.cache/dependency-cruiser/, or null for none. */
  cacheName: string | null;
}

const passes: Pass[] = [
  // The roots are where a rule's `from` can match (server/, src/, bench/); every module they import is
  // still followed and checked, test files included. test/ itself is not a root: no rule starts there, and
  // cruising it only parsed some 350 test modules for nothing. A rule about what tests import adds it back.
  { title: 'layer rules', config: './.dependency-cruiser.cjs', roots: ['server', 'src', 'bench'], cacheName: 'layers' },
  // No cache: with `includeOnly`, dependency-cruiser's content cache lists every file as deleted, whatever changed,
  // so a warm run answered its cached result and missed a new cycle between features. The pass is small (~190 files).
  { title: 'feature folders', config: './.dependency-cruiser.features.cjs', roots: ['src/features'], cacheName: null },
];

async function main(): Promise<void> {
  // dependency-cruiser is ECMAScript modules only; this script runs as CommonJS, so it loads them with import().
  const [{ cruise }, { default: extractDepcruiseOptions }, { default: extractTSConfig }] = await Promise.all([
    import('dependency-cruiser'),
    import('dependency-cruiser/config-utl/extract-depcruise-options'),
    import('dependency-cruiser/config-utl/extract-ts-config'),
  ]);
  const tsConfig = extractTSConfig('tsconfig.json');
  let failed = false;
  for (const pass of passes) {
    console.log(`\n— ${pass.title}`);
    const options = await extractDepcruiseOptions(pass.config);
    const result = await cruise(
      pass.roots,
      {
        ...options,
        outputType: 'err-long',
        // Kept while no file's content changes: a re-run reads only what changed.
        cache: pass.cacheName === null ? false : { folder: path.join('node_modules', '.cache', 'dependency-cruiser', pass.cacheName), strategy: 'content' },
      },
      {},
      { tsConfig },
    );
    process.stdout.write(typeof result.output === 'string' ? result.output : JSON.stringify(result.output));
    if (result.exitCode !== 0) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
