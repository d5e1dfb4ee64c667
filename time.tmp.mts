import { runConformance } from './conformance/kit/runner.js';
import { startReferenceServer } from './conformance/testing/support/referenceServer.js';
const times: number[] = [];
for (let i = 0; i < 3; i++) {
  const server = await startReferenceServer();
  const t = performance.now();
  const r = await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: server.url, profile: 'spec', skip: ['limits.search.daily-200'] });
  times.push(Math.round(performance.now() - t));
  await server.close();
  console.log(JSON.stringify(r.summary), r.results.filter(x => x.status === 'failed').map(x => x.id + ': ' + x.message?.slice(0, 300)));
}
console.log('ms', times);
