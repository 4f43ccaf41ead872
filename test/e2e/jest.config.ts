// Browser tests: the built app in real Chromium (playwright-core), one file at a time.
import path from 'node:path';
import type { Config } from 'jest';

const root = path.resolve(__dirname, '../..');

const config: Config = {
  rootDir: root,
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: '<rootDir>/test/e2e/tsconfig.json' }] },
  testTimeout: 180_000,
  maxWorkers: 1,
};

export default config;
