// What the journeys shop from: an admin of their own (the server makes it from ADMIN_EMAIL at start, see
// playwright.config.ts) and a small catalog that catalog.setup.ts adds through the API as that admin. No journey
// relies on the demo shop's accounts or products.
import { categoryFields, productFields } from '@shop/core/factories';

export const ADMIN = { username: 'e2e-admin', email: 'e2e-admin@shop.test', password: 'E2e-admin-pass-1' };

/** A picture every start serves (the home page's collection picture), in the three widths a product's has. */
export const IMAGE = '/images/collection-women-800.webp';

export const WOMEN_CATEGORY = 'Dresses';

export const CATEGORIES = [
  { ...categoryFields({ title: WOMEN_CATEGORY, gender: 'women' }), titleAr: 'فساتين' },
  categoryFields({ title: 'Skirts', gender: 'women' }),
  categoryFields({ title: 'Shirts', gender: 'men' }),
];

// A discounted dress whose price after the discount has piastres, so totals show the rounding rule.
export const PRODUCTS = [
  productFields({ name: 'Linen Wrap Midi Dress', price: 1499, disCountPrecent: 0, gender: 'women', category: WOMEN_CATEGORY }),
  // with its Arabic name and description (the Arabic journeys, arabic.spec.ts)
  {
    ...productFields({ name: 'Satin Slip Dress', price: 1299, disCountPrecent: 15, gender: 'women', category: WOMEN_CATEGORY }),
    nameAr: 'فستان ساتان بحمالات',
    descriptionAr: 'فستان ناعم من الساتان بحمالات رفيعة، يناسب السهرات والمناسبات.',
  },
  productFields({ name: 'Cotton Shirt Dress', price: 1199, disCountPrecent: 0, gender: 'women', category: WOMEN_CATEGORY }),
  productFields({ name: 'Pleated Midi Skirt', price: 949, disCountPrecent: 10, gender: 'women', category: 'Skirts' }),
  productFields({ name: 'Oxford Button-Down Shirt', price: 899, disCountPrecent: 0, gender: 'men', category: 'Shirts' }),
  productFields({ name: 'Linen Camp-Collar Shirt', price: 799, disCountPrecent: 20, gender: 'men', category: 'Shirts' }),
];

/** A shirt in clothing sizes, one of them sold out (the size picker's journeys, sizes.spec.ts). */
export const SIZED_PRODUCT = productFields({
  name: 'Cotton Crew T-Shirt',
  price: 399,
  disCountPrecent: 0,
  gender: 'men',
  category: 'Shirts',
  sizes: [{ size: 'S', stock: 6 }, { size: 'M', stock: 0 }, { size: 'L', stock: 2 }, { size: 'XL', stock: null }],
});
