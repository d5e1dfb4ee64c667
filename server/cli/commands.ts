/**
 * `hotel-sandbox [COMMAND] …`: a first argument that names a command runs it (operators' tasks
 * against a store or a running sandbox); anything else starts the server (runServer.ts). Each
 * command is a module of its own, listed here; `hotel-sandbox COMMAND --help` is its own help.
 */
import { runServer, type ServerLaunch } from './runServer.js';

/** A command: its one-line summary (for the server's --help) and what it does with the arguments after its name; resolves to the exit code. */
export interface Command {
  summary: string;
  run(args: readonly string[]): Promise<number>;
}

/** The commands by name. */
export const COMMANDS: Record<string, () => Promise<Command>> = {
  accounts: async () => (await import('./accountsCommand.js')).accountsCommand(),
};

/** Runs the command the arguments name, or the server. */
export async function runCommandLine(launch: ServerLaunch, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const [first, ...rest] = argv;
  const load = first === undefined ? undefined : COMMANDS[first];
  if (!load) return runServer(launch);
  const code = await (await load()).run(rest);
  process.exitCode = code;
}
