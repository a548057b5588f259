import { describe, expect, it } from 'vitest';
import { accountPath, guestOrderPath, productPath, searchPath, shopPath } from './paths.ts';

describe('paths', () => {
  it('encodes product names with spaces, &, / and Arabic letters into one path segment', () => {
    expect(productPath('Linen Shirt & Tie / Blue')).toBe('/products/Linen%20Shirt%20%26%20Tie%20%2F%20Blue');
    expect(decodeURIComponent(productPath('عباية سوداء').slice('/products/'.length))).toBe('عباية سوداء');
  });

  it('builds shop filters in gender then category order and drops empty ones', () => {
    expect(shopPath()).toBe('/shop');
    expect(shopPath({ gender: 'women', category: 'Dresses' })).toBe('/shop?gender=women&category=Dresses');
    expect(shopPath({ category: 'T-Shirts & Tops' })).toBe('/shop?category=T-Shirts+%26+Tops');
  });

  it('puts the search text in the query', () => {
    expect(searchPath('red dress')).toBe('/shop/search?search=red+dress');
  });

  it('encodes usernames in account paths', () => {
    expect(accountPath('Mona Ali', 'wishlist')).toBe('/account/Mona%20Ali/wishlist');
  });
});

describe('guest order paths', () => {
  it('carry the order id in the path and the token in the query', () => {
    expect(guestOrderPath('0198a3c2-aa', 'Ab_c-9')).toBe('/orders/0198a3c2-aa?token=Ab_c-9');
    expect(new URL(guestOrderPath('x/y', 'a b'), 'http://shop').searchParams.get('token')).toBe('a b');
  });
});
