import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className="logo" onClick={onClick}>
      <span className="logo__mark">NILE</span>
      <span className="logo__sub">clothing</span>
    </Link>
  );
}
