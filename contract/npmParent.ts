/**
 * `npx hotel-sandbox` and `npx hotel-conformance` run under `npm exec` through a shell (`sh -c`):
 * npm forwards SIGINT and SIGTERM to that shell, which holds them until its command ends, and on
 * SIGTERM npm exits; neither signal reaches our process, which would keep running (a server holding
 * its port, a kit calling the server and never writing its report). So a process that npm started
 * as its own command (npx, or a package script that is the bin) watches for npm going away
 * (SIGTERM) and for the shell between being woken by a signal npm forwarded (SIGINT: npm stays),
 * and then stops as on that signal. A process that a script of the user's started in the
 * background (`hotel-sandbox &`) is left alone: its parent may well end first.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** How often the parent is looked at; a stop then begins within this much of npm's end. */
const WATCH_INTERVAL_MS = 500;

/** npm ran this process as its command: the lifecycle script's first word is the bin `bin`. */
export function startedByNpmAsCommand(bin: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const command = (env.npm_lifecycle_script ?? '').trim().split(/\s+/)[0] ?? '';
  return basename(command.replace(/^['"]|['"]$/g, '')) === bin;
}

/**
 * How often a process has gone to sleep and been woken (Linux). The shell npm runs a command
 * through sleeps in wait() until the command ends; only a signal wakes it before that.
 */
function wakeUps(pid: number): number | undefined {
  try {
    const line = /voluntary_ctxt_switches:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
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
 * When npm started this process (the bin `bin`) as its command, calls `stop` once: with SIGTERM
 * when npm (or the shell between) is gone, with SIGINT when npm forwarded a signal to the shell
 * between and stays. Does nothing otherwise. The watch never keeps the process alive by itself.
 */
export function stopWithNpm(bin: string, stop: (signal: 'SIGINT' | 'SIGTERM') => void, env: NodeJS.ProcessEnv = process.env): void {
  if (!startedByNpmAsCommand(bin, env)) return;
  const parent = process.ppid;
  const npm = npmAncestor();
  // The shell between npm and us (npm exec's `sh -c`), when there is one: its wake-ups tell a forwarded signal.
  const shell = npm !== undefined && npm !== parent ? parent : undefined;
  const asleep = shell === undefined ? undefined : wakeUps(shell);
  const timer = setInterval(() => {
    const npmGone = process.ppid !== parent || (npm !== undefined && !isAlive(npm));
    const woken = !npmGone && asleep !== undefined && shell !== undefined && wakeUps(shell) !== asleep;
    if (!npmGone && !woken) return;
    clearInterval(timer);
    stop(npmGone ? 'SIGTERM' : 'SIGINT');
  }, WATCH_INTERVAL_MS);
  timer.unref();
}
