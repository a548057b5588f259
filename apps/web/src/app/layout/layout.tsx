import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FIRST_SCREEN_MESSAGES } from '@shop/core/first-screen-messages';
import { authModalOpener, useAuthModal } from '../../lib/auth-modal-store.ts';
import { onUnauthorized } from '../../lib/api-client.ts';
import { announceNextTitle } from '../../lib/document-title.ts';
import { focusElement, focusLost, focusMain } from '../../lib/focus.ts';
import { signOut } from '../../lib/sign-out.ts';
import { notify, useToasterWanted, wantToaster } from '../../lib/toasts.ts';
import { Announcement } from './announcement.tsx';
import { Announcer } from './announcer.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { ScrollTopButton } from './scroll-top-button.tsx';
import './layout.css';
import { t } from '../../lib/i18n.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));
const AuthModal = lazy(() => import('../../features/auth/components/auth-modal.tsx').then((module) => ({ default: module.AuthModal })));

// A rejected token anywhere logs the shopper out cleanly instead of leaving half-broken pages.
onUnauthorized(() => {
  signOut();
  notify.warning(FIRST_SCREEN_MESSAGES.tokenInvalid);
});

/** Runs once no modal dialog is open (a dialog that is closing gives the focus back first). */
function whenNoDialogOpen(run: () => void): void {
  const open = document.querySelector('dialog[open]');
  if (open) open.addEventListener('close', () => setTimeout(run), { once: true });
  else run();
}

/**
 * A new page is said and focused like a page load: focus moves to `main` (so Tab continues from the top of the
 * new content, not from a link that is gone) and the new title is announced. Not on the first load: the
 * browser already does both.
 */
function usePageChangeFocus(): void {
  const location = useLocation();
  // what was last shown: the first load (and StrictMode's second run of the effect) is not a change
  const shown = useRef({ path: location.pathname, search: location.search });
  // a layout effect: before the page's own effects set its title, so the first title set is the one said
  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous.path === location.pathname && previous.search === location.search) return;
    shown.current = { path: location.pathname, search: location.search };
    const pathChanged = previous.path !== location.pathname;
    announceNextTitle({ onlyIfChanged: !pathChanged });
    // a change of filters or page on the same screen keeps the focus where it is, unless that is gone
    whenNoDialogOpen(() => {
      if (!pathChanged && !focusLost()) return;
      // a link to a section (/about#returns) starts there
      const section = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (section && !section.hasAttribute('tabindex')) section.tabIndex = -1;
      if (!focusElement(section)) focusMain();
    });
  }, [location.pathname, location.search, location.hash]);
}

/** The login modal is unmounted when it closes: the focus goes back to what opened it, or to My Account. */
function useAuthModalFocusReturn(open: boolean): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && focusLost()) {
      if (!focusElement(authModalOpener()) && !focusElement(document.getElementById('navbar-account'))) focusMain();
    }
    wasOpen.current = open;
  }, [open]);
}

/** The dashboard's pages, which the desk's own bar frames, without the storefront's announcement and footer. */
const DESK_PATH = /^\/(dashboard\/|products\/[^/]+\/update$)/;

export function Layout() {
  const desk = DESK_PATH.test(useLocation().pathname);
  const authModal = useAuthModal();
  const toaster = useToasterWanted();
  usePageChangeFocus();
  useAuthModalFocusReturn(authModal.open);
  useEffect(() => {
    // the app has taken the server's page over: its buttons answer now (the journeys wait for this before a key press)
    document.documentElement.dataset.ready = '';
    // after the page has loaded and settled, so the first toast is instant without slowing the first paint
    const timer = window.setTimeout(wantToaster, 4000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">{t('Skip to content')}</a>
      {desk ? null : <Announcement />}
      <Navbar desk={desk} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      {desk ? null : <Footer />}
      <ScrollTopButton />
      <Announcer />
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
