/**
 * Runs the kit against the reference server behind test-only middleware (a mutant or a variant),
 * with the harness and both keys; shared by mutations.test.ts and variants.test.ts.
 */
import { runConformance } from '../../kit/runner.js';
import type { Profile, RunReport } from '../../kit/types.js';
import { startReferenceServer, type ServerOptions } from './referenceServer.js';

export async function runAgainstWrapped(wrapper: ServerOptions, profile: Profile, only: readonly string[] = []): Promise<RunReport> {
  const server = await startReferenceServer({ config: { validateResponses: false, ...wrapper.config }, front: wrapper.front });
  try {
    // A generous time-out: many servers start at once on a loaded test machine (no speed is judged here).
    return await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: server.url, profile, only, timeoutMs: 15_000 });
  } finally {
    await server.close();
  }
}
