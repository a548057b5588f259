// The admin writes a product's and a category's Arabic names (issue 18, PRODUCT.md section 7 "Arabic"): the inputs
// are right to left and in Arabic, optional, and what is typed is what the API answers. With Arabic chosen (the lang
// cookie) the dashboard itself is Arabic (decision 019): the admin adds a category and a product through it, and a
// walk over every admin screen, dialog and move fails on one that is not right to left, scrolls sideways, or still
// shows English, at phone and desktop size.
import type { APIRequestContext } from '@playwright/test';
import { adminAccount, call, catalogWithOrder, runTag, useSession, type Account } from './api.ts';
import { IMAGE } from './catalog.ts';
import { catalogNames, everyItem, expectArabicPage, namesSeen } from './english-left.ts';
import { expect, expectToast, productPath, test, useLanguage } from './fixtures.ts';
import { fillProductForm } from './forms.ts';
import { expectSizesFit } from './sizes-editor.ts';
import { settled } from './page-steps.ts';

test('the admin adds a category and a product with their Arabic names, and edits them', async ({ page, request, context, baseURL, shot }, testInfo) => {
  test.setTimeout(120_000);
  const tag = runTag(testInfo);
  const admin = await adminAccount(request);
  await useSession(context, baseURL!, admin);
  const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;
  const categoryTitle = `Kaftans ${tag}`;
  const productName = `Linen Kaftan ${tag}`;
  const nameAr = `قفطان كتان ${tag}`;
  const descriptionAr = 'قفطان واسع من الكتان الخالص بفتحة رقبة عريضة، للأمسيات الدافئة.';

  await page.goto(`${dashboard}/add-category`);
  const titleAr = page.getByLabel('Name in Arabic');
  await expect(titleAr).toHaveAttribute('dir', 'rtl');
  await expect(titleAr).toHaveAttribute('lang', 'ar');
  await page.getByLabel('Gender').selectOption('women');
  await page.getByLabel('Name', { exact: true }).fill(categoryTitle);
  await titleAr.fill('قفاطين');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page).toHaveURL(`${dashboard}/categories`);
  const category = (await call(request, 'listCategories')).find((c) => c.title === categoryTitle);
  expect(category).toMatchObject({ gender: 'women', titleAr: 'قفاطين' });

  await page.goto(`${dashboard}/add-product`);
  for (const label of ['Name in Arabic', 'Description in Arabic']) {
    await expect(page.getByLabel(label)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel(label)).toHaveAttribute('lang', 'ar');
    await expect(page.getByLabel(label)).not.toHaveAttribute('required');
  }
  await fillProductForm(page, {
    name: productName, description: 'A loose linen kaftan with a wide neckline, for warm evenings.', nameAr, descriptionAr, price: '750', gender: 'women',
    category: categoryTitle,
  });
  // a picture the server already serves (the browser has no network)
  await page.getByLabel('Image link').fill(IMAGE);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await shot('admin-add-product-arabic');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(`${dashboard}/products`);

  const added = await call(request, 'getProduct', { params: { x: productName } });
  expect(added).toMatchObject({ name: productName, nameAr, descriptionAr, category: categoryTitle });

  // The update form shows them; a blank Arabic description is cleared, the name kept.
  await page.goto(`${productPath(productName)}/update`);
  await expect(page.getByLabel('Name in Arabic')).toHaveValue(nameAr);
  await expect(page.getByLabel('Description in Arabic')).toHaveValue(descriptionAr);
  await page.getByLabel('Description in Arabic').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(`${dashboard}/products`);
  const updated = await call(request, 'getProduct', { params: { x: productName } });
  expect(updated.nameAr).toBe(nameAr);
  expect(updated).not.toHaveProperty('descriptionAr');
});

/** Latin words the Arabic dashboard may show besides the storefront's: the picture formats it takes. */
const ADMIN_ALLOWED = [/\b(JPEG|PNG|WebP|GIF|SVG)\b/g];

