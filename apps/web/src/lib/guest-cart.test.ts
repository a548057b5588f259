import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import { addToGuestCart, clearGuestCart, guestCartItems, guestCartStore, guestLineId, guestLines, refreshGuestProducts, removeGuestLine, setGuestQuantity } from './guest-cart.ts';

function product(id: string, sizes: Product['sizes']): Product {
  return {
    _id: id, name: `Shirt ${id}`, description: 'A shirt', price: 400, disCountPrecent: 0, category: 'Shirts', gender: 'men', images: ['/images/a-800.webp'],
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', sizes, inStock: true, rating: { average: 0, count: 0, fit: { small: 0, true: 0, large: 0 } },
  } as Product;
}

describe('the browser cart of a visitor (PRODUCT section 8)', () => {
  beforeEach(() => clearGuestCart());

  it('adds a line, and the same product and size again grows it, up to what the size has left', () => {
    const shirt = product('p1', [{ size: 'M', stock: 3 }, { size: 'L', stock: null }]);
    expect(addToGuestCart(shirt, 'M', 2)).toBe('Product has been added to your cart');
    expect(() => addToGuestCart(shirt, 'M', 2)).toThrow('Only 3 left in size M');
    addToGuestCart(shirt, 'M', 1);
    addToGuestCart(shirt, 'L', 40);
    expect(guestLines(guestCartStore.get())).toEqual([
      { product: 'p1', size: 'M', quantity: 3 },
      { product: 'p1', size: 'L', quantity: 40 },
    ]);
  });

  it('refuses a size the product does not come in, or one sold out', () => {
    const shirt = product('p1', [{ size: 'M', stock: 0 }]);
    expect(() => addToGuestCart(shirt, 'XL', 1)).toThrow('This product does not come in size XL');
    expect(() => addToGuestCart(shirt, 'M', 1)).toThrow('Only 0 left in size M');
    expect(guestCartStore.get().lines).toEqual([]);
  });

  it('changes a quantity within the stock, removes a line, and draws lines as cart items', () => {
    addToGuestCart(product('p1', [{ size: 'M', stock: 5 }]), 'M', 1);
    addToGuestCart(product('p2', [{ size: 'One size', stock: null }]), 'One size', 1);
    const id = guestLineId({ product: 'p1', size: 'M' });
    setGuestQuantity(id, 5);
    expect(() => setGuestQuantity(id, 6)).toThrow('Only 5 left in size M');
    const [first] = guestCartItems(guestCartStore.get());
    expect(first).toMatchObject({ _id: 'p1:M', size: 'M', quantaty: 5, nameProduct: 'Shirt p1', priceProduct: 400 });
    removeGuestLine(id);
    expect(guestLines(guestCartStore.get())).toEqual([{ product: 'p2', size: 'One size', quantity: 1 }]);
  });

  it('keeps each line’s product as read again, and drops a product that is gone', () => {
    addToGuestCart(product('p1', [{ size: 'M', stock: 5 }]), 'M', 2);
    addToGuestCart(product('p2', [{ size: 'M', stock: 5 }]), 'M', 1);
    refreshGuestProducts(new Map([['p1', product('p1', [{ size: 'M', stock: 1 }])], ['p2', null]]));
    const items = guestCartItems(guestCartStore.get());
    expect(items.map((item) => item._id)).toEqual(['p1:M']);
    expect(items[0]!.product.sizes).toEqual([{ size: 'M', stock: 1 }]);
  });
});
