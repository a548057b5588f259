import { describe, expect, it } from 'vitest';
import { filterChips } from './filter-chips.ts';

describe('filterChips', () => {
  it('gives each size, colour and the price range a chip whose link takes it alone off, keeping the scope and the sort', () => {
    const params = new URLSearchParams('gender=women&category=Dresses&size=M,L&color=Navy&minPrice=200&sort=price-asc&page=3');
    expect(filterChips('/shop', params)).toEqual([
      { kind: 'size', value: 'M', href: '/shop?gender=women&category=Dresses&size=L&color=Navy&minPrice=200&sort=price-asc' },
      { kind: 'size', value: 'L', href: '/shop?gender=women&category=Dresses&size=M&color=Navy&minPrice=200&sort=price-asc' },
      { kind: 'color', value: 'Navy', href: '/shop?gender=women&category=Dresses&size=M%2CL&minPrice=200&sort=price-asc' },
      { kind: 'price', min: 200, max: undefined, href: '/shop?gender=women&category=Dresses&size=M%2CL&color=Navy&sort=price-asc' },
    ]);
  });

  it('has none without filters, and the last one off leads to the bare listing', () => {
    expect(filterChips('/shop', new URLSearchParams('gender=men&sort=newest'))).toEqual([]);
    expect(filterChips('/shop/search', new URLSearchParams('maxPrice=500'))).toEqual([{ kind: 'price', min: undefined, max: 500, href: '/shop/search' }]);
  });
});
