/**
 * Specmatic, run from the jar its npm package ships (the `specmatic` devDependency, pinned): one
 * process per call, with a time limit, its output kept whole. Java 17 must be on the PATH.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function specmaticJar(): string {
  return join(dirname(createRequire(import.meta.url).resolve('specmatic/package.json')), 'specmatic.jar');
}

export interface SpecmaticRun {
  code: number | null;
  output: string;
  timedOut: boolean;
}

/** Runs `java -jar specmatic.jar …args` in `cwd` and resolves when it exits or is killed at `timeoutMs`. */
export function runSpecmatic(args: readonly string[], options: { cwd: string; timeoutMs: number }): Promise<SpecmaticRun> {
  return new Promise((resolve, reject) => {
    // A small heap and no JIT tiers beyond C1: Specmatic starts in half the time on a shared machine.
    const child = spawn('java', ['-Xmx1g', '-XX:TieredStopAtLevel=1', '-jar', specmaticJar(), ...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run java (Specmatic needs Java 17 on the PATH): ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
}
