import { Link } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import './back-link.css';

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="back-link">
      <ChevronLeft className="flip-rtl" size={16} aria-hidden="true" />
      {children}
    </Link>
  );
}
