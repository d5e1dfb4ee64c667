/**
 * `npx hotel-sandbox` runs the server under `npm exec` through a shell: a SIGTERM to npm ends npm
 * (and the shell) but never reaches the server, which would keep running and holding its port. So a
 * server that npm started as its own command (npx, or a package script that is `hotel-sandbox …`)
 * watches for npm going away and then stops as on SIGTERM. A server that a script of the user's
 * started in the background (`hotel-sandbox &`) is left alone: its parent may well end first.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** How often the parent is looked at; a stop then begins within this much of npm's end. */
const WATCH_INTERVAL_MS = 500;

/** npm ran this process as its command: the lifecycle script's first word is the hotel-sandbox bin. */
export function startedByNpmAsCommand(env: NodeJS.ProcessEnv = process.env): boolean {
  const command = (env.npm_lifecycle_script ?? '').trim().split(/\s+/)[0] ?? '';
  return basename(command.replace(/^['"]|['"]$/g, '')) === 'hotel-sandbox';
}

/** Linux: a process's parent and command line, from /proc; undefined elsewhere or when it is gone. */
function processInfo(pid: number): { parent: number; command: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { parent, command };
  } catch {
    return undefined;
  }
}

/** The npm process among the nearest ancestors (the shell npm runs commands through sits between). */
function npmAncestor(): number | undefined {
  let pid = process.ppid;
  for (let depth = 0; depth < 3 && pid > 1; depth++) {
    const info = processInfo(pid);
    if (!info) return undefined;
    if (/(^|[/\s])(npm|npx)(-cli\.js)?(\s|$)|npm exec/.test(info.command)) return pid;
    pid = info.parent;
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When npm started this process as its command, calls `stop` once npm (or the shell between) is
 * gone. Does nothing otherwise. The watch never keeps the process alive by itself.
 */
export function stopWhenNpmExits(stop: () => void, env: NodeJS.ProcessEnv = process.env): void {
  if (!startedByNpmAsCommand(env)) return;
  const parent = process.ppid;
  const npm = npmAncestor();
  const timer = setInterval(() => {
    if (process.ppid === parent && (npm === undefined || isAlive(npm))) return;
    clearInterval(timer);
    stop();
  }, WATCH_INTERVAL_MS);
  timer.unref();
}
