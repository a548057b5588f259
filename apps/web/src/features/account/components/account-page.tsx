import { Link, Navigate, useNavigate } from 'react-router';
import {
  ChartNoAxesColumn, FolderPlus, History, FolderTree, Heart, LogOut, Package, PackagePlus, ReceiptText, Settings, ShieldCheck, Shirt, UserRound, Users, type LucideIcon,
} from 'lucide-react';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath, dashboardPath } from '../../../lib/paths.ts';
import { roleOf } from '../../../lib/session.ts';
import { signOut } from '../../../lib/sign-out.ts';
import './account.css';
import { type UiText, t } from '../../../lib/i18n.ts';

interface Tile {
  to: string;
  label: UiText;
  icon: LucideIcon;
  hint: UiText;
}

export function AccountPage() {
  const user = useAccountOwner();
  const navigate = useNavigate();
  useDocumentTitle(t('My Account'));
  if (!user) return <Navigate to="/" replace />;

  const adminTiles: Tile[] = [
    { to: dashboardPath(user.username, 'sales'), label: 'Sales', icon: ChartNoAxesColumn, hint: 'What sold, day by day' },
    { to: dashboardPath(user.username, 'users'), label: 'Users', icon: Users, hint: 'Everyone with an account' },
    { to: dashboardPath(user.username, 'orders'), label: 'Orders', icon: Package, hint: 'View and cancel orders' },
    { to: dashboardPath(user.username, 'products'), label: 'Products', icon: Shirt, hint: 'Update or delete products' },
    { to: dashboardPath(user.username, 'add-product'), label: 'Add product', icon: PackagePlus, hint: 'Put a new product on sale' },
    { to: dashboardPath(user.username, 'categories'), label: 'Categories', icon: FolderTree, hint: 'Categories per collection' },
    { to: dashboardPath(user.username, 'add-category'), label: 'Add category', icon: FolderPlus, hint: 'A new category for men or women' },
    { to: dashboardPath(user.username, 'settings'), label: 'Settings', icon: Settings, hint: 'Name, logo, colour, contact and pages' },
    { to: dashboardPath(user.username, 'activity'), label: 'Activity', icon: History, hint: 'Who changed what, and when' },
  ];
  // staff work the orders and the products, nothing else (PRODUCT section 8)
  const staffTiles: Tile[] = [
    { to: dashboardPath(user.username, 'orders'), label: 'Orders', icon: Package, hint: 'View and cancel orders' },
    { to: dashboardPath(user.username, 'products'), label: 'Products', icon: Shirt, hint: 'Update products and their stock' },
  ];
  const customerTiles: Tile[] = [
    { to: accountPath(user.username, 'wishlist'), label: 'Wishlist', icon: Heart, hint: 'Products you saved' },
    { to: accountPath(user.username, 'my-orders'), label: 'My-Orders', icon: ReceiptText, hint: 'Track what you ordered' },
  ];
  const role = roleOf(user);
  const tiles: Tile[] = [
    ...(role === 'admin' ? adminTiles : role === 'staff' ? [...staffTiles, ...customerTiles] : customerTiles),
    { to: accountPath(user.username, 'account-details'), label: 'Account Details', icon: UserRound, hint: 'Your username and email' },
    { to: accountPath(user.username, 'privacy'), label: 'Privacy & data', icon: ShieldCheck, hint: 'Your choices, your data, your account' },
  ];

  return (
    <div className="page">
      <header className="account-head">
        <p className="account-head__eyebrow">{role === 'admin' ? t('Admin account') : role === 'staff' ? t('Staff account') : t('My Account')}</p>
        <h1 className="page-title account-head__title">{t('Hello, {name}', { name: user.username })}</h1>
      </header>
      <ul className="tiles">
        {tiles.map(({ to, label, icon: Icon, hint }) => (
          <li key={label}>
            <Link to={to} className="tile">
              <span className="tile__icon" aria-hidden="true"><Icon size={24} strokeWidth={1.75} /></span>
              <span className="tile__label">{t(label)}</span>
              <span className="tile__hint">{t(hint)}</span>
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="tile tile--quiet"
            onClick={() => {
              signOut();
              navigate('/', { replace: true });
            }}
          >
            <span className="tile__icon" aria-hidden="true"><LogOut size={24} strokeWidth={1.75} /></span>
            <span className="tile__label">{t('Logout')}</span>
            <span className="tile__hint">{t('Sign out on this device')}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
