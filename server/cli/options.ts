/**
 * Command-line settings from one declarative table: each entry names its flag, its environment
 * variable, its default and its help text, and the same table drives parsing and `--help`, so the
 * two cannot drift. Flags win over the environment; an empty variable counts as unset.
 *
 * A secret (the admin token, a database URL with its password) comes from its variable or from a
 * file named by `<VARIABLE>_FILE` (Docker and Kubernetes secrets), never from a flag: a flag is
 * readable by every user of the machine in the process list (`ps`, /proc/<pid>/cmdline) and stays
 * in the shell's history. Its flag is refused with a message that says where to put it instead.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { didYouMean } from '../../contract/didYouMean.js';
import { permissionHint, SECRET_PERMISSION_FIX } from './permissionHint.js';

/** A bad flag or value: printed as one line, exit code 2. */
export class UsageError extends Error {}

export interface OptionSpec<T> {
  /** Long flag without dashes; for switches it is the `--no-…` form that turns the setting off. */
  flag: string;
  env?: string;
  /** Placeholder of the flag's value in --help; switches take no value. */
  placeholder?: string;
  fallback: T;
  /** The default as --help shows it (computed defaults such as PUBLIC_URL). */
  shownDefault?: string;
  help: string;
  /** Reads a value from the flag or the variable; `source` names it in error messages. */
  parse(text: string, source: string): T;
  /** An on/off setting: the flag takes no value and means "off" (or `flagSets`); the variable is on/off. */
  switch?: true;
  /** What a switch's flag sets (false unless given: `--no-…` flags turn things off, `--dry-run` on). */
  flagSets?: T;
  /**
   * A secret: read from `env` or from the file `${env}_FILE` names, never from the flag (refused,
   * see the top of this file). `flag` is then the spelling refused.
   */
  secret?: true;
}

export type OptionTable = Record<string, OptionSpec<unknown>>;
export type SettingsOf<Table extends OptionTable> = {
  [Key in keyof Table]: Table[Key] extends OptionSpec<infer T> ? T : never;
};

/** Identity with a typed value, so a table keeps each entry's own value type. */
export const option = <T>(spec: OptionSpec<T>): OptionSpec<T> => spec;

export function positiveInteger(text: string, source: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`${source} must be a positive integer (got '${text}')`);
  }
  return value;
}

/** A TCP port: 0 (a free one, chosen when listening) to 65535. */
export function portNumber(text: string, source: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value > 65_535) throw new UsageError(`${source} must be a port from 0 to 65535 (got '${text}')`);
  return value;
}

export const anyText = (text: string): string => text;

export function onOff(text: string, source: string): boolean {
  if (/^(1|true|on|yes)$/i.test(text)) return true;
  if (/^(0|false|off|no)$/i.test(text)) return false;
  throw new UsageError(`${source} must be on or off (got '${text}')`);
}

export const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (text: string, source: string): T => {
    if ((choices as readonly string[]).includes(text)) return text as T;
    throw new UsageError(`${source} must be one of ${choices.join(', ')} (got '${text}')`);
  };

export type ReadResult<Table extends OptionTable> = { help: true } | { help: false; settings: SettingsOf<Table> };

/** Reads a secret's file (`readFileSync` as UTF-8 unless a test passes its own). */
export type ReadSecretFile = (path: string) => string;

/** No secret is this long: a path to a log, a disk image or /dev/zero is refused, not read to the end. */
const MAX_SECRET_BYTES = 64 * 1024;

export const readSecretFile: ReadSecretFile = (path) => {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(MAX_SECRET_BYTES + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_SECRET_BYTES) throw Object.assign(new Error('too large'), { code: `larger than ${MAX_SECRET_BYTES / 1024} KiB, not a secret` });
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
};

/**
 * A secret's text from its variable or its `_FILE` (one of the two; the file's trailing newlines,
 * which editors and `echo` add, are not part of it), or undefined when neither is set.
 */
export function secretText(variable: string, env: Readonly<Record<string, string | undefined>>, readFile: ReadSecretFile): { text: string; source: string } | undefined {
  const fileVariable = `${variable}_FILE`;
  const direct = env[variable] === '' ? undefined : env[variable];
  const file = env[fileVariable] === '' ? undefined : env[fileVariable];
  if (direct !== undefined && file !== undefined) throw new UsageError(`set ${variable} or ${fileVariable}, not both`);
  if (direct !== undefined) return { text: direct, source: variable };
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFile(file).replace(/[\r\n]+$/u, '');
  } catch (error) {
    throw new UsageError(`${fileVariable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})${permissionHint(error, SECRET_PERMISSION_FIX).replace(/^ /, '. ')}`);
  }
  if (text === '') throw new UsageError(`${fileVariable}: ${file} is empty`);
  return { text, source: `${fileVariable} (${file})` };
}

