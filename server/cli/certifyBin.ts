#!/usr/bin/env -S npx tsx
/** Entry point of `npm run certify`: see certify.ts. */
import { main } from './certify.js';

process.exitCode = await main(process.argv.slice(2));
