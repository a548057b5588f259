import { Navigate, NavLink, Outlet, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { accountPath, dashboardPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import '../admin.css';

const SECTIONS = [
  ['users', 'Users'],
  ['orders', 'Orders'],
  ['products', 'Products'],
  ['categories', 'Categories'],
  ['add-product', 'Add product'],
  ['add-category', 'Add category'],
] as const;

/** Keeps everyone but the admin named in the URL out (SPEC: others go to /), and frames every admin screen. */
export function AdminLayout() {
  const user = useSession();
  const { adminName } = useParams();
  if (!user?.isAdmin || (adminName !== undefined && adminName !== user.username)) return <Navigate to="/" replace />;

  return (
    <div className="page admin">
      <BackLink to={accountPath(user.username)}>My Account</BackLink>
      <nav className="admin-nav" aria-label="Dashboard">
        <ul>
          {SECTIONS.map(([section, label]) => (
            <li key={section}>
              <NavLink to={dashboardPath(user.username, section)} className="admin-nav__link">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