/** Parses argv against the table (unknown flags and stray arguments are UsageErrors). */
export function readSettings<Table extends OptionTable>(
  table: Table,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  readFile: ReadSecretFile = readSecretFile,
): ReadResult<Table> {
  const flagOptions: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const spec of Object.values(table)) flagOptions[spec.flag] = { type: spec.switch ? 'boolean' : 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options: flagOptions, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(parseArgsMessage(error, Object.keys(flagOptions)));
  }
  if (values.help) return { help: true };

  const settings: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(table)) {
    const flagValue = values[spec.flag];
    if (spec.secret) {
      if (flagValue !== undefined) throw secretFlagRefused(spec);
      const found = secretText(spec.env!, env, readFile);
      settings[key] = found === undefined ? spec.fallback : spec.parse(found.text, found.source);
      continue;
    }
    const envValue = spec.env === undefined || env[spec.env] === '' ? undefined : env[spec.env];
    if (spec.switch && flagValue === true) settings[key] = spec.flagSets ?? false;
    else if (typeof flagValue === 'string') settings[key] = spec.parse(flagValue, `--${spec.flag}`);
    else if (envValue !== undefined) settings[key] = spec.parse(envValue, spec.env!);
    else settings[key] = spec.fallback;
  }
  return { help: false, settings: settings as SettingsOf<Table> };
}

function secretFlagRefused(spec: OptionSpec<unknown>): UsageError {
  return new UsageError(secretFlagMessage(spec.flag, spec.env!));
}

/** Why a secret's flag is refused, and where the secret goes instead. */
export function secretFlagMessage(flag: string, variable: string): string {
  return `--${flag} is not accepted: a secret on the command line shows in the process list; set ${variable} or ${variable}_FILE (a file holding it) instead`;
}

/** node:util's messages are long and suggest `--` tricks; keep the first sentence, and name the flag meant. */
function parseArgsMessage(error: unknown, flags: readonly string[]): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${quoted ?? message}'${didYouMean(quoted ?? '', flags, '--')}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument '${quoted ?? message}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return message.split(/\.\s/)[0]!.replace(/\.$/, '');
  return message.split('\n')[0]!;
}

/** A default as --help prints it: lists comma-separated, nothing for none. */
function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(shownValue).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What applies when no flag is given: the variable's value when this environment sets it (so an
 * image's or a service's own settings show, marked "(set)"), else the default. A secret's value is
 * never shown, only that it is set.
 */
function shownSetting(spec: OptionSpec<unknown>, env: Readonly<Record<string, string | undefined>>): string {
  const fallback = spec.shownDefault ?? (spec.switch ? 'on' : shownValue(spec.fallback));
  if (spec.env === undefined) return fallback;
  const value = env[spec.env] === '' ? undefined : env[spec.env];
  if (spec.secret) {
    if (value !== undefined) return `set (${spec.env})`;
    return env[`${spec.env}_FILE`] ? `set (${spec.env}_FILE)` : fallback;
  }
  return value === undefined ? fallback : `${value} (set)`;
}

/**
 * `--help` text: every flag with its variable, what applies (`env` given: its values, see
 * shownSetting) and meaning, in table order.
 */
export function helpText(table: OptionTable, usage: string, about: string, env: Readonly<Record<string, string | undefined>> = {}): string {
  const rows = Object.values(table).map((spec) => [
    spec.secret ? '(no flag)' : `--${spec.flag}${spec.placeholder ? ` ${spec.placeholder}` : ''}`,
    spec.secret ? `${spec.env}[_FILE]` : (spec.env ?? ''),
    shownSetting(spec, env),
    spec.help,
  ]);
  rows.push(['-h, --help', '', '', 'Show this help and exit']);
  const header = ['Flag', 'Variable', 'Default', 'Meaning'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `  ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ')}`.trimEnd();
  return [`Usage: ${usage}`, '', about, '', line(header), ...rows.map(line), ''].join('\n');
}

/**
 * For commands (cli/commands.ts), which return their exit code: the settings, or the code to exit
 * with once --help was printed (0) or a UsageError was (one line, 2).
 */
export function commandSettings<Table extends OptionTable>(
  table: Table,
  help: { usage: string; about: string },
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): { settings: SettingsOf<Table> } | { exitCode: number } {
  try {
    const result = readSettings(table, argv, env);
    if (!result.help) return { settings: result.settings };
    process.stdout.write(helpText(table, help.usage, help.about, env));
    return { exitCode: 0 };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message} (see --help)\n`);
    return { exitCode: 2 };
  }
}

/**
 * For bin scripts: --help prints and exits 0; a UsageError prints one line and exits 2.
 * Anything else is a bug and keeps its stack trace.
 */
export function settingsOrExit<Table extends OptionTable>(
  table: Table,
  help: { usage: string; about: string },
  argv: readonly string[] = process.argv.slice(2),
  env: Readonly<Record<string, string | undefined>> = process.env,
): SettingsOf<Table> {
  try {
    const result = readSettings(table, argv, env);
    if (!result.help) return result.settings;
    process.stdout.write(helpText(table, help.usage, help.about, env));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message} (see --help)\n`);
    process.exit(2);
  }
}
