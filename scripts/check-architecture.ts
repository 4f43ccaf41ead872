// `npm run check:architecture`: the import rules of docs/ARCHITECTURE.md, checked by dependency-cruiser.
// Two passes, both always run so one report lists every broken rule: the layer rules over the whole
// code base, then the feature-folder cycle rule over src/features alone (see .dependency-cruiser.features.cjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const depcruise = path.join('node_modules', '.bin', 'depcruise');
const passes: { title: string; cacheName: string; args: string[] }[] = [
  { title: 'layer rules', cacheName: 'layers', args: ['server', 'src', 'test', 'bench', '--config', '.dependency-cruiser.cjs'] },
  { title: 'feature folders', cacheName: 'features', args: ['src/features', '--config', '.dependency-cruiser.features.cjs'] },
];

let failed = false;
for (const pass of passes) {
  console.log(`\n— ${pass.title}`);
  // A cache per pass, kept while no file's content changes: a re-run reads only what changed.
  const cache = ['--cache', path.join('node_modules', '.cache', 'dependency-cruiser', pass.cacheName), '--cache-strategy', 'content'];
  const result = spawnSync(depcruise, [...pass.args, ...cache, '--output-type', 'err-long'], { stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
