/**
 * The load generator: autocannon in its own process, never in a measured server's event loop.
 * Reads a LoadPlan (scripts/bench/processes.ts) as JSON on stdin, prints a LoadResult as JSON.
 */
import autocannon from 'autocannon';
import type { LoadPlan, LoadResult } from './processes.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const plan = JSON.parse(input) as LoadPlan;
const bodies = plan.bodies.map((body) => JSON.stringify(body));
let next = 0;

const result = await autocannon({
  url: plan.url,
  method: 'POST',
  connections: plan.connections,
  duration: plan.seconds,
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
    },
  ],
});

const summary: LoadResult = {
  requests_per_second: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  requests: result.requests.total,
  non_2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.stdout.write(JSON.stringify(summary));
