// How node runs the server (scripts/server-node-args.ts): `npm start` and the suites that start the built
// server use the same arguments, and those cap V8's old generation, which keeps V8 from reserving a heap
// several times the server's live objects under steady load.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY } from '../../../scripts/build-output';
import { SERVER_NODE_ARGS } from '../../../scripts/server-node-args';

const ROOT = path.resolve(__dirname, '../../..');
const MB = 1024 * 1024;

describe('the server node process', () => {
  it('npm start runs the built server with the same node arguments as the test suites', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const nodeCommand = scripts.start.split('&&').map((part) => part.trim()).find((part) => part.startsWith('node '));
    expect(nodeCommand).toBe(['node', ...SERVER_NODE_ARGS, SERVER_ENTRY].join(' '));
  });

  it('caps the JS heap at 512 MB of old generation, far below the default of a quarter of the memory', () => {
    const reported = spawnSync(process.execPath, [...SERVER_NODE_ARGS, '-e', "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { encoding: 'utf8' });
    expect(reported.status).toBe(0);
    const limit = Number(reported.stdout);
    // The old generation's 512 MB plus the young generation's semi-spaces.
    expect(limit).toBeGreaterThanOrEqual(512 * MB);
    expect(limit).toBeLessThan(600 * MB);
  });
});
