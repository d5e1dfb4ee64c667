import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // In CI, JUnit XML into artifacts/ as well, where the CI recipes keep the reports.
    ...(process.env.CI ? { reporters: ['default', 'junit'], outputFile: { junit: 'artifacts/client-tests.xml' } } : {}),
  },
});
