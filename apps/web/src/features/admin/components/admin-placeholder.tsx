import { Navigate, Link } from 'react-router';
import { LayoutDashboard } from 'lucide-react';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSession } from '../../../lib/session.ts';

export function AdminPlaceholder() {
  const user = useSession();
  useDocumentTitle('Dashboard');
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="page page--narrow">
      <EmptyState
        icon={<LayoutDashboard size={32} />}
        title="Admin pages are coming"
        text="The dashboard for users, orders, products and categories is being built and is not available yet."
        action={<Link to="/" className={buttonClass('secondary')}>Back to the shop</Link>}
      />
    </div>
  );
}
