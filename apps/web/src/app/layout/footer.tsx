import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { shopPath } from '../../lib/paths.ts';
import { t } from '../../lib/i18n.ts';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__blurb">
            {t('Everyday clothing for women and men, chosen in Cairo and delivered to all 27 governorates. Prices in EGP, cash on delivery.')}
          </p>
        </div>
        <nav className="footer__col" aria-label={t('Shop')}>
          <h2 className="footer__heading">{t('Shop')}</h2>
          <ul>
            <li><Link to={shopPath({ gender: 'women' })}>{t('Women')}</Link></li>
            <li><Link to={shopPath({ gender: 'men' })}>{t('Men')}</Link></li>
            <li><Link to="/shop">{t('All products')}</Link></li>
            <li><Link to="/cart">{t('Cart')}</Link></li>
          </ul>
        </nav>
        <nav className="footer__col" aria-label={t('Company')}>
          <h2 className="footer__heading">{t('Company')}</h2>
          <ul>
            <li><Link to="/about">{t('About us')}</Link></li>
            <li><Link to="/about#delivery">{t('Delivery & payment')}</Link></li>
            <li><Link to="/about#returns">{t('Returns')}</Link></li>
            <li><Link to="/about#contact">{t('Contact')}</Link></li>
          </ul>
        </nav>
        <div className="footer__col">
          <h2 className="footer__heading">{t('We accept')}</h2>
          <PaymentMethods />
        </div>
      </div>
      <div className="footer__bottom">
        <p>{t('© {year} Nile Clothing. All prices in EGP.', { year: new Date().getFullYear() })}</p>
        <p>{t('Designed and developed by the Nile Clothing team.')}</p>
      </div>
    </footer>
  );
}
