import { Navigate, NavLink, Outlet, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { accountPath, dashboardPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { t } from '../i18n.ts';
import '../admin.css';

// for the layout's loader (routes.tsx), which hands it the Arabic catalog in the same chunk as the layout
export { setAdminTexts } from '../i18n.ts';

const SECTIONS = [
  ['users', 'Users'],
  ['orders', 'Orders'],
  ['products', 'Products'],
  ['categories', 'Categories'],
  ['add-product', 'Add product'],
  ['add-category', 'Add category'],
  ['settings', 'Settings'],
  ['jobs', 'Failed jobs'],
] as const;

/** Keeps everyone but the admin named in the URL out (SPEC: others go to /), and frames every admin screen. */
export function AdminLayout() {
  const user = useSession();
  const { adminName } = useParams();
  if (!user?.isAdmin || (adminName !== undefined && adminName !== user.username)) return <Navigate to="/" replace />;

  return (
    <div className="page admin">
      <BackLink to={accountPath(user.username)}>{t('My Account')}</BackLink>
      <nav className="admin-nav" aria-label={t('Dashboard')}>
        <ul>
          {SECTIONS.map(([section, label]) => (
            <li key={section}>
              <NavLink to={dashboardPath(user.username, section)} className="admin-nav__link">
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
