// The fault suite: two built servers on PostgreSQL + Redis under a bounded scan load, while
// the database, Redis and the servers themselves falter. One file, one process, real time.
import path from 'node:path';
import type { Config } from 'jest';

const root = path.resolve(__dirname, '../..');

const config: Config = {
  rootDir: root,
  displayName: 'faults',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/faults'],
  testMatch: ['**/*.faults.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: '<rootDir>/test/e2e/tsconfig.jest.json' }],
    // jose (the fake Google Wallet's token checks) and typebox (the contract the server modules import) ship
    // only ES modules: transpiled to CommonJS for jest 29.
    '^.+\\.m?js$': ['ts-jest', { diagnostics: false, tsconfig: { allowJs: true, isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|typebox)/)'],
  testTimeout: 300_000,
  maxWorkers: 1,
};

export default config;
