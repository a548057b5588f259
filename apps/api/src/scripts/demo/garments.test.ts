import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GENDERS } from '@shop/core/constants';
import { demoCategories, demoProducts } from './catalog.ts';
import { collectionImageSvg, productImageSvgs } from './garments.ts';

async function rasterSize(svg: string): Promise<{ width: number; height: number }> {
  const { info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

function expectSelfContained(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).not.toMatch(/<(text|image|script|foreignObject|use)\b/i);
  // Only in-document references (url(#id)); nothing that could reach out of the file.
  expect(svg).not.toMatch(/href\s*=\s*["'](?!#)/i);
  expect(svg).not.toMatch(/url\(\s*["']?(?!#)/i);
  expect(svg).not.toMatch(/Math\.random|NaN|undefined/);
}

describe('demo catalog data', () => {
  it('is big enough to browse and sensibly categorised', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(48);
    for (const gender of GENDERS) {
      expect(demoCategories.filter((c) => c.gender === gender).length).toBeGreaterThanOrEqual(5);
    }
    for (const product of demoProducts) {
      expect(demoCategories.some((c) => c.gender === product.gender && c.title === product.category), `${product.name} → ${product.gender}/${product.category}`).toBe(true);
    }
  });

  it('has unique names, valid prices and discounts', () => {
    const names = demoProducts.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const product of demoProducts) {
      expect(product.price, product.name).toBeGreaterThan(0);
      expect(Math.abs(product.price * 100 - Math.round(product.price * 100)), product.name).toBeLessThan(1e-9);
      expect(Number.isInteger(product.disCountPrecent), product.name).toBe(true);
      expect(product.disCountPrecent, product.name).toBeGreaterThanOrEqual(0);
      expect(product.disCountPrecent, product.name).toBeLessThanOrEqual(99);
      expect(product.description.length, product.name).toBeGreaterThan(20);
      expect(product.color, product.name).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(demoProducts.some((p) => p.disCountPrecent > 0)).toBe(true);
  });
});

describe('demo garment illustrations', () => {
  it.each(demoProducts.map((p) => [p.name, p] as const))('%s: 2 to 4 self-contained 900x1200 SVGs', async (_name, product) => {
    const arts = productImageSvgs(product);
    expect(arts.length).toBeGreaterThanOrEqual(2);
    expect(arts.length).toBeLessThanOrEqual(4);
    expect(arts[0]?.label).toBe('front');
    expect(new Set(arts.map((a) => a.svg)).size).toBe(arts.length);
    for (const art of arts) {
      expect(art.svg).toContain('width="900" height="1200" viewBox="0 0 900 1200"');
      expectSelfContained(art.svg);
      expect(await rasterSize(art.svg)).toEqual({ width: 900, height: 1200 });
    }
  });

  it('is deterministic', () => {
    const product = demoProducts[0]!;
    expect(productImageSvgs(product)).toEqual(productImageSvgs({ ...product }));
  });

  it.each(GENDERS.map((g) => [g]))('draws the %s collection picture at 1200x1500', async (gender) => {
    const svg = collectionImageSvg(gender);
    expect(svg).toContain('width="1200" height="1500" viewBox="0 0 1200 1500"');
    expectSelfContained(svg);
    expect(await rasterSize(svg)).toEqual({ width: 1200, height: 1500 });
  });

  it('gives the two collections different pictures', () => {
    expect(collectionImageSvg('women')).not.toBe(collectionImageSvg('men'));
  });
});
