import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // examples/partner-client is a partner's own project: its tests run in it (scripts/ci/partner.sh).
    exclude: ['node_modules/**', 'data/**', 'examples/partner-client/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep worker count modest so the 100k-hotel world is not built many times at once.
    maxWorkers: 2,
  },
});
