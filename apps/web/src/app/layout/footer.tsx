import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { shopPath } from '../../lib/paths.ts';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__blurb">
            Everyday clothing for women and men, chosen in Cairo and delivered to all 26 governorates. Prices in EGP, cash on delivery.
          </p>
        </div>
        <nav className="footer__col" aria-label="Shop">
          <h2 className="footer__heading">Shop</h2>
          <ul>
            <li><Link to={shopPath({ gender: 'women' })}>Women</Link></li>
            <li><Link to={shopPath({ gender: 'men' })}>Men</Link></li>
            <li><Link to="/shop">All products</Link></li>
            <li><Link to="/cart">Cart</Link></li>
          </ul>
        </nav>
        <nav className="footer__col" aria-label="Company">
          <h2 className="footer__heading">Company</h2>
          <ul>
            <li><Link to="/about">About us</Link></li>
            <li><Link to="/about#delivery">Delivery &amp; payment</Link></li>
            <li><Link to="/about#returns">Returns</Link></li>
            <li><Link to="/about#contact">Contact</Link></li>
          </ul>
        </nav>
        <div className="footer__col">
          <h2 className="footer__heading">We accept</h2>
          <PaymentMethods />
        </div>
      </div>
      <div className="footer__bottom">
        <p>{`© ${new Date().getFullYear()} Nile Clothing. All prices in EGP.`}</p>
        <p>Designed and developed by the Nile Clothing team.</p>
      </div>
    </footer>
  );
}
