/**
 * What an install put into a project's node_modules, as the packing tests bound it: its size (the
 * files' own bytes, and the disk space they take, as `du` counts it), the packages, and those that
 * run a script at install time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface InstalledTree {
  bytes: number;
  diskBytes: number;
  packages: string[];
  /** Packages with a preinstall, install or postinstall script (npm would run them, or warn). */
  installScripts: string[];
}

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

export function installedTree(nodeModules: string): InstalledTree {
  const tree: InstalledTree = { bytes: 0, diskBytes: 0, packages: [], installScripts: [] };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const stat = statSync(path);
        tree.bytes += stat.size;
        tree.diskBytes += stat.blocks * 512;
        if (entry.name === 'package.json' && /node_modules\/(@[^/]+\/)?[^/@]+$/.test(dir)) {
          const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; scripts?: Record<string, string> };
          tree.packages.push(manifest.name ?? dir);
          if (INSTALL_SCRIPTS.some((script) => manifest.scripts?.[script])) tree.installScripts.push(manifest.name ?? dir);
        }
      }
    }
  };
  walk(nodeModules);
  return tree;
}
