// The code of the test apps' compiled route schemas, kept on disk (server/infra/schema-compilers.ts generates
// and evaluates it): each test file loads the server afresh, and would otherwise compile with Ajv and
// fast-json-stringify again every schema its requests reach. The global set-up names a folder in jest's cache
// directory by the compilers' versions; each file in it is named by a hash of its schema and the compiler's
// options, so the code is shared by the workers of a run and by the next runs.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaCodeStore } from '../../server/infra/schema-compilers';

/** Where the global set-up leaves the folder's path. */
const FOLDER_VARIABLE = 'STAMPWISE_SCHEMA_CODE_DIR';
/** The packages that generate the code or whose run-time helpers it requires. */
const COMPILER_PACKAGES = ['ajv', 'ajv-formats', 'fast-uri', 'fast-json-stringify', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

/** The global set-up: the run's folder, in jest's cache directory, named by the compilers' versions. */
export function nameSchemaCodeFolder(cacheDirectory: string): void {
  const versions = COMPILER_PACKAGES.map((name) => `${name}@${(JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version}`);
  const folder = join(cacheDirectory, 'schema-code', createHash('sha256').update(versions.join('\n')).digest('hex').slice(0, 16));
  mkdirSync(folder, { recursive: true });
  process.env[FOLDER_VARIABLE] = folder;
}

/** The run's store, or none for a file run without the global set-up (it compiles every schema itself). */
export function schemaCodeStore(): SchemaCodeStore | undefined {
  const folder = process.env[FOLDER_VARIABLE];
  if (!folder) return undefined;
  return {
    read(key) {
      try {
        return readFileSync(join(folder, `${key}.js`), 'utf8');
      } catch {
        return undefined;
      }
    },
    write(key, code) {
      // Written whole, then renamed: another worker may read the same key meanwhile.
      const partial = join(folder, `${key}.${process.pid}.partial`);
      writeFileSync(partial, code);
      renameSync(partial, join(folder, `${key}.js`));
    },
  };
}
