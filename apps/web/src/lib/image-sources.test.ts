import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources.ts';

describe('imageSources', () => {
  it('offers the three stored widths of a sized image', () => {
    expect(imageSources('/images/linen-shirt-ab12-800.webp')).toEqual({
      src: '/images/linen-shirt-ab12-800.webp',
      srcSet: '/images/linen-shirt-ab12-400.webp 400w, /images/linen-shirt-ab12-800.webp 800w, /images/linen-shirt-ab12-1200.webp 1200w',
    });
  });

  it('starts from whichever width the product lists and can prefer another', () => {
    expect(imageSources('/images/dress-1200.webp', 400).src).toBe('/images/dress-400.webp');
  });

  it('keeps other links untouched', () => {
    expect(imageSources('https://cdn.example.com/a.jpg')).toEqual({ src: 'https://cdn.example.com/a.jpg' });
    expect(imageSources('/images/plain.webp')).toEqual({ src: '/images/plain.webp' });
    expect(imageSources('/images/odd-500.webp')).toEqual({ src: '/images/odd-500.webp' });
  });
});
