/**
 * The booking-start baseline of `npm run bench -- http`: bare Express that appends the same bytes
 * durably before it answers, as the embedded store does. express.json() reads the body; the
 * reference server's own journal line for a booking start (the change in JOURNAL_ENTRY_FILE) is
 * committed through the store's Journal (server/store/journal.ts) on the real file system — the
 * same append, the same fsync, the same group commit — to JOURNAL_FILE; then the reference's
 * answer goes out through res.json. Reads {path: body} from BODIES_FILE as bareExpress.ts does.
 */
import express from 'express';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Journal, type JournalEntry } from '../../server/store/journal.js';
import { nodeStoreFs } from '../../server/store/storeFs.js';

const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE as string, 'utf8')) as Record<string, unknown>;
const entry = JSON.parse(readFileSync(process.env.JOURNAL_ENTRY_FILE as string, 'utf8')) as JournalEntry;
const path = process.env.JOURNAL_FILE as string;
const fs = nodeStoreFs();
const journal = new Journal(fs, path, await fs.openAppend(path), 0, 0);

const app = express();
app.use(express.json());
app.post('/booking.php', (_req, res, next) => {
  journal.commit(entry, () => {}).then(() => res.json(bodies['/booking.php']), next);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`durable express listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  void journal.close().finally(() => process.exit(0));
});
