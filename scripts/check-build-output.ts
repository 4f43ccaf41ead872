// `npm run build`'s last step (and a CI step): the production build has its three entry points (vendor app, customer pages, server), and neither tests nor
// the bench were compiled into dist/ (server/tsconfig.build.json leaves them out, but an import from server/
// into test/ or bench/ would pull one back in).
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_INDEX, CUSTOMER_INDEX, SERVER_ENTRY } from './build-output';

const ROOT = path.resolve(__dirname, '..');
/** A folder of this name anywhere under dist/ means tests or the bench were built. */
const FORBIDDEN_DIRS = new Set(['test', 'bench']);

/** What is wrong with the build under `root` (empty when it is fine). */
export function buildOutputProblems(root = ROOT): string[] {
  const problems: string[] = [];
  for (const entry of [CLIENT_INDEX, CUSTOMER_INDEX, SERVER_ENTRY]) {
    if (!fs.existsSync(path.join(root, entry))) problems.push(`${entry} is missing`);
  }
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(dist)) return problems;
  for (const entry of fs.readdirSync(dist, { withFileTypes: true, recursive: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    const segments = relative.split(path.sep);
    if (entry.isDirectory() && FORBIDDEN_DIRS.has(entry.name)) problems.push(`${relative}/ should not be in the build`);
    else if (entry.isFile() && /\.test\.js$/.test(entry.name) && !segments.some((s) => FORBIDDEN_DIRS.has(s))) {
      problems.push(`${relative} should not be in the build`);
    }
  }
  return problems;
}

function main(): void {
  const problems = buildOutputProblems();
  if (problems.length > 0) {
    console.error(`The build output is not what npm start runs:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Build output checked: ${CLIENT_INDEX}, ${CUSTOMER_INDEX} and ${SERVER_ENTRY}, no tests or bench in dist/.`);
}

if (require.main === module) main();
