import { describe, expect, it } from 'vitest';
import { GENDERS } from '@shop/core/constants';
import { demoImageName } from '../seed.ts';
import { demoProducts } from './catalog.ts';
import { collectionImageSvg, productImageSvgs } from './garments.ts';
import { readManifest, svgHash } from './prerendered.ts';

// A drawing changed without `npm run demo:images -w apps/api` would make every first start render it again.
describe('prerendered demo images', () => {
  it('match the current drawings', () => {
    const manifest = readManifest();
    const stale = [
      ...GENDERS.map((gender) => ({ name: `collection-${gender}`, svg: collectionImageSvg(gender) })),
      ...demoProducts.flatMap((product) => productImageSvgs(product).map((art, view) => ({ name: demoImageName(product.name, view), svg: art.svg }))),
    ].filter(({ name, svg }) => manifest[name] !== svgHash(svg));
    expect(stale.map(({ name }) => name)).toEqual([]);
  });
});
