import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { Layout } from './layout/layout.tsx';

// Only the home page ships in the first chunk; every other screen loads when it is visited. A route with an id that
// app/server/pages.ts names is rendered on the server too.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // errors below render inside the shell, so the navbar still works
        errorElement: <ErrorScreen />,
        children: [
          { id: 'home', index: true, element: <HomePage /> },
          {
            id: 'about',
            path: 'about',
            lazy: () => import('../features/about/components/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
          },
          // the shop's own texts beside About (settings): one chunk for the three
          {
            id: 'delivery',
            path: 'pages/delivery',
            lazy: () => import('../features/about/components/shop-text-page.tsx').then((m) => ({ Component: m.DeliveryPage })),
          },
          {
            id: 'returns',
            path: 'pages/returns',
            lazy: () => import('../features/about/components/shop-text-page.tsx').then((m) => ({ Component: m.ReturnsPage })),
          },
          {
            id: 'privacy',
            path: 'pages/privacy',
            lazy: () => import('../features/about/components/shop-text-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            id: 'shop',
            path: 'shop',
            lazy: () => import('../features/catalog/components/shop-page.tsx').then((m) => ({ Component: m.ShopPage })),
          },
          {
            id: 'search',
            path: 'shop/search',
            lazy: () => import('../features/catalog/components/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
          },
          {
            id: 'product',
            path: 'products/:productName',
            lazy: () => import('../features/catalog/components/product-page.tsx').then((m) => ({ Component: m.ProductPage })),
          },
          { path: 'cart', lazy: () => import('../features/cart/components/cart-page.tsx').then((m) => ({ Component: m.CartPage })) },
          { path: 'checkout', lazy: () => import('../features/checkout/components/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })) },
          { path: 'forgot-password', lazy: () => import('../features/auth/components/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: 'reset-password', lazy: () => import('../features/auth/components/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })) },
          { path: 'account/:username', lazy: () => import('../features/account/components/account-page.tsx').then((m) => ({ Component: m.AccountPage })) },
          { path: 'account/:username/wishlist', lazy: () => import('../features/wishlist/components/wishlist-page.tsx').then((m) => ({ Component: m.WishlistPage })) },
          { path: 'account/:username/my-orders', lazy: () => import('../features/orders/components/my-orders-page.tsx').then((m) => ({ Component: m.MyOrdersPage })) },
          { path: 'account/:username/my-orders/:orderId', lazy: () => import('../features/orders/components/order-details-page.tsx').then((m) => ({ Component: m.OrderDetailsPage })) },
          // a cash order's confirmation, by the token of its placed mail's link (PRODUCT section 9)
          { path: 'orders/:orderId/confirm', lazy: () => import('../features/orders/components/confirm-order-page.tsx').then((m) => ({ Component: m.ConfirmOrderPage })) },
          // a guest's order, by the token of its link (PRODUCT section 8)
          { path: 'orders/:orderId', lazy: () => import('../features/orders/components/guest-order-page.tsx').then((m) => ({ Component: m.GuestOrderPage })) },
          { path: 'account/:username/privacy', lazy: () => import('../features/account/components/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })) },
          { path: 'account/:username/account-details', lazy: () => import('../features/account/components/account-details-page.tsx').then((m) => ({ Component: m.AccountDetailsPage })) },
          ...adminRoutes,
          {
            id: 'not-found',
            path: '*',
            Component: () => null,
            loader: () => {
              throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
