/**
 * The deployment you can copy as plain processes (deploy/processes/start.sh and stop.sh) for the
 * `deploy` tests: started on ports picked at random (again when one was in use), HAProxy's runtime
 * API, and each replica's state as HAProxy sees it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { skipPostgres } from '../../server/testing/postgres.js';
import { ROOT } from '../../server/testing/serverProcess.js';
import { somePort } from './deployTraffic.js';

const run = promisify(execFile);
export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** Skip without PostgreSQL or HAProxy locally; fail in CI. */
export function skipDeploy(what: string): boolean {
  const postgres = skipPostgres();
  if (existsSync(HAPROXY)) return postgres;
  if (process.env.CI === 'true') throw new Error(`${what} cannot run in CI: ${HAPROXY} not found (apt-get install haproxy)`);
  console.warn(`Skipping ${what}: ${HAPROXY} not found`);
  return true;
}

export interface Deployment {
  /** STATE_DIR: logs, pids, the build, the runtime API socket. */
  state: string;
  /** The proxy's base URL. */
  proxy: string;
  /** HAProxy's runtime API socket. */
  socket: string;
  /** The replicas' ports, in order. */
  replicaPorts: [number, number];
  /** The environment start.sh ran with (every server setting passes through to the replicas; DATABASE_URL_FILE names the database). */
  env: NodeJS.ProcessEnv;
}

/** deploy/processes/start.sh on a database, with `settings` for the replicas. */
export async function startDeployment(databaseUrl: string, settings: Record<string, string>): Promise<Deployment> {
  // Ports below the ephemeral range, picked at random and picked again when one was in use (as
  // server/testing/postgres.ts does): HAProxy and the replicas' PUBLIC_URL need them before they start.
  for (let attempt = 1; ; attempt++) {
    const state = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const [proxyPort, first, second, stats] = [somePort(), somePort(), somePort(), somePort()];
    const proxy = `http://127.0.0.1:${proxyPort}`;
    // The database's URL from a file, as docs/operating.md's example gives it (a secret never in a flag or the process list).
    const databaseUrlFile = join(state, 'database-url');
    writeFileSync(databaseUrlFile, `${databaseUrl}\n`, { mode: 0o600 });
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = {
      ...inherited, STATE_DIR: state, HAPROXY, DATABASE_URL_FILE: databaseUrlFile, PUBLIC_URL: proxy, LOG_LEVEL: 'warn', ...settings,
      PROXY_HOST: '127.0.0.1', PROXY_PORT: String(proxyPort), REPLICA_PORTS: `${first} ${second}`, STATS_PORT: String(stats),
    };
    const started = await run('bash', [join(ROOT, 'deploy/processes/start.sh')], { cwd: ROOT, timeout: 300_000, env }).then(
      () => undefined,
      (error: Error & { stderr?: string }) => error,
    );
    if (!started) return { state, proxy, socket: join(state, 'haproxy.sock'), replicaPorts: [first, second], env };
    rmSync(state, { recursive: true, force: true });
    if (!/in use|cannot bind|cannot listen/i.test(started.stderr ?? '') || attempt === 5) throw started;
  }
}

/** `bash deploy/processes/replica.sh ACTION INDEX` with the deployment's environment; its output. */
export async function replicaCommand(deployment: Deployment, action: 'start' | 'stop' | 'restart', index: 1 | 2): Promise<string> {
  const { stdout } = await run('bash', [join(ROOT, 'deploy/processes/replica.sh'), action, String(index)], { cwd: ROOT, env: deployment.env, timeout: 180_000 });
  return stdout;
}

/** deploy/processes/stop.sh, then the state directory removed. */
export async function stopDeployment(deployment: Deployment | undefined): Promise<void> {
  if (!deployment) return;
  await run('bash', [join(ROOT, 'deploy/processes/stop.sh')], { env: deployment.env, timeout: 60_000 }).catch(() => {});
  rmSync(deployment.state, { recursive: true, force: true });
}

/** One command on HAProxy's runtime API (its stats socket). */
export function runtimeApi(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.setTimeout(5_000, () => connection.destroy(new Error(`no answer to '${command}'`)));
    connection.on('data', (chunk) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.write(`${command}\n`);
  });
}

/** Each replica's state and last check as HAProxy sees them (show stat). */
export async function replicaStates(socket: string): Promise<Record<string, { status: string; check: string }>> {
  const [header, ...rows] = (await runtimeApi(socket, 'show stat')).replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  const states: Record<string, { status: string; check: string }> = {};
  for (const row of rows.map((line) => line.split(','))) {
    if (at(row, 'pxname') === 'replicas' && at(row, 'svname').startsWith('replica')) states[at(row, 'svname')] = { status: at(row, 'status'), check: at(row, 'check_status') };
  }
  return states;
}
