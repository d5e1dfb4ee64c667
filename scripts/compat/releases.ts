/** The released copies of the contracts: contract/released/<version>/, one folder per release. */
import { readdirSync } from 'node:fs';

/** The newest version among the folders named by version. */
export function lastRelease(folder: string): string {
  const versions = readdirSync(folder).filter((name) => /^\d+\.\d+\.\d+$/.test(name));
  const order = (version: string) => version.split('.').map(Number);
  versions.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  const last = versions.at(-1);
  if (!last) throw new Error(`no released contract under ${folder}`);
  return last;
}

/** The commit each release was cut from (the copies are checked against it where the clone has it). */
export const RELEASE_COMMITS: Readonly<Record<string, string>> = {
  '1.0.0': 'fe1dfc4534d973be192cbd3f16cb8aebf5f62945',
};
