// Where `npm run build` writes, in one place: npm start's staleness check, the build's output check, the
// browser and fault suites and the page bench all find the built app here. Paths are relative to the repository.

/** webpack's output (webpack.config.ts). */
export const CLIENT_DIR = 'dist/client';
export const CLIENT_INDEX = 'dist/client/index.html';
/** The customer pages' own lean entry, served for /s/… and /wallet…. */
export const CUSTOMER_INDEX = 'dist/client/customer.html';
/** tsc -p server/tsconfig.build.json: rootDir is the repository and outDir dist/, so server/main.ts lands here. */
export const SERVER_ENTRY = 'dist/server/main.js';
/**
 * Everything build:server writes: the server, and the wire contract it imports from src/api. Emptied before each
 * server build, so the files of a moved or deleted source (or the old dist/server/server layout) do not linger.
 */
export const SERVER_OUTPUT_DIRS = ['dist/server', 'dist/src'];
