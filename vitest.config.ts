import { defineConfig } from 'vitest/config';

/**
 * Two groups (docs/architecture.md, "Tests"). `unit` (`npm test`): in-process tests, fast enough to
 * run on every change. `e2e` (`npm run test:e2e`; CI runs both): what needs real processes, a
 * PostgreSQL cluster, a browser, the packed packages, or the whole conformance catalogue and its
 * mutants and variants. A file belongs in e2e only for what it starts, never to hide a slow unit test.
 */
export const E2E = [
  // Real server or kit processes: signals, exit codes, kill -9, a full disk, Prism.
  'server/cli/process.test.ts',
  'server/cli/startupErrors.test.ts',
  'server/http/api/durability.test.ts',
  'server/store/fullDisk.test.ts',
  // One account's worst load beside another's calls (seconds of traffic).
  'server/http/api/neighbours.test.ts',
  'conformance/cli-signals.test.ts',
  'server/temporaryDirectory.test.ts',
  'conformance/npx-signals.test.ts',
  'conformance/prism.test.ts',
  'conformance/prism-conformance.test.ts',
  // PostgreSQL clusters.
  'server/store/postgresStore.test.ts',
  'server/store/postgresErasure.test.ts',
  'server/store/postgresTimeRules.test.ts',
  'server/store/postgresKeyModel.test.ts',
  'server/http/api/replicas.test.ts',
  'server/http/control/accountReplicas.test.ts',
  'server/store/postgresOutage.test.ts',
  'server/cli/migrate.test.ts',
  'server/store/rollingUpgrade.test.ts',
  'server/cli/backup.test.ts',
  // Chromium.
  '**/*.browser.test.ts',
  // The packed packages installed into an empty directory; the server compiled as npm start runs it.
  'conformance/pack.test.ts',
  'scripts/pack-sandbox.test.ts',
  'scripts/build-server.test.ts',
  // Whole conformance runs: the catalogue, its mutants and variants, side by side.
  'conformance/reference.test.ts',
  'conformance/mutations.test.ts',
  'conformance/variants.test.ts',
  'conformance/side-by-side.test.ts',
  'conformance/midnight.test.ts',
  // The kit without a harness against the spec's real limits: it waits out a real Retry-After (~60 s).
  'conformance/no-control.test.ts',
  // Whole-program tools over the repository: type-aware ESLint, tsc over the partner example.
  'scripts/lint.test.ts',
  'scripts/ci/partnerClientTypes.test.ts',
  // The client generators partners use (hey-api, orval, openapi-zod-client), each run as its own CLI.
  'scripts/ci/generatedClients.test.ts',
  // The GitHub Action's step run as a runner runs it: the kit as a process against a server process.
  'scripts/ci/action-run.test.ts',
  // Specmatic (Java): its contract tests against a sandbox, its stub's answers, the breaking-change gate.
  'scripts/ci/specmatic.test.ts',
];

/**
 * What needs podman, HAProxy or a whole deployment (the container image, Testcontainers, PostgreSQL
 * with two replicas behind the proxy): set up and run by scripts/ci/image.sh and scripts/ci/deploy.sh
 * (`npx vitest run --project deploy FILE`), not by `npm test` or `npm run test:e2e`.
 */
export const DEPLOY = [
  'scripts/ci/image.test.ts',
  'examples/testcontainers/sandbox.test.ts',
  'scripts/ci/deploy.test.ts',
  'scripts/ci/deploy-compose.test.ts',
  // The run book's recipe for taking a replica out, with HAProxy's runtime API (scripts/ci/ops.sh).
  'scripts/ci/replicaDrain.test.ts',
];

/**
 * Unit files that replace a module with vi.mock. The rest of the unit group shares one module
 * registry per worker (isolate: false), so the 100k-hotel world and the compiled contract are built
 * once per worker instead of once per file (174 s -> 69 s on 2 cores); a mock there would leak into,
 * or miss, the files that ran before. These run in their own project, each file isolated.
 */
export const MOCKING = ['server/http/transport/requestValidationStartup.test.ts'];

const EXCLUDE = ['node_modules/**', 'data/**', 'build/**', '.build/**', 'cache/**', 'examples/partner-client/**'];

export default defineConfig({
  test: {
    // examples/partner-client is a partner's own project: its tests run in it (scripts/ci/partner.sh).
    exclude: EXCLUDE,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep worker count modest so the 100k-hotel world is not built many times at once.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts'], exclude: [...EXCLUDE, ...E2E, ...MOCKING, ...DEPLOY], isolate: false } },
      { extends: true, test: { name: 'unit-mocking', include: MOCKING } },
      { extends: true, test: { name: 'e2e', include: E2E } },
      { extends: true, test: { name: 'deploy', include: DEPLOY, maxWorkers: 1 } },
    ],
  },
});
