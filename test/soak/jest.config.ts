// `npm run test:soak`: built servers (two on PostgreSQL + Redis, one on SQLite) under a seeded random mix
// of every write the product has, then invariants over the rows. One file, one process, real time.
import path from 'node:path';
import type { Config } from 'jest';

const root = path.resolve(__dirname, '../..');

const config: Config = {
  rootDir: root,
  displayName: 'soak',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/soak'],
  testMatch: ['**/*.soak.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: '<rootDir>/test/e2e/tsconfig.jest.json' }] },
  // SOAK_MINUTES of load plus start-up and the checks.
  testTimeout: (Number(process.env.SOAK_MINUTES || 3) + 5) * 60_000,
  maxWorkers: 1,
};

export default config;