/** What the admin's screens show that people wrote: the catalog, and every user's and order's names. */
async function shopNames(request: APIRequestContext, admin: Account): Promise<string[]> {
  const users = await everyItem(request, 'listUsers', admin.token);
  const orders = await everyItem(request, 'listOrders', admin.token);
  return [
    ...(await catalogNames(request)),
    ...users.map((user) => user.username),
    ...orders.flatMap((order) => [order.firstName, order.secondName, order.username ?? '', order.city, order.address]),
  ];
}

test.describe('in the Arabic dashboard', () => {
  test('the admin adds a category and a product with its Arabic fields, sizes and picture, and updates it', async ({ page, request, context, baseURL, shot }, testInfo) => {
    test.setTimeout(120_000);
    const tag = runTag(testInfo);
    const admin = await adminAccount(request);
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, 'ar');
    const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;
    const categoryTitle = `Galabeyas ${tag}`;
    const categoryAr = `جلابيات ${tag}`;
    const productName = `Embroidered Galabeya ${tag}`;
    const nameAr = `جلابية مطرزة ${tag}`;
    const descriptionAr = 'جلابية قطنية واسعة بتطريز يدوي عند الرقبة، مريحة للبيت والزيارات.';

    // a category, through the Arabic form
    await page.goto(`${dashboard}/add-category`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إضافة قسم');
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    await expectToast(page, 'يُرجى ملء جميع الحقول المطلوبة.');
    await page.getByLabel('التشكيلة').selectOption('women');
    await expect(page.getByLabel('التشكيلة').locator('option:checked')).toHaveText('حريمي');
    await page.getByLabel('الاسم', { exact: true }).fill(categoryTitle);
    await page.getByLabel('الاسم بالعربية').fill(categoryAr);
    await page.getByRole('button', { name: 'إضافة قسم' }).click();
    await expectToast(page, 'تمت إضافة القسم');
    await expect(page).toHaveURL(`${dashboard}/categories`);
    const categoryRow = page.getByRole('row').filter({ hasText: categoryAr });
    await expect(categoryRow).toContainText(categoryTitle);
    await expect(categoryRow).toContainText('حريمي');
    expect((await call(request, 'listCategories')).find((category) => category.title === categoryTitle)).toMatchObject({ gender: 'women', titleAr: categoryAr });

    // a product in it: the form's checks answer in Arabic, the category is chosen by its Arabic title
    await page.goto(`${dashboard}/add-product`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إضافة منتج');
    const create = page.getByRole('button', { name: 'إنشاء المنتج' });
    // one row, "One size", before any preset
    await expectSizesFit(page);
    await create.click();
    await expectToast(page, 'يُرجى ملء جميع الحقول المطلوبة.');
    await fillProductForm(page, {
      name: productName, description: 'A loose cotton galabeya with hand embroidery at the neck.', nameAr, descriptionAr, price: '800', discount: '120',
      gender: 'women', category: { label: categoryAr },
    }, 'ar');
    await create.click();
    await expectToast(page, 'يجب أن يكون الخصم بين ٠ و٩٩.');
    await page.getByLabel('الخصم (٪)').fill('10');
    // what shoppers pay, in Egypt's digits
    await expect(page.locator('.admin-preview')).toContainText('٧٢٠ ج.م.');

    // clothing sizes, M with 3 pieces and XXL untracked
    await page.getByRole('group', { name: 'املأ المقاسات بـ' }).getByRole('button', { name: 'ملابس XS–XXL' }).click();
    await page.getByLabel('مخزون المقاس M').fill('3');
    await page.getByLabel('المقاس XXL: المخزون بدون تتبع').check();
    await expect(page.getByLabel('مخزون المقاس XXL')).toBeDisabled();
    await expectSizesFit(page);

    await create.click();
    await expectToast(page, 'يُرجى اختيار الصور');
    await page.getByLabel('رابط الصورة').fill(IMAGE);
    await page.getByRole('button', { name: 'إضافة', exact: true }).click();
    await expect(page.getByRole('list', { name: 'الصور المختارة' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'الصور المختارة' })).toContainText('الغلاف · رابط');
    // the category select lists every women's category, some named in English only
    await expectArabicPage(page, () => catalogNames(request), ADMIN_ALLOWED);
    await shot('admin-add-product-in-arabic');
    await create.click();
    await expectToast(page, 'تم إنشاء المنتج');
    await expect(page).toHaveURL(`${dashboard}/products`);

    const added = await call(request, 'getProduct', { params: { x: productName } });
    expect(added).toMatchObject({ name: productName, nameAr, descriptionAr, price: 800, disCountPrecent: 10, gender: 'women', category: categoryTitle });
    expect(added.sizes).toEqual([
      { size: 'XS', stock: 0 }, { size: 'S', stock: 0 }, { size: 'M', stock: 3 }, { size: 'L', stock: 0 }, { size: 'XL', stock: 0 }, { size: 'XXL', stock: null },
    ]);

    // the products list names it and its category in Arabic
    const productRow = page.getByRole('row').filter({ hasText: nameAr });
    await expect(productRow).toContainText(categoryAr);
    await expect(productRow).toContainText('٨٠٠ ج.م.');
    await expect(productRow).toContainText('حريمي');

    // and it is updated through the Arabic form
    await productRow.getByRole('link', { name: `تحديث ${nameAr}` }).click();
    await expect(page).toHaveURL(`${productPath(productName)}/update`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تحديث المنتج');
    await expect(page.getByLabel('الاسم بالعربية')).toHaveValue(nameAr);
    await expect(page.getByLabel('القسم', { exact: true }).locator('option:checked')).toHaveText(categoryAr);
    await page.getByLabel('السعر (ج.م.)').fill('850');
    // a piece that cannot be given back (PRODUCT section 9): its page says so
    const returnable = page.getByRole('checkbox', { name: 'يمكن إرجاعه أو استبداله' });
    await expect(returnable).toBeChecked();
    await returnable.uncheck();
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expectToast(page, 'تم تحديث المنتج');
    await expect(page).toHaveURL(`${dashboard}/products`);
    const updated = await call(request, 'getProduct', { params: { x: productName } });
    expect(updated.price).toBe(850);
    expect(updated.returnable).toBe(false);
  });

  test('every admin screen, dialog and move is right to left, fits the screen and has no English left', async ({ page, request, context, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const tag = runTag(testInfo);
    // an order billed in Arabic, as an Egyptian customer writes it
    const { admin, category, products, customer, orderId } = await catalogWithOrder(request, tag, {
      firstName: 'منى', secondName: 'عادل', city: 'الدقي', address: '١٢ شارع التحرير',
    });
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, 'ar');
    const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;
    // read again at every check: journeys running beside this one add orders and products
    const names = namesSeen(() => shopNames(request, admin));
    await names();

    for (const [path, heading] of [
      ['sales', 'المبيعات'], ['sales?range=7', 'المبيعات'], ['users', 'المستخدمون'], ['orders', 'الطلبات'], ['orders?status=accepted', 'الطلبات'], ['orders?status=delivered&sort=oldest', 'الطلبات'],
      ['products', 'المنتجات'], ['products?stock=low', 'المنتجات'], ['add-product', 'إضافة منتج'], ['categories', 'الأقسام'], ['add-category', 'إضافة قسم'],
      ['settings', 'الإعدادات'], ['jobs', 'المهام المتعثرة'],
    ] as const) {
      await page.goto(`${dashboard}/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await settled(page, { networkIdle: true });
      await expectArabicPage(page, names, ADMIN_ALLOWED);
    }

    // the Status filter names the statuses in Arabic
    await page.goto(`${dashboard}/orders`);
    await expect(page.getByLabel('الحالة').locator('option')).toHaveText(['كل الطلبات', 'قيد التجهيز', 'تم الشحن', 'تم التوصيل', 'ملغى', 'في انتظار الدفع', 'لم يتم الدفع']);
    await page.getByLabel('الحالة').selectOption('accepted');
    await expect(page).toHaveURL(/status=accepted/);
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await expect(row).toContainText('منى عادل');
    await expect(row).toContainText('نقدًا');
    await expect(row).toContainText('ج.م.');
    // its cancel asks first, in Arabic
    await row.getByRole('button', { name: /^إلغاء الطلب/ }).click();
    const cancel = page.getByRole('dialog', { name: 'هل تريد إلغاء هذا الطلب؟' });
    await expect(cancel.getByRole('button', { name: 'الإبقاء على الطلب' })).toBeFocused();
    await expect(cancel).toContainText('منى عادل');
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await page.keyboard.press('Escape');
    await expect(cancel).toBeHidden();

    // the order's page: its Status card, the timeline, the moves and their dialogs
    await row.getByRole('link', { name: /^عرض الطلب/ }).click();
    await expect(page).toHaveURL(`${dashboard}/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^الطلب #[٠-٩]+$/);
    await expect(page.locator('.admin-head')).toContainText('منى عادل');
    await settled(page, { networkIdle: true });
    const status = page.getByRole('region', { name: 'الحالة' });
    await expect(status.getByRole('listitem')).toContainText(['تم تسجيل الطلب', 'تم الشحن', 'تم التوصيل']);
    await expect(page.locator('main')).toContainText('الجيزة');
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await status.getByRole('button', { name: 'تسجيل الشحن' }).click();
    const ship = page.getByRole('dialog', { name: 'هل شُحن هذا الطلب؟' });
    await expect(ship.getByRole('button', { name: 'ليس بعد' })).toBeFocused();
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await ship.getByRole('button', { name: 'تسجيل الشحن' }).click();
    await expectToast(page, 'تم تسجيل شحن الطلب');
    await expect(status.getByRole('button')).toHaveText(['تسجيل التوصيل', 'إلغاء الطلب']);
    await status.getByRole('button', { name: 'تسجيل التوصيل' }).click();
    const deliver = page.getByRole('dialog', { name: 'هل وصل هذا الطلب إلى العميل؟' });
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await deliver.getByRole('button', { name: 'تسجيل التوصيل' }).click();
    await expectToast(page, 'تم تسجيل توصيل الطلب');
    await expect(status).toContainText('وصل الطلب إلى العميل، ولا يلزمه أي إجراء آخر.');
    await expectArabicPage(page, names, ADMIN_ALLOWED);

    // the update form, and the two delete dialogs
    await page.goto(`${productPath(products[1]!.name)}/update`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تحديث المنتج');
    await expect(page.getByLabel('الاسم', { exact: true })).toHaveValue(products[1]!.name);
    await settled(page, { networkIdle: true });
    await expectArabicPage(page, names, ADMIN_ALLOWED);

    await page.goto(`${dashboard}/products`);
    await settled(page, { networkIdle: true });
    await page.getByRole('button', { name: `حذف ${products[1]!.nameAr}` }).first().click();
    await expect(page.getByRole('dialog', { name: 'هل تريد حذف هذا المنتج؟' })).toBeVisible();
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await page.keyboard.press('Escape');

    await page.goto(`${dashboard}/categories`);
    await settled(page, { networkIdle: true });
    await page.getByRole('button', { name: `حذف ${category} (حريمي)` }).click();
    await expect(page.getByRole('dialog', { name: 'هل تريد حذف هذا القسم؟' })).toContainText('تشكيلة النساء');
    await expectArabicPage(page, names, ADMIN_ALLOWED);
    await page.keyboard.press('Escape');
  });
});
