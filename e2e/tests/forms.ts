// The checkout's billing details and the admin's product form, filled as a shopper and an admin fill them, in
// either language of the shop: only the fields given, in the order the form shows them.
import type { Page } from '@playwright/test';
import type { Gender } from '@shop/core/constants';
import type { BillingFields } from '@shop/core/factories';
import type { Lang } from '@shop/core/locale';

const BILLING_LABELS: Record<Lang, Record<keyof BillingFields, string>> = {
  en: { firstName: 'First name', secondName: 'Second name', phoneNumber: 'Phone', email: 'Email', city: 'City', address: 'Address', Governorate: 'Governorate' },
  ar: {
    firstName: 'الاسم الأول', secondName: 'اسم العائلة', phoneNumber: 'الهاتف', email: 'البريد الإلكتروني', city: 'المدينة', address: 'العنوان',
    Governorate: 'المحافظة',
  },
};

export async function fillBilling(page: Page, billing: Partial<BillingFields>, lang: Lang = 'en') {
  const labels = BILLING_LABELS[lang];
  for (const field of ['firstName', 'secondName', 'phoneNumber', 'email', 'city', 'address'] as const) {
    const value = billing[field];
    if (value !== undefined) await page.getByLabel(labels[field], { exact: true }).fill(value);
  }
  if (billing.Governorate) await page.getByLabel(labels.Governorate).selectOption(billing.Governorate);
}

interface ProductFormValues {
  name?: string;
  description?: string;
  nameAr?: string;
  descriptionAr?: string;
  price?: string;
  discount?: string;
  gender?: Gender;
  /** its title, or the option's label where that differs (a category with an Arabic title, on the Arabic dashboard) */
  category?: string | { label: string };
}

const PRODUCT_LABELS: Record<Lang, Record<keyof ProductFormValues, string>> = {
  en: {
    name: 'Name', description: 'Description', nameAr: 'Name in Arabic', descriptionAr: 'Description in Arabic', price: 'Price (EGP)', discount: 'Discount (%)',
    gender: 'Gender', category: 'Category',
  },
  ar: {
    name: 'الاسم', description: 'الوصف', nameAr: 'الاسم بالعربية', descriptionAr: 'الوصف بالعربية', price: 'السعر (ج.م.)', discount: 'الخصم (٪)',
    gender: 'التشكيلة', category: 'القسم',
  },
};

export async function fillProductForm(page: Page, values: ProductFormValues, lang: Lang = 'en') {
  const field = (name: keyof ProductFormValues) => page.getByLabel(PRODUCT_LABELS[lang][name], { exact: true });
  for (const name of ['name', 'description', 'nameAr', 'descriptionAr', 'price', 'discount'] as const) {
    const value = values[name];
    if (value !== undefined) await field(name).fill(value);
  }
  if (values.gender) await field('gender').selectOption(values.gender);
  if (values.category) await field('category').selectOption(values.category);
}
