// Rendering ~180 illustrations takes a minute on a small machine, so the demo images are rendered once by
// `npm run demo:images -w apps/api` and kept beside this file. A picture whose drawing has changed since
// (its SVG hash differs from the manifest) is rendered again at seed time, so a stale file is never used.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_WIDTHS, loadSharp } from '../../modules/images/variants.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// beside the sources, or (from the bundle in dist/) back in the sources
export const prerenderedDir = [path.join(here, 'images'), path.join(here, '../src/scripts/demo/images')].find((dir) => existsSync(dir)) ?? path.join(here, 'images');

export type Manifest = Record<string, string>;

export function svgHash(svg: string): string {
  return createHash('sha1').update(svg).digest('hex');
}

export function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(prerenderedDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

export async function renderVariants(svg: string): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({ width, data: await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 82 }).toBuffer() })),
  );
}

/** The image at every width: from the prerendered files when they match the drawing, else rendered now. */
export async function demoImageVariants(name: string, svg: string, manifest: Manifest): Promise<{ width: number; data: Buffer }[]> {
  if (manifest[name] === svgHash(svg)) {
    try {
      return await Promise.all(
        IMAGE_WIDTHS.map(async (width) => ({ width, data: await readFile(path.join(prerenderedDir, `${name}-${width}.webp`)) })),
      );
    } catch {
      // a file is missing: render it
    }
  }
  return renderVariants(svg);
}
