// The embedded database's first start, made at build time (docs/decisions/016): `npm run build` migrates an in-memory
// PGlite, seeds the demo rows into it and writes its data directory as a gzipped tarball beside the bundle. A fresh
// data directory is unpacked from it instead of paying initdb, the whole migration history and the seed on the
// user's machine; the start still runs any newer migration and copies the demo pictures.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the build puts the tarball: beside dist/server.js (the sources have none, so `npm run dev` starts as before). */
export const SNAPSHOT_FILE = path.join(here, 'pglite-demo.tar.gz');

/**
 * Unpacks the snapshot into `dir` when `dir` is empty (a fresh data directory) and the build made one; true if it did.
 * The files go to a directory beside it first, renamed into place once whole, so a start that dies half-way leaves
 * the fresh directory it found, never half a database. (Unpacking here, with plain file writes, takes a fraction of
 * what PGlite's own `loadDataDir` takes through its emulated file system.)
 */
export function unpackSnapshot(dir: string, file = SNAPSHOT_FILE): boolean {
  if (!existsSync(file) || (existsSync(dir) && readdirSync(dir).length > 0)) return false;
  const partial = `${dir}.unpacking`;
  rmSync(partial, { recursive: true, force: true });
  untar(gunzipSync(readFileSync(file)), partial);
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(partial, dir);
  return true;
}

/** The files and directories of a ustar archive (what PGlite's dumpDataDir writes), under `root`. */
export function untar(archive: Buffer, root: string): void {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    const field = (from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) break; // the two zero blocks at the end
    const prefix = header.toString('latin1', 257, 262) === 'ustar' ? field(345, 155) : '';
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const relative = path.normalize(path.join(prefix, name)).replace(/^(\.\.(\/|$))+/, '').replace(/^\/+/, '');
    const target = path.join(root, relative);
    if (!target.startsWith(root)) throw new Error(`The embedded database snapshot holds a path outside its directory: ${name}`);
    const body = at + 512;
    if (type === '5') mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, archive.subarray(body, body + size), { mode: 0o600 });
    }
    at = body + Math.ceil(size / 512) * 512;
  }
}
