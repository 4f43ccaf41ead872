// `npm run build:server`'s first step: removes the previous server build (scripts/build-output.ts says why).
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_OUTPUT_DIRS } from './build-output';

const ROOT = path.resolve(__dirname, '..');

for (const dir of SERVER_OUTPUT_DIRS) fs.rmSync(path.join(ROOT, dir), { recursive: true, force: true });
