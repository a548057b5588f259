import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Languages, Menu, Search, ShoppingBag, User } from 'lucide-react';
import { Logo } from '../../components/logo.tsx';
import { openAuthModal } from '../../lib/auth-modal-store.ts';
import { useCart } from '../../lib/cart.ts';
import { useGuestCart } from '../../lib/guest-cart-store.ts';
import { prefetchCategories } from '../../lib/categories.ts';
import { accountPath, shopPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { digits, getLang, plural, t } from '../../lib/i18n.ts';

// the panels load on first use; the home page does not pay for them
const SidePanel = lazy(() => import('./side-panel.tsx').then((module) => ({ default: module.SidePanel })));
const SearchPanel = lazy(() => import('../../features/search/components/search-panel.tsx').then((module) => ({ default: module.SearchPanel })));

const MAIN_LINKS = [
  { label: 'Women', to: shopPath({ gender: 'women' }) },
  { label: 'Men', to: shopPath({ gender: 'men' }) },
  { label: 'Shop', to: '/shop' },
  { label: 'About', to: '/about' },
] as const;

/**
 * The other language, by its own name: "العربية" on English pages, "English" on Arabic ones. A plain link to the
 * server's `/lang/{language}`, which keeps the choice in the `lang` cookie and comes back here: a whole new page,
 * drawn by the server in that language, and a switch that works before the script has run.
 */
function LanguageSwitch() {
  const other = getLang() === 'ar' ? 'en' : 'ar';
  const { pathname, search } = useLocation();
  return (
    <a
      className="navbar__lang"
      href={`/lang/${other}?back=${encodeURIComponent(pathname + search)}`}
      lang={other}
      aria-label={other === 'ar' ? 'العربية: اعرض المتجر بالعربية' : 'English: show the shop in English'}
    >
      <Languages size={18} aria-hidden="true" />
      <span className="navbar__lang-full">{other === 'ar' ? 'العربية' : 'English'}</span>
      <span className="navbar__lang-short" aria-hidden="true">{other === 'ar' ? 'ع' : 'EN'}</span>
    </a>
  );
}

function prefetchMenu(): void {
  prefetchCategories();
  void import('./side-panel.tsx');
}

/**
 * The shop's bar. On the dashboard (`desk`) it is the desk's own: the logo and a way back to the shop, the language and
 * the account; no storefront links, search or cart, which staff at work have no use for (issue 42).
 */
export function Navbar({ desk = false }: { desk?: boolean }) {
  const user = useSession();
  const cart = useCart();
  // a visitor's cart is kept in the browser (PRODUCT section 8)
  const guest = useGuestCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const count = user ? (cart.data?.length ?? 0) : guest.lines.length;
  const location = useLocation();
  const isCurrent = (to: string) => `${location.pathname}${location.search}` === to;

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <div className="navbar__start">
          {desk ? (
            <Link to="/" className="navbar__shop-link">
              {t('View the shop')}
            </Link>
          ) : (
            <>
              <button
                ref={menuButton}
                type="button"
                className="icon-btn"
                aria-label={t('Open menu')}
                aria-expanded={menuOpen}
                aria-haspopup="dialog"
                onClick={() => {
                  setMenuUsed(true);
                  setMenuOpen(true);
                }}
                onPointerEnter={prefetchMenu}
                onFocus={prefetchMenu}
              >
                <Menu size={22} aria-hidden="true" />
              </button>
              <nav className="navbar__links" aria-label={t('Main')}>
                {MAIN_LINKS.map((link) => (
                  <Link key={link.label} to={link.to} aria-current={isCurrent(link.to) ? 'page' : undefined}>
                    {t(link.label)}
                  </Link>
                ))}
              </nav>
            </>
          )}
        </div>
        <Logo />
        <div className="navbar__end">
          <LanguageSwitch />
          {desk ? null : (
            <button
              ref={searchButton}
              type="button"
              className="icon-btn"
              aria-label={t('Search')}
              aria-expanded={searchOpen}
              aria-haspopup="dialog"
              onClick={() => {
                setSearchUsed(true);
                setSearchOpen(true);
              }}
            >
              <Search size={22} aria-hidden="true" />
            </button>
          )}
          {user ? (
            <Link id="navbar-account" to={accountPath(user.username)} className="icon-btn navbar__account" aria-label={t('My Account')} title={t('My Account')}>
              <User size={22} aria-hidden="true" />
            </Link>
          ) : (
            <button type="button" className="navbar__login" onClick={() => openAuthModal('login')}>
              <User size={20} aria-hidden="true" />
              <span>{t('Login')}</span>
            </button>
          )}
          {desk || user?.isAdmin ? null : (
            <Link to="/cart" className="icon-btn" aria-label={user || count > 0 ? plural('Cart, {count} items', count) : t('Cart')}>
              <ShoppingBag size={22} aria-hidden="true" />
              {count > 0 ? <span className="navbar__badge" aria-hidden="true">{count > 99 ? `${digits(99)}+` : digits(count)}</span> : null}
            </Link>
          )}
        </div>
      </div>
      <Suspense fallback={null}>
        {menuUsed ? <SidePanel open={menuOpen} onClose={() => setMenuOpen(false)} returnFocus={menuButton} /> : null}
        {searchUsed ? <SearchPanel open={searchOpen} onClose={() => setSearchOpen(false)} returnFocus={searchButton} /> : null}
      </Suspense>
    </header>
  );
}
