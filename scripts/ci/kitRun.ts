/** The whole conformance kit (spec profile) against a sandbox through `baseUrl`, with its control API there, expected green. */
import { expect } from 'vitest';
import { runConformance } from '../../conformance/kit/runner.js';
import { summaryText } from '../../conformance/reports/console.js';

export async function expectKitGreen(baseUrl: string): Promise<void> {
  const report = await runConformance({ baseUrl, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: baseUrl, profile: 'spec' });
  const failures = report.results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.message ?? ''}`);
  expect(failures, summaryText(report)).toEqual([]);
  expect(report.summary.total).toBeGreaterThan(100);
}
