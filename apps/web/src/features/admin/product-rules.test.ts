import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { checkProduct, type ProductDraft } from './product-rules.ts';

const complete: ProductDraft = {
  name: ' Linen Shirt ', description: 'Breathable linen', price: '450', discount: '20', gender: 'men', category: 'Shirts',
};

const messageOf = (draft: Partial<ProductDraft>, images = 1) => {
  const check = checkProduct({ ...complete, ...draft }, images);
  return check.ok ? null : check.message;
};

describe('checkProduct', () => {
  it('asks for every required field first, whatever else is wrong', () => {
    for (const field of ['name', 'description', 'price', 'gender', 'category'] as const) {
      expect(messageOf({ [field]: '  ', discount: '500' }, 0)).toBe(MESSAGES.fillRequired);
    }
  });

  it('then wants a price above zero', () => {
    expect(messageOf({ price: '0' })).toBe(MESSAGES.priceAboveZero);
    expect(messageOf({ price: '-3' })).toBe(MESSAGES.priceAboveZero);
    expect(messageOf({ price: 'abc', discount: '500' })).toBe(MESSAGES.priceAboveZero);
  });

  it('then a whole discount from 0 to 99, blank meaning 0', () => {
    expect(messageOf({ discount: '100' }, 0)).toBe(MESSAGES.discountRange);
    expect(messageOf({ discount: '-1' })).toBe(MESSAGES.discountRange);
    expect(messageOf({ discount: '2.5' })).toBe(MESSAGES.discountRange);
    expect(messageOf({ discount: '99' })).toBeNull();
    expect(checkProduct({ ...complete, discount: '' }, 1)).toMatchObject({ ok: true, product: { disCountPrecent: 0 } });
  });

  it('then at least one image', () => {
    expect(messageOf({}, 0)).toBe(MESSAGES.chooseImages);
  });

  it('answers the trimmed product with numbers', () => {
    expect(checkProduct(complete, 2)).toEqual({
      ok: true,
      product: { name: 'Linen Shirt', description: 'Breathable linen', price: 450, disCountPrecent: 20, gender: 'men', category: 'Shirts' },
    });
  });
});
