import { describe, expect, it } from 'vitest';
import { certify } from '../../domain/certification/engine.js';
import type { CertificationReport, Verdict } from '../../domain/certification/types.js';
import { runGoodClient } from './goodClient.js';
import { simulatedSandbox } from './simulatedSandbox.js';
import { runSloppyClient } from './sloppyClient.js';

const KEY = 'sim-key-0000000000000000';
const verdicts = (report: CertificationReport): Record<string, Verdict> => Object.fromEntries(report.rules.map((r) => [r.id, r.verdict]));

/** What the sloppy client must be caught at, and what it never shows. */
export const SLOPPY_VERDICTS: Record<string, Verdict> = {
  'whole-flow': 'not_seen',
  'retry-after': 'failed',
  pacing: 'failed',
  'timeout-retry': 'failed',
  'booking-retry-idempotent': 'failed',
  'scenario-price-changed': 'not_seen',
  'scenario-sold-out': 'not_seen',
  'scenario-no-availability': 'failed',
  'cancel-409-no-loop': 'failed',
  'cancel-403-deadline': 'not_seen',
  'cancel-403-non-refundable': 'failed',
  'cancel-502-retry': 'failed',
  'no-repeated-400': 'failed',
  'key-in-body': 'failed',
};

describe('scripted clients on the simulated sandbox', () => {
  it('the good client is certified', async () => {
    const sandbox = simulatedSandbox({ apikey: KEY });
    const run = await runGoodClient(sandbox.env);
    expect(run.steps.filter((s) => s.step === 'cancel with the supplier down').map((s) => s.status)).toEqual([502, 200]);
    const report = certify(sandbox.journal);
    expect(report.rules.filter((r) => r.verdict !== 'passed')).toEqual([]);
    expect(report.verdict).toBe('certified');
    expect(JSON.stringify(sandbox.journal)).not.toContain(KEY);
  });

  it('the sloppy client is caught at every habit', async () => {
    const sandbox = simulatedSandbox({ apikey: KEY });
    await runSloppyClient(sandbox.env);
    const report = certify(sandbox.journal);
    expect(verdicts(report)).toEqual(SLOPPY_VERDICTS);
    expect(report.verdict).toBe('failed');
    expect(JSON.stringify(sandbox.journal)).not.toContain(KEY);
  });
});
