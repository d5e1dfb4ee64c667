/** The node:http round-robin proxy (server/testing/roundRobinProxy.ts) in its own process, for `npm run bench -- replicas`. */
import { startRoundRobinProxy } from '../../server/testing/roundRobinProxy.js';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean);
const proxy = await startRoundRobinProxy(upstreams, '127.0.0.1', Number(process.env.PORT ?? 0));
console.log(`round-robin proxy listening on ${proxy.url} → ${upstreams.join(', ')}`);
process.on('SIGTERM', () => void proxy.close().finally(() => process.exit(0)));
