import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className="logo" onClick={onClick} aria-label="Nile Clothing, home">
      <span className="logo__mark" aria-hidden="true">NILE</span>
      <span className="logo__sub" aria-hidden="true">clothing</span>
    </Link>
  );
}
