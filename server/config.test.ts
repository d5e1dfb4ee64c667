import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseTrustProxy, trustProxyWarning } from './config.js';

describe('parseTrustProxy (TRUST_PROXY, --trust-proxy)', () => {
  it('is off when unset, empty, off, false, no or 0', () => {
    for (const text of [undefined, '', ' ', 'off', 'OFF', 'false', 'no', '0']) expect(parseTrustProxy(text), String(text)).toBe(false);
  });

  it('reads a whole number as that many hops (not as the address 0.0.0.1)', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('3')).toBe(3);
  });

  it("accepts Express's named ranges, addresses and CIDR forms, alone or comma-separated", () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8 ,fd00::/8,::1,uniquelocal,linklocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('refuses true, explaining that clients could forge their address', () => {
    for (const text of ['true', 'TRUE']) {
      expect(() => parseTrustProxy(text)).toThrow(ConfigError);
      expect(() => parseTrustProxy(text)).toThrow(/forge its address/);
    }
  });

  it('refuses anything else, naming the entry', () => {
    for (const text of ['yes', '1.5', '-1', '10.0.0.0/33', '::1/129', '10.0.0.256', 'loopback,', 'localhost', '10.0.0.0/8/8', '99999999999999999999']) {
      expect(() => parseTrustProxy(text), text).toThrow(ConfigError);
    }
    expect(() => parseTrustProxy('loopback, proxy.example')).toThrow(/got 'proxy.example'/);
  });
});

describe('bin.ts settings', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const run = (env: Record<string, string>) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['server/bin.ts'], { cwd: root, env: { ...process.env, ...env }, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('exits 2 with the explanation on TRUST_PROXY=true and on an invalid value', async () => {
    const refusedTrue = await run({ TRUST_PROXY: 'true', PORT: '1' });
    expect(refusedTrue.code).toBe(2);
    expect(refusedTrue.stderr).toMatch(/TRUST_PROXY=true is refused: .*forge its address/);
    const invalid = await run({ TRUST_PROXY: 'proxy.example', PORT: '1' });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/got 'proxy.example'/);
  }, 60_000);
});

describe('trustProxyWarning (finding 6)', () => {
  it('warns of a hop count on a listener clients reach directly, not of addresses, CIDRs or loopback', () => {
    expect(trustProxyWarning(1, '0.0.0.0')).toMatch(/^TRUST_PROXY=1 is a hop count on 0\.0\.0\.0, .* Give the proxy's addresses or CIDR ranges/);
    expect(trustProxyWarning(2, '10.0.0.7')).toBeDefined();
    expect(trustProxyWarning(2, '::')).toBeDefined();
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(trustProxyWarning(1, host)).toBeUndefined();
    for (const trusted of [false, ['10.0.0.5'], ['10.0.0.0/24', 'loopback']] as const) expect(trustProxyWarning(trusted as never, '0.0.0.0')).toBeUndefined();
  });
});
