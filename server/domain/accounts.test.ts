import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { AccountRegistry, demoAccounts } from './accounts.js';

describe('the demo accounts', () => {
  const accounts = new AccountRegistry(undefined, demoAccounts(), new FakeClock());

  it('ships the two documented demo keys, each with guest data', () => {
    for (const key of ['demo-key-1', 'demo-key-2']) {
      const account = accounts.findByKey(key);
      expect(account?.demo).toBe(true);
      expect(account?.first_name).toBeTruthy();
      expect(account?.last_name).toBeTruthy();
      expect(account?.email).toMatch(/@/);
      expect(account?.phone).toBeTruthy();
    }
    expect(accounts.findByKey('demo-key-1')?.id).not.toBe(accounts.findByKey('demo-key-2')?.id);
  });

  it('finds nothing for unknown, prefixed, longer or empty keys', () => {
    for (const key of ['', 'demo-key', 'demo-key-10', 'DEMO-KEY-1', 'demo-key-1 ']) {
      expect(accounts.findByKey(key)).toBeUndefined();
    }
  });
});
