// `npm ci` warns EBADENGINE for a package whose `engines` refuses the running Node: every package the lock installs
// must accept each Node line package.json's `engines` promises (the README's "Node 20.19 or newer"), from its
// lowest version up. Only the packages npm installs here count: another platform's binaries are skipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const installedHere = (entry) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe('the Node versions the shop promises', () => {
  const promised = read('package.json').engines.node;
  // the lowest version of each line the range names (">=20.19.0" gives 20.19.0; "^22.13.0" 22.13.0)
  const lowest = new semver.Range(promised).set.map((comparators) => semver.minVersion(comparators.map(String).join(' '))?.version);

  it('start at Node 20', () => {
    expect(lowest.map((version) => semver.major(version))).toContain(20);
  });

  it.each(lowest)('every installed package accepts Node %s', (version) => {
    const refusing = Object.entries(read('package-lock.json').packages)
      .filter(([, entry]) => entry.engines?.node && installedHere(entry) && !semver.satisfies(version, entry.engines.node))
      .map(([where, entry]) => `${where.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
