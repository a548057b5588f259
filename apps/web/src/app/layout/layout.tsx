import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MESSAGES } from '@shop/core/messages';
import { useAuthModal } from '../../lib/auth-modal-store.ts';
import { onUnauthorized } from '../../lib/api-client.ts';
import { signOut } from '../../lib/sign-out.ts';
import { notify, useToasterWanted, wantToaster } from '../../lib/toasts.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { ScrollTopButton } from './scroll-top-button.tsx';
import './layout.css';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));
const AuthModal = lazy(() => import('../../features/auth/components/auth-modal.tsx').then((module) => ({ default: module.AuthModal })));

// A rejected token anywhere logs the shopper out cleanly instead of leaving half-broken pages.
onUnauthorized(() => {
  signOut();
  notify.warning(MESSAGES.tokenInvalid);
});

export function Layout() {
  const authModal = useAuthModal();
  const toaster = useToasterWanted();
  useEffect(() => {
    // after the page has loaded and settled, so the first toast is instant without slowing the first paint
    const timer = window.setTimeout(wantToaster, 4000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Navbar />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollTopButton />
      {authModal.open ? (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      ) : null}
      {toaster ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
