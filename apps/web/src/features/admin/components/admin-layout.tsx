import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { Lock } from 'lucide-react';
import type { Role } from '@shop/core/constants';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath, dashboardPath } from '../../../lib/paths.ts';
import { roleOf, useSession, worksTheDesk } from '../../../lib/session.ts';
import { useCourier } from '../api/shipments.ts';
import { t } from '../i18n.ts';
import '../admin.css';

// for the layout's loader (routes.tsx), which hands it the Arabic catalog in the same chunk as the layout
export { setAdminTexts } from '../i18n.ts';

/** The dashboard's sections, and who may open each (PRODUCT section 8: staff work orders and products). */
const SECTIONS = [
  ['sales', 'Sales', 'admin'],
  ['users', 'Users', 'admin'],
  ['orders', 'Orders', 'staff'],
  ['confirmations', 'Confirm orders', 'staff'],
  ['products', 'Products', 'staff'],
  ['categories', 'Categories', 'admin'],
  ['add-product', 'Add product', 'admin'],
  ['add-category', 'Add category', 'admin'],
  ['settings', 'Settings', 'admin'],
  ['delivery', 'Delivery', 'admin'],
  // with a courier set up only (PRODUCT section 9): the cash it collected
  ['cod', 'Courier cash', 'admin'],
  ['discount-codes', 'Discount codes', 'admin'],
  ['marketing', 'Marketing', 'admin'],
  ['activity', 'Activity', 'admin'],
  ['jobs', 'Failed jobs', 'admin'],
] as const;

const opens = (role: Role, needs: 'staff' | 'admin') => role === 'admin' || (needs === 'staff' && role === 'staff');

/** Whether this role may open a dashboard section (by its first path segment); unknown ones are left to the router. */
export function mayOpen(role: Role, section: string | undefined): boolean {
  const known = SECTIONS.find(([name]) => name === section);
  return !known || opens(role, known[2]);
}

/**
 * Keeps everyone but the staff member or admin named in the URL out (SPEC: others go to /), frames every dashboard
 * screen, and shows staff the 403 screen for a section that is the admin's.
 */
export function AdminLayout() {
  const user = useSession();
  const { adminName } = useParams();
  const { pathname } = useLocation();
  const courier = useCourier();
  if (!worksTheDesk(user) || !user || (adminName !== undefined && adminName !== user.username)) return <Navigate to="/" replace />;
  const role = roleOf(user);
  const section = adminName === undefined ? 'products' : pathname.split('/')[3];

  return (
    <div className="page admin">
      <BackLink to={accountPath(user.username)}>{t('My Account')}</BackLink>
      <nav className="admin-nav" aria-label={t('Dashboard')}>
        <ul>
          {SECTIONS.filter(([name, , needs]) => opens(role, needs) && (name !== 'cod' || courier)).map(([name, label]) => (
            <li key={name}>
              <NavLink to={dashboardPath(user.username, name)} className="admin-nav__link">
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {mayOpen(role, section) ? <Outlet /> : <NoAccess ordersPath={dashboardPath(user.username, 'orders')} />}
    </div>
  );
}

/** `/dashboard/{name}`: an admin's first page, or a staff member's. */
export function DashboardHome() {
  return <Navigate to={roleOf(useSession()) === 'admin' ? 'sales' : 'orders'} replace />;
}

/** The 403 screen: a staff member on an admin's section (the API refuses its calls too). */
function NoAccess({ ordersPath }: { ordersPath: string }) {
  useDocumentTitle(t('No access'));
  return (
    <>
      <h1 className="page-title admin-head__title">{t('No access')}</h1>
      <EmptyState
        icon={<Lock size={32} />}
        title={t('This page is for the shop’s admins')}
        text={t('Your staff account opens the orders and the products. Ask an admin if you need more.')}
        action={<Link to={ordersPath} className={buttonClass('primary')}>{t('Go to orders')}</Link>}
      />
    </>
  );
}
