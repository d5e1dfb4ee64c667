/**
 * The key life cycle against its reference model (server/testing/keyModel/): random sequences of
 * issue, roll with grace, expire now, revoke, disable, enable, delete, time passing, API calls, key
 * lists and console sign-ins, on both embedded stores (the journalled file and process state). No
 * sequence lets a key that is not active gain a key, keep a session or outlive its grace, and every
 * answer matches the model. A failure prints its seed and path: replay it with KEY_MODEL_SEED and
 * KEY_MODEL_PATH. (PostgreSQL, one replica and two: server/store/postgresKeyModel.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { LowdbStore } from './lowdbStore.js';
import type { Store } from '../domain/ports/store.js';
import { playKeyScenario } from '../testing/keyModel/driver.js';
import { keyModelParameters, keyScenario } from '../testing/keyModel/events.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-model-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function playOn(open: () => Promise<Store>, events: Parameters<typeof playKeyScenario>[2]): Promise<void> {
  const store = await open();
  try {
    await playKeyScenario([store], new FakeClock('2026-11-21T10:00:00Z'), events);
  } finally {
    await store.close();
  }
}

describe('keys and accounts agree with the model', () => {
  it('on the process-state store', async () => {
    await fc.assert(fc.asyncProperty(keyScenario(1), (events) => playOn(() => LowdbStore.inMemory(), events)), keyModelParameters(150));
  });

  it('on the journalled file store (DB_FILE)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(keyScenario(1), (events) => playOn(() => LowdbStore.open(join(dir, `keys-${++run}.json`), { warn: () => {} }), events)),
      keyModelParameters(40),
    );
  });
});
