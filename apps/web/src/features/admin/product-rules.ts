import { DISCOUNT_MAX, DISCOUNT_MIN, GENDERS, type Gender } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  discount: string;
  gender: Gender | '';
  category: string;
}

export interface CheckedProduct {
  name: string;
  description: string;
  price: number;
  disCountPrecent: number;
  gender: Gender;
  category: string;
}

export type ProductCheck = { ok: true; product: CheckedProduct } | { ok: false; message: string };

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);

/** SPEC section 5, in its order: required fields, price above 0, discount 0 to 99, at least one image. */
export function checkProduct(draft: ProductDraft, imageCount: number): ProductCheck {
  const name = draft.name.trim();
  const description = draft.description.trim();
  const price = draft.price.trim();
  const category = draft.category.trim();
  if (!name || !description || !price || !isGender(draft.gender) || !category) return { ok: false, message: MESSAGES.fillRequired };

  const priceValue = Number(price);
  if (!Number.isFinite(priceValue) || priceValue <= 0) return { ok: false, message: MESSAGES.priceAboveZero };

  // a blank discount means no discount (PRODUCT section 2)
  const discount = draft.discount.trim() === '' ? 0 : Number(draft.discount.trim());
  if (!Number.isInteger(discount) || discount < DISCOUNT_MIN || discount > DISCOUNT_MAX) return { ok: false, message: MESSAGES.discountRange };

  if (imageCount < 1) return { ok: false, message: MESSAGES.chooseImages };
  return { ok: true, product: { name, description, price: priceValue, disCountPrecent: discount, gender: draft.gender, category } };
}
