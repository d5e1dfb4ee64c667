/**
 * The layers and the import graph, checked by `npm run lint:deps` (part of `npm test`):
 * contract/ at the bottom, server/ and conformance/ side by side on it, no circles (type-only
 * imports included). docs/architecture.md's picture is drawn from the same graph.
 */
/** Test files: the rules below bind shipped code; tests may reach any layer they test. */
const TESTS = '\\.test\\.ts$';
/** The composition: what builds the app from the layers and runs it. */
const COMPOSITION = '^server/(app|appContext|sandbox|startupCaches|bin)\\.ts$|^server/cli/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles (type-only ones too) hide which module stands on which.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-the-bottom',
      severity: 'error',
      comment: 'contract/ imports nothing from server/ or conformance/.',
      from: { path: '^contract/' },
      to: { path: '^(server|conformance)/' },
    },
    {
      name: 'server-never-imports-the-kit',
      severity: 'error',
      from: { path: '^server/', pathNot: '\\.test\\.ts$' },
      to: { path: '^conformance/' },
    },
    {
      name: 'shipped-kit-never-imports-the-server',
      severity: 'error',
      from: { path: '^conformance/', pathNot: '(\\.test\\.ts$|^conformance/testing/)' },
      to: { path: '^server/' },
    },
    // Inside server/, bottom to top: the base (clock, errors, config, the contract's types), the domain
    // (with the storage ports it needs, server/domain/ports/), the stores implementing those ports,
    // HTTP (and the context its handlers get, appContext.ts), the composition (app.ts, sandbox.ts,
    // startupCaches.ts, bin.ts, cli/), test support (server/testing/). Each rule holds one line.
    {
      name: 'server-base-knows-no-layer',
      severity: 'error',
      comment: 'clock, errors, config and the contract types sit under the domain: config knows no scenario.',
      from: { path: '^server/(clock|clockRange|errors|config|contract|apiPaths)\\.ts$' },
      to: { path: `^server/(domain|store|http|cli|testing)/|${COMPOSITION}` },
    },
    {
      name: 'domain-owns-its-ports',
      severity: 'error',
      comment: 'The domain declares what it needs from storage (server/domain/ports/); the stores, HTTP and the composition stand on it, never the reverse.',
      from: { path: '^server/domain/', pathNot: TESTS },
      to: { path: `^server/(store|http|cli|testing)/|${COMPOSITION}` },
    },
    {
      name: 'stores-implement-the-ports',
      severity: 'error',
      comment: 'A store imports the domain (its ports and records), never HTTP, the composition or test support.',
      from: { path: '^server/store/', pathNot: TESTS },
      to: { path: `^server/(http|cli|testing)/|${COMPOSITION}` },
    },
    {
      name: 'http-uses-the-ports-not-the-stores',
      severity: 'error',
      comment: 'Handlers reach storage through the domain and its ports; which store runs is the composition\'s choice.',
      from: { path: '^server/(http/|appContext\\.ts$)', pathNot: TESTS },
      to: { path: `^server/(store|cli|testing)/|^server/(app|sandbox|startupCaches|bin)\\.ts$` },
    },
    {
      name: 'shipped-server-never-imports-test-support',
      severity: 'error',
      comment: 'server/testing/ is for tests and tools (scripts/), never for what runs.',
      from: { path: '^server/', pathNot: `${TESTS}|^server/testing/` },
      to: { path: '^server/testing/' },
    },
    {
      name: 'no-module-imports-a-test',
      severity: 'error',
      comment: 'What tests share lives in server/testing/ (or conformance/testing/), so no test imports another test file.',
      from: {},
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|data|artifacts|packages|examples)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
