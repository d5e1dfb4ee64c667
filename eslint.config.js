// ESLint (flat config) with typescript-eslint's type-aware rules: the rules that catch real bugs here
// (promises nobody awaits, unused code, `any` where a type exists), and the layer lines as import
// rules, so that a server→kit or contract→anything import fails `npm run lint` (and `npm test`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layer = (message, ...group) => ({ group, message });

export default tseslint.config(
  {
    ignores: ['.dependency-cruiser.cjs', 'node_modules/**', 'data/**', 'artifacts/**', 'packages/*/bin/**', 'packages/*/lib/**', 'contract/generated/**', 'examples/partner-client/**', '**/*.d.ts', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-control-regex': 'off', // escaping and free-text rules match control characters on purpose
    },
  },
  {
    // Tests and test tooling read raw JSON of any shape (deliberately wrong answers included, for the
    // mutants); typing each body would restate the contract, so `any` stays allowed there.
    files: ['**/*.test.ts', 'server/testing/**', 'conformance/mutants/**', 'conformance/test-support/**', 'scripts/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The contract layer stands under everything: it imports neither the server nor the kit.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        layer('contract/ is the bottom layer: it imports nothing from server/.', '**/server/**', '../server', '../../server'),
        layer('contract/ is the bottom layer: it imports nothing from conformance/.', '**/conformance/**'),
      ] }],
    },
  },
  {
    // The server stands on contract/ only; the kit is its peer, never its dependency.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('server/ may import contract/, never conformance/ (the kit).', '**/conformance/**')] }],
    },
  },
  {
    // The shipped kit stands on contract/ only; its test tooling (mutants, variants, test-support, tests) may use the server.
    files: ['conformance/**/*.ts'],
    ignores: ['conformance/**/*.test.ts', 'conformance/mutants/**', 'conformance/variants/**', 'conformance/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('The shipped kit may import contract/, never server/.', '**/server/**')] }],
    },
  },
);
