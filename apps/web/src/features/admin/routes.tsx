import type { RouteObject } from 'react-router';

// Placeholder routes for SPEC's admin screens; the admin dashboard work replaces this file.
const placeholder = () => import('./components/admin-placeholder.tsx').then((module) => ({ Component: module.AdminPlaceholder }));

export const adminRoutes: RouteObject[] = [
  { path: 'dashboard/:adminName/users', lazy: placeholder },
  { path: 'dashboard/:adminName/orders', lazy: placeholder },
  { path: 'dashboard/:adminName/products', lazy: placeholder },
  { path: 'dashboard/:adminName/add-product', lazy: placeholder },
  { path: 'dashboard/:adminName/categories', lazy: placeholder },
  { path: 'dashboard/:adminName/add-category', lazy: placeholder },
  { path: 'products/:productName/update', lazy: placeholder },
];
