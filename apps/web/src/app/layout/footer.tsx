import { Link } from 'react-router';
import { localText, shopNameIn, whatsappLink } from '@shop/core/brand';
import { Logo } from '../../components/logo.tsx';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { shopPath } from '../../lib/paths.ts';
import { useBrand } from '../../lib/settings.ts';
import { getLang, t } from '../../lib/i18n.ts';

const SOCIAL = [
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
  ['tiktok', 'TikTok'],
] as const;

export function Footer() {
  const brand = useBrand();
  const lang = getLang();
  const { contact, social } = brand;
  const tagline = localText(brand.tagline, brand.taglineAr, lang);
  const address = localText(contact.address, contact.addressAr, lang);
  const socials = SOCIAL.filter(([key]) => social[key]);
  const reachable = contact.email || contact.phone || contact.whatsapp || address || socials.length > 0;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          {tagline ? <p className="footer__blurb">{tagline}</p> : null}
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
            <li><Link to="/pages/delivery">{t('Delivery & payment')}</Link></li>
            <li><Link to="/pages/returns">{t('Returns')}</Link></li>
            <li><Link to="/pages/privacy">{t('Privacy')}</Link></li>
          </ul>
        </nav>
        {reachable ? (
          <div className="footer__col footer__col--contact">
            <h2 className="footer__heading">{t('Contact')}</h2>
            <ul>
              {contact.email ? <li><a href={`mailto:${contact.email}`}>{contact.email}</a></li> : null}
              {contact.phone ? <li><a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr">{contact.phone}</a></li> : null}
              {address ? <li className="footer__address">{address}</li> : null}
              {socials.map(([key, label]) => <li key={key}><a href={social[key]} rel="noopener">{t(label)}</a></li>)}
            </ul>
            {contact.whatsapp ? (
              <a className="whatsapp-link" href={whatsappLink(contact.whatsapp)} rel="noopener">
                {t('Chat on WhatsApp')}
              </a>
            ) : null}
          </div>
        ) : null}
        <div className="footer__col">
          <h2 className="footer__heading">{t('We accept')}</h2>
          <PaymentMethods />
        </div>
      </div>
      <div className="footer__bottom">
        <p>{t('© {year} {shop}. All prices in EGP.', { year: new Date().getFullYear(), shop: shopNameIn(brand, lang) })}</p>
      </div>
    </footer>
  );
}
