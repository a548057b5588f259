import type { RouteObject } from 'react-router';
import { getLang } from '../../lib/i18n.ts';

// Every admin screen, and the admin layout that keeps everyone else out, loads only when visited:
// none of it is in the storefront's first chunk. In Arabic the admin's own catalog (decision 019) comes with the
// layout, at the same time, before any admin screen renders; shoppers never fetch it.
const layout = () =>
  Promise.all([import('./components/admin-layout.tsx'), getLang() === 'ar' ? import('./i18n/ar.ts') : null]).then(([m, arabic]) => {
    m.setAdminTexts(arabic?.ADMIN_CATALOG ?? null);
    return { Component: m.AdminLayout };
  });

export const adminRoutes: RouteObject[] = [
  {
    path: 'dashboard/:adminName',
    lazy: layout,
    children: [
      { index: true, lazy: () => import('./components/admin-layout.tsx').then((m) => ({ Component: m.DashboardHome })) },
      { path: 'sales', lazy: () => import('./components/sales-page.tsx').then((m) => ({ Component: m.SalesPage })) },
      { path: 'activity', lazy: () => import('./components/activity-page.tsx').then((m) => ({ Component: m.ActivityPage })) },
      { path: 'users', lazy: () => import('./components/users-page.tsx').then((m) => ({ Component: m.UsersPage })) },
      { path: 'orders', lazy: () => import('./components/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })) },
      { path: 'confirmations', lazy: () => import('./components/confirmations-page.tsx').then((m) => ({ Component: m.ConfirmationsPage })) },
      { path: 'orders/:orderId', lazy: () => import('./components/order-page.tsx').then((m) => ({ Component: m.OrderPage })) },
      { path: 'products', lazy: () => import('./components/products-page.tsx').then((m) => ({ Component: m.ProductsPage })) },
      { path: 'add-product', lazy: () => import('./components/add-product-page.tsx').then((m) => ({ Component: m.AddProductPage })) },
      { path: 'categories', lazy: () => import('./components/categories-page.tsx').then((m) => ({ Component: m.CategoriesPage })) },
      { path: 'categories/:categoryId', lazy: () => import('./components/edit-category-page.tsx').then((m) => ({ Component: m.EditCategoryPage })) },
      { path: 'add-category', lazy: () => import('./components/add-category-page.tsx').then((m) => ({ Component: m.AddCategoryPage })) },
      { path: 'settings', lazy: () => import('./components/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
      { path: 'marketing', lazy: () => import('./components/marketing-page.tsx').then((m) => ({ Component: m.MarketingPage })) },
      { path: 'jobs', lazy: () => import('./components/jobs-page.tsx').then((m) => ({ Component: m.JobsPage })) },
      { path: 'cod', lazy: () => import('./components/cod-page.tsx').then((m) => ({ Component: m.CodPage })) },
      { path: 'delivery', lazy: () => import('./components/delivery-page.tsx').then((m) => ({ Component: m.DeliveryPage })) },
      { path: 'discount-codes', lazy: () => import('./components/coupons-page.tsx').then((m) => ({ Component: m.CouponsPage })) },
      { path: 'discount-codes/:couponId', lazy: () => import('./components/coupon-form-page.tsx').then((m) => ({ Component: m.CouponFormPage })) },
    ],
  },
  {
    path: 'products/:productName/update',
    lazy: layout,
    children: [
      { index: true, lazy: () => import('./components/update-product-page.tsx').then((m) => ({ Component: m.UpdateProductPage })) },
    ],
  },
];
