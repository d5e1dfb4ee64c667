/**
 * The baseline of `npm run bench -- http`: bare Express 5 (the server's own Express) with express.json(), answering each path
 * with the same body the reference server gave, through res.json. Reads {path: body} from BODIES_FILE.
 */
import express from 'express';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE as string, 'utf8')) as Record<string, unknown>;
const app = express();
app.use(express.json());
for (const [path, body] of Object.entries(bodies)) app.post(path, (_req, res) => res.json(body));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare express listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
// Exit cleanly on SIGTERM (the bench stops it so), so a --cpu-prof run writes its profile.
process.on('SIGTERM', () => process.exit(0));
