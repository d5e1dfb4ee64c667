import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'data/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep worker count modest so the 100k-hotel world is not built many times at once.
    maxWorkers: 2,
  },
});
