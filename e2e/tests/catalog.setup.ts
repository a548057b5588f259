// Runs once before the journeys (the phone and desktop projects depend on it): the e2e admin logs in and adds
// the catalog of catalog.ts through the API, with the same builders the API tests and the seed use.
import { test as setup } from '@playwright/test';
import { adminAccount, statusOf } from './api.ts';
import { CATEGORIES, IMAGE, PRODUCTS, SIZED_PRODUCT } from './catalog.ts';

setup('the e2e admin adds the catalog', async ({ request }) => {
  const { token } = await adminAccount(request);
  for (const category of CATEGORIES) {
    const status = await statusOf(request, 'addCategory', { body: category, token });
    if (status !== 201 && status !== 409) throw new Error(`adding the category ${category.title} answered ${status}`);
  }
  // the sized product first: the oldest, so journeys that take the newest products get one-size ones
  for (const product of [SIZED_PRODUCT, ...PRODUCTS]) {
    const status = await statusOf(request, 'addProduct', { body: { ...product, imageUrls: [IMAGE] }, token });
    if (status !== 201 && status !== 409) throw new Error(`adding the product ${product.name} answered ${status}`);
  }
});
