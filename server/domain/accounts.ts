import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface Account {
  id: number;
  apikey: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares a secret in constant time (digests have one length, so not even the length leaks). */
export function secretMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Looks up accounts by API key in constant time: every key is compared, by digest, with no early exit. */
export class Accounts {
  private readonly entries: Array<{ account: Account; keyDigest: Buffer }>;

  constructor(accounts: Account[]) {
    this.entries = accounts.map((account) => ({ account, keyDigest: digest(account.apikey) }));
  }

  static fromFixture(path = new URL('../../fixtures/accounts.json', import.meta.url)): Accounts {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { accounts: Account[] };
    return new Accounts(parsed.accounts);
  }

  /** Every account, in fixture order (the home page lists the demo keys). */
  list(): readonly Account[] {
    return this.entries.map((entry) => entry.account);
  }

  findByKey(apikey: string): Account | undefined {
    const candidate = digest(apikey);
    let found: Account | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(candidate, entry.keyDigest)) found = entry.account;
    }
    return found;
  }
}
