// The linter `npm run lint` (and `npm test`) runs: typescript-eslint's recommended rules everywhere, the
// rules of hooks and hook dependency lists checked in the SPA, and jsx-a11y's recommended rules on JSX.
// Any warning fails the run (--max-warnings 0), so every rule here is effectively an error.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'bench/profiles/**', 'test-results/**'],
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A `let` that a callback reads before its one assignment stays a `let`: as a `const` declared later, the
      // callback would meet it in its temporal dead zone.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A leading underscore marks what a signature or a destructuring must name but does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/client/**/*.{ts,tsx}', 'test/setup/**/*.ts'],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Kysely's migration pattern: a migration is frozen in time, so it takes `Kysely<any>` rather than today's
    // schema types, which later migrations change.
    files: ['server/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
