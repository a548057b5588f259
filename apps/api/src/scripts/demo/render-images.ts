// `npm run demo:images -w apps/api`: renders every demo illustration at every width into src/scripts/demo/images, with
// a manifest of SVG hashes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENDERS } from '@shop/core/constants';
import { demoProducts } from './catalog.ts';
import { collectionImageSvg, productImageSvgs } from './garments.ts';
import { prerenderedDir, renderVariants, svgHash, type Manifest } from './prerendered.ts';
import { demoImageName } from '../seed.ts';

mkdirSync(prerenderedDir, { recursive: true });
for (const file of readdirSync(prerenderedDir)) rmSync(path.join(prerenderedDir, file));

const jobs: { name: string; svg: string }[] = [
  ...GENDERS.map((gender) => ({ name: `collection-${gender}`, svg: collectionImageSvg(gender) })),
  ...demoProducts.flatMap((product) => productImageSvgs(product).map((art, view) => ({ name: demoImageName(product.name, view), svg: art.svg }))),
];
const manifest: Manifest = {};
const started = Date.now();
let bytes = 0;
for (const job of jobs) {
  for (const { width, data } of await renderVariants(job.svg)) {
    writeFileSync(path.join(prerenderedDir, `${job.name}-${width}.webp`), data);
    bytes += data.length;
  }
  manifest[job.name] = svgHash(job.svg);
}
writeFileSync(path.join(prerenderedDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`${jobs.length} images rendered in ${Date.now() - started} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
