/**
 * Runs the kit against one variant (the reference server behind the variant's middleware), with
 * the harness and both keys; shared by variants.test.ts.
 */
import { runConformance } from '../kit/runner.js';
import type { Profile, RunReport } from '../kit/types.js';
import { startReferenceServer } from '../test-support/referenceServer.js';
import type { Variant } from './types.js';

export async function runAgainstVariant(variant: Pick<Variant, 'front' | 'config'>, profile: Profile, only: readonly string[] = []): Promise<RunReport> {
  const server = await startReferenceServer({ config: { validateResponses: false, ...variant.config }, front: variant.front });
  try {
    return await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: server.url, profile, only });
  } finally {
    await server.close();
  }
}
