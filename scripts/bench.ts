/**
 * `npm run bench`: startup time and RSS, search and hotel-details latency (server-side and over
 * HTTP) and throughput, booking-start/cancel throughput as the store grows, and hotel.php throughput
 * with one and two replicas on PostgreSQL, hotel.php through each request validator (`validation`), 10,000 accounts of 2
 * keys (`accounts`: start-up, memory per idle account, sign-in, console, key lookup), one account's worst
 * legitimate load beside another's calls (`neighbours`), and on request a soak test (`soak`). Prints JSON.
 * Targets (not test assertions): search p50 server-side < 5 ms, startup < 5 s, RSS < 600 MB.
 */
import { parseArgs } from 'node:util';

// Section names, and the options of the soak (`--minutes 3`) and startup (`--runs 5`) sections, which select nothing else.
const { positionals: only, values: sectionOptions } = parseArgs({
  allowPositionals: true,
  options: { minutes: { type: 'string' }, connections: { type: 'string' }, 'searches-only': { type: 'boolean' }, runs: { type: 'string' } },
});
const wanted = (name: string) => only.length === 0 || only.includes(name);
const results: Record<string, unknown> = { node: process.version, cpus: (await import('node:os')).cpus().length };
// Each section is loaded only when it runs, so `npm run bench startup` stays light.
if (wanted('startup')) results.startup = await (await import('./bench/startup.js')).benchStartup(sectionOptions.runs);
if (wanted('search')) results.search = await (await import('./bench/search.js')).benchSearch();
if (wanted('http')) results.http = await (await import('./bench/http.js')).benchHttp();
if (wanted('validation')) results.validation = await (await import('./bench/validation.js')).benchValidation();
if (wanted('bookings')) results.bookings = await (await import('./bench/bookings.js')).benchBookings();
if (wanted('replicas')) results.replicas = await (await import('./bench/replicas.js')).benchReplicas();
if (wanted('accounts')) results.accounts = await (await import('./bench/accounts.js')).benchAccounts();
if (wanted('neighbours')) results.neighbours = await (await import('./bench/neighbours.js')).benchNeighbours();
// The soak test runs for minutes (10 by default), so only when asked: `npm run bench -- soak --minutes 3`.
if (only.includes('soak')) results.soak = await (await import('./bench/soak.js')).benchSoak(sectionOptions);
console.log(JSON.stringify(results, null, 2));
process.exit(0);
