// The production build holds its three entry points and no tests or bench (scripts/check-build-output.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOutputProblems } from '../../../scripts/check-build-output';

describe('check-build-output', () => {
  let root: string;
  const write = (file: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-build-output-'));
    write('dist/client/index.html');
    write('dist/client/customer.html');
    write('dist/client/assets/main.0123456789ab.js');
    write('dist/server/main.js');
    write('dist/server/routes/auth.js');
    write('dist/src/api/contract/common.js');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('accepts the client, the server and the contract it imports', () => {
    expect(buildOutputProblems(root)).toEqual([]);
  });

  it('names a missing entry point, as the old dist/server/server layout has', () => {
    fs.rmSync(path.join(root, 'dist/server/main.js'));
    write('dist/server/server/main.js');
    expect(buildOutputProblems(root)).toEqual(['dist/server/main.js is missing']);
  });

  it.each([
    ['compiled tests', 'dist/test/server/app/health.test.js', 'dist/test/'],
    ['the compiled bench', 'dist/bench/run.js', 'dist/bench/'],
    ['a test file beside the server', 'dist/server/routes/auth.test.js', 'dist/server/routes/auth.test.js'],
  ])('refuses %s', (_what, file, named) => {
    write(file);
    expect(buildOutputProblems(root)).toEqual([expect.stringContaining(named)]);
  });
});
