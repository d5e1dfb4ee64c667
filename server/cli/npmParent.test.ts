/** Which launches follow npm: only a server npm runs as its own command (npx, a script that is the bin). */
import { describe, expect, it } from 'vitest';
import { startedByNpmAsCommand } from './npmParent.js';

describe('startedByNpmAsCommand', () => {
  it.each([
    [{ npm_lifecycle_script: "'hotel-sandbox'" }, true], // npx hotel-sandbox (npm quotes the command)
    [{ npm_lifecycle_script: 'hotel-sandbox --port 3000' }, true], // "sandbox": "hotel-sandbox --port 3000", npm run sandbox
    [{ npm_lifecycle_script: 'node_modules/.bin/hotel-sandbox' }, true],
    [{ npm_lifecycle_script: 'bash ci/steps/start-sandbox.sh' }, false], // a script that starts it in the background and ends
    [{ npm_lifecycle_script: 'vitest run' }, false], // a test run that spawns it
    [{}, false], // not under npm at all (a CI step, a container's entrypoint)
  ])('%j → %s', (env, follows) => {
    expect(startedByNpmAsCommand(env)).toBe(follows);
  });
});
