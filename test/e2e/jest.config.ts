// Browser tests: the built app in real Chromium (playwright-core), one file at a time.
import path from 'node:path';
import type { Config } from 'jest';

const root = path.resolve(__dirname, '../..');

const config: Config = {
  rootDir: root,
  displayName: 'e2e',
  // Node's, plus the diagnostics of a failed test (open pages, their requests and messages, the server's log).
  testEnvironment: '<rootDir>/test/e2e/environment.ts',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: '<rootDir>/test/e2e/tsconfig.jest.json' }],
    // jose (the fake Google Wallet's token checks) and typebox (the contract the server modules import) ship
    // only ES modules: transpiled to CommonJS for jest 29.
    '^.+\\.m?js$': ['ts-jest', { diagnostics: false, tsconfig: { allowJs: true, isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|typebox)/)'],
  testTimeout: 180_000,
  maxWorkers: 1,
};

export default config;
