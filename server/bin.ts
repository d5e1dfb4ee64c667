#!/usr/bin/env -S node --import tsx
/**
 * Starts the reference server (`npm start`): settings from flags and the environment, the
 * embedded store in data/db.json unless one is named; SIGTERM/SIGINT drain in-flight requests,
 * then exit 0. Everything is cli/runServer.ts's; the hotel-sandbox package's bin calls it too.
 */
import { runServer } from './cli/runServer.js';

await runServer({ defaultStore: 'repository' });
