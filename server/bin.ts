#!/usr/bin/env -S node --import tsx
/**
 * Starts the reference server (`npm start`): settings from flags and the environment, the
 * embedded store in data/db.json unless one is named; SIGTERM/SIGINT drain in-flight requests,
 * then exit 0. A first argument naming a command (cli/commands.ts) runs that instead. Everything is
 * cli/runServer.ts's and cli/commands.ts's; the hotel-sandbox package's bin calls them too.
 */
import { runCommandLine } from './cli/commands.js';

await runCommandLine({ defaultStore: 'repository' });
