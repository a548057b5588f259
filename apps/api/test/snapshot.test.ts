// A fresh embedded data directory starts from the build's demo snapshot (src/db/snapshot.ts, docs/decisions/016).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { untar, unpackSnapshot } from '../src/db/snapshot.ts';

const databaseUrl = inject('testDatabaseUrl');

/** A ustar entry: header and body, padded to 512 bytes. */
function entry(name: string, body: string | null): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  const bytes = Buffer.from(body ?? '');
  header.write(`${bytes.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(body === null ? '5' : '0', 156);
  header.write('ustar\0', 257);
  return Buffer.concat([header, bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512)]);
}

describe('the embedded demo snapshot', () => {
  it('unpacks files and directories, and keeps a path that climbs out inside its directory', () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), 'shop-untar-')), 'out');
    untar(Buffer.concat([entry('/base', null), entry('/base/1/PG_VERSION', '17\n'), Buffer.alloc(1024)]), root);
    expect(readdirSync(path.join(root, 'base', '1'))).toEqual(['PG_VERSION']);
    untar(Buffer.concat([entry('../../escape', 'x'), entry('/a/../../up', 'y'), Buffer.alloc(1024)]), `${root}-2`);
    expect(readdirSync(`${root}-2`).sort()).toEqual(['escape', 'up']);
    expect(existsSync(path.join(root, '..', 'escape'))).toBe(false);
  });

  it('is unpacked only into an empty directory, never over a database or anything else', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'shop-snapshot-'));
    const file = path.join(base, 'demo.tar.gz');
    writeFileSync(file, gzipSync(Buffer.concat([entry('/PG_VERSION', '17\n'), Buffer.alloc(1024)])));
    const used = path.join(base, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'something'), 'kept');
    expect(unpackSnapshot(used, file)).toBe(false);
    expect(readdirSync(used)).toEqual(['something']);
    expect(unpackSnapshot(path.join(base, 'fresh'), path.join(base, 'missing.tar.gz'))).toBe(false);
    expect(unpackSnapshot(path.join(base, 'fresh'), file)).toBe(true);
    expect(readdirSync(path.join(base, 'fresh'))).toEqual(['PG_VERSION']);
    expect(existsSync(path.join(base, 'fresh.unpacking'))).toBe(false);
  });

  // One PGlite dump, unpacked the way a first start does it, opened with the data directory's lock held.
  it.runIf(!databaseUrl)('opens as the database that was dumped, with the data directory locked', async () => {
    const source = await PGlite.create();
    await source.exec(`create table kept (word text); insert into kept values ('قميص'), ('linen')`);
    const tarball = Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer());
    await source.close();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-snapshot-open-'));
    const file = path.join(dataDir, 'demo.tar.gz');
    writeFileSync(file, tarball);
    const dir = path.join(dataDir, 'pglite');
    expect(unpackSnapshot(dir, file)).toBe(true);
    const database = await openDatabase({ dataDir });
    try {
      if (database.kind !== 'pglite') throw new Error('expected the embedded database');
      expect((await database.client.query<{ word: string }>('select word from kept order by word')).rows.map((row) => row.word)).toEqual(['linen', 'قميص']);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
    } finally {
      await database.close();
    }
  }, 120_000);
});
