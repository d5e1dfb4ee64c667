// ESLint (flat config) with typescript-eslint's type-aware rules: the rules that catch real bugs here
// (promises nobody awaits, unused code, `any` where a type exists), and the layer lines as import
// rules, so that a server→kit or contract→anything import fails `npm run lint` (and `npm test`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layer = (message, ...group) => ({ group, message });

export default tseslint.config(
  {
    ignores: ['eslint.config.js', '.dependency-cruiser.cjs', 'node_modules/**', 'data/**', 'build/**', '.build/**', 'cache/**', 'artifacts/**', 'packages/*/bin/**', 'packages/*/lib/**', 'contract/generated/**', 'examples/partner-client/**', '**/*.d.ts', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // The GitHub Action's plain-Node script (a composite action has no TypeScript loader): no type information.
    files: ['.github/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Tests, mutants and variants read untyped JSON on purpose (~690 hits); no-explicit-any still keeps new `any` out.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // Dropping `async` from a function without await would turn its rejections into synchronous throws.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Files and functions a contributor reads in one sitting (shipped code; tests, test tooling and
    // tables of data aside). The bounds sit just above today's longest, so a unit only shrinks.
    files: ['contract/**/*.ts', 'server/**/*.ts', 'conformance/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/testing/**', 'conformance/testing/**', 'server/store/storeContract.ts', 'server/domain/i18n/catalogues/**'],
    rules: {
      'max-lines': ['error', { max: 450, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 110, skipBlankLines: true, skipComments: true }],
    },
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
    // The shipped kit stands on contract/ only; its test tooling (conformance/testing/: mutants, variants, support; and tests) may use the server.
    files: ['conformance/**/*.ts'],
    ignores: ['conformance/**/*.test.ts', 'conformance/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('The shipped kit may import contract/, never server/.', '**/server/**')] }],
    },
  },
);
