// `npm start` rebuilds only when the build's inputs changed (scripts/build-if-stale.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIsCurrent, inputsHash } from '../../../scripts/build-if-stale';

describe('build-if-stale', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const stamp = () => write('dist/.build-stamp', `${inputsHash(root)}\n`);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-build-'));
    write('src/index.tsx', 'export {};');
    write('server/main.ts', 'export {};');
    write('package-lock.json', '{}');
    write('dist/client/index.html', '<html></html>');
    write('dist/client/customer.html', '<html></html>');
    write('dist/server/main.js', '');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('needs a build when there is no stamp yet', () => {
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is current right after a build, and after a file is touched without changing', () => {
    stamp();
    expect(buildIsCurrent(root)).toBe(true);
    write('src/index.tsx', 'export {};');
    expect(buildIsCurrent(root)).toBe(true);
  });

  it("stays current when the README's screenshots are retaken", () => {
    write('public/favicon.svg', '<svg/>');
    write('public/screenshots/counter.png', 'old picture');
    stamp();
    write('public/screenshots/counter.png', 'new picture');
    write('public/screenshots/dashboard.png', 'another picture');
    expect(buildIsCurrent(root)).toBe(true);
  });

  it.each([
    ['a source file changes', () => write('src/index.tsx', 'export const x = 1;')],
    ['a source file is added', () => write('server/routes/new.ts', 'export {};')],
    ['a file the build copies from public/ changes', () => write('public/favicon.svg', '<svg>new</svg>')],
    ['the installed dependencies change', () => write('node_modules/.package-lock.json', '{"v":2}')],
    ['the lock file changes', () => write('package-lock.json', '{"lockfileVersion":3}')],
    ['the built server is missing', () => fs.rmSync(path.join(root, 'dist/server/main.js'))],
    ['the built client is missing', () => fs.rmSync(path.join(root, 'dist/client/index.html'))],
  ])('needs a build when %s', (_what, change) => {
    stamp();
    change();
    expect(buildIsCurrent(root)).toBe(false);
  });
});
