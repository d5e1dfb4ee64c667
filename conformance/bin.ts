#!/usr/bin/env -S npx tsx
/** Entry point of `npm run conformance` and the `hotel-conformance` bin: see cli.ts. */
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
