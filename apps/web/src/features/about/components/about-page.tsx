import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { localText, shopNameIn, whatsappLink } from '@shop/core/brand';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { shopPath } from '../../../lib/paths.ts';
import { useBrand } from '../../../lib/settings.ts';
import { getLang, t } from '../../../lib/i18n.ts';
import { ShopText } from './shop-text.tsx';
import './about-page.css';

/** How to reach the shop, from its settings; nothing when it has given no way. */
function ContactSection() {
  const { contact } = useBrand();
  const address = localText(contact.address, contact.addressAr, getLang());
  if (!contact.email && !contact.phone && !contact.whatsapp && !address) return null;
  return (
    <section className="about__section" id="contact" aria-labelledby="about-contact">
      <h2 id="about-contact">{t('Contact')}</h2>
      {contact.email ? (
        <p>
          {t('Questions about an order, a size or a product? Write to us at')}{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>{t('. We answer every message, usually within one working day.')}
        </p>
      ) : null}
      {contact.phone ? <p>{t('Call us:')} <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr">{contact.phone}</a></p> : null}
      {address ? <p className="about__address">{address}</p> : null}
      {contact.whatsapp ? (
        <p>
          <a className={buttonClass('secondary')} href={whatsappLink(contact.whatsapp)} rel="noopener">
            <MessageCircle size={18} aria-hidden="true" />
            {t('Chat on WhatsApp')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

export function AboutPage() {
  useDocumentTitle(t('About us'));
  const brand = useBrand();
  const lang = getLang();
  const tagline = localText(brand.tagline, brand.taglineAr, lang);
  return (
    <article className="page page--narrow about">
      <p className="about__eyebrow">{t('About us')}</p>
      <h1 className="about__title">{shopNameIn(brand, lang)}</h1>
      {tagline ? <p className="about__lead">{tagline}</p> : null}
      <ShopText page="about" />
      <ContactSection />
      <div className="about__actions">
        <Link to={shopPath({ gender: 'women' })} className={buttonClass('primary')}>{t('Shop women')}</Link>
        <Link to={shopPath({ gender: 'men' })} className={buttonClass('secondary')}>{t('Shop men')}</Link>
      </div>
    </article>
  );
}
