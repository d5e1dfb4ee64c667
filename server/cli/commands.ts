/**
 * `hotel-sandbox [COMMAND] …`: a first argument that names a command runs it (operators' tasks
 * against a store or a running sandbox); anything else starts the server (runServer.ts). Each
 * command is a module of its own, listed here; `hotel-sandbox COMMAND --help` is its own help.
 */
import type { Command } from './command.js';
import { settingsOrExit } from './options.js';
import type { ServerLaunch } from './runServer.js';
import { SERVER_HELP, serverOptions } from './serverOptions.js';

export type { Command };

/** The commands by name. */
export const COMMANDS: Record<string, () => Promise<Command>> = {
  accounts: async () => (await import('./accountsCommand.js')).accountsCommand(),
  migrate: async () => (await import('./migrateCommand.js')).migrateCommand,
  backup: async () => (await import('./backupCommand.js')).backupCommand,
  restore: async () => (await import('./backupCommand.js')).restoreCommand,
};

/** The commands' lines of the server's --help. */
async function commandsHelp(): Promise<string> {
  const lines = await Promise.all(Object.entries(COMMANDS).map(async ([name, load]) => `  ${name.padEnd(10)}${(await load()).summary}`));
  return ['Commands (hotel-sandbox COMMAND --help for each):', ...lines].join('\n');
}

/** Runs the command the arguments name, or the server. */
export async function runCommandLine(launch: ServerLaunch, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const [first, ...rest] = argv;
  const load = first === undefined ? undefined : COMMANDS[first];
  if (!load) {
    // --help without loading the server (the app, the store, the world's modules): it prints at once.
    if (argv.includes('--help') || argv.includes('-h')) {
      settingsOrExit(serverOptions(launch.defaultStore), { ...SERVER_HELP, about: `${SERVER_HELP.about}\n\n${await commandsHelp()}` }, argv);
    }
    const { runServer } = await import('./runServer.js');
    return runServer(launch);
  }
  const code = await (await load()).run(rest);
  process.exitCode = code;
}
