// Two jest projects in one run (the outline/outline layout): the SPA on jsdom, the API on node.
import type { Config } from 'jest';

const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  // Type checking is `npm run typecheck`'s job. `isolatedModules: true` in each tsconfig (the root one, which
  // server/tsconfig.json extends, and the inline ones below) makes ts-jest transpile file by file, which is fast.
  { diagnostics: false },
];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/client', '<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/client.ts'],
      transform: { '^.+\\.tsx?$': ['ts-jest', { ...tsJest[1], tsconfig: { jsx: 'react-jsx', module: 'commonjs', esModuleInterop: true, isolatedModules: true } }] },
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/test/setup/style-stub.ts',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/test/setup/file-stub.ts',
        // @ant-design/icons' CommonJS build requires the ES-module file of @ant-design/colors; use its CommonJS twin.
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      testMatch: ['**/*.test.ts'],
      transform: {
        '^.+\\.tsx?$': ['ts-jest', { ...tsJest[1], tsconfig: '<rootDir>/server/tsconfig.json' }],
        // ES-module-only dependencies (below) are transpiled to CommonJS: jest 29 cannot require them.
        '^.+\\.m?js$': ['ts-jest', { ...tsJest[1], tsconfig: { allowJs: true, isolatedModules: true } }],
      },
      // typebox (via @fastify/type-provider-typebox 6), content-disposition (@fastify/static),
      // cookie (light-my-request, i.e. app.inject), openid-client with oauth4webapi and jose (Google sign-in) ship only ES modules.
      transformIgnorePatterns: ['/node_modules/(?!(typebox|content-disposition|cookie|openid-client|oauth4webapi|jose)/)'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/server.ts'],
    },
  ],
};

export default config;
