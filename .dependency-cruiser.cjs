/**
 * The layers and the import graph, checked by `npm run lint:deps` (part of `npm test`):
 * contract/ at the bottom, server/ and conformance/ side by side on it, no circles (type-only
 * imports included). docs/architecture.md's picture is drawn from the same graph.
 */
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|data|artifacts|packages|examples)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
