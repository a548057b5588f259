import { Link } from 'react-router';
import { GOVERNORATES } from '@shop/core/constants';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { shopPath } from '../../../lib/paths.ts';
import './about-page.css';
import { t } from '../../../lib/i18n.ts';

export function AboutPage() {
  useDocumentTitle(t('About us'));
  return (
    <article className="page page--narrow about">
      <p className="about__eyebrow">{t('About us')}</p>
      <h1 className="about__title">{t('Clothes for everyday life in Egypt, chosen with care.')}</h1>
      <p className="about__lead">
        {t('Nile Clothing is an online shop for women and men. We keep a small, considered range of shirts, dresses, abayas, denim, knitwear, jackets and shoes, so that finding something you like takes minutes, not an afternoon.')}
      </p>

      <section className="about__section" aria-labelledby="about-how">
        <h2 id="about-how">{t('How we work')}</h2>
        <p>
          {t('Every product on the site shows its real price in Egyptian pounds. When a piece is on sale you see the old price, the new one and the exact discount, and the price you see is the price you pay: the shop checks your total again before your order is accepted.')}
        </p>
      </section>

      <section className="about__section" id="delivery" aria-labelledby="about-delivery">
        <h2 id="about-delivery">{t('Delivery & payment')}</h2>
        <ul>
          <li>{t('Delivery costs a flat EGP 30, whatever you order.')}</li>
          <li>{t('We deliver to all {count} governorates, from Alexandria to Aswan.', { count: GOVERNORATES.length })}</li>
          <li>{t('Pay by card when you order, or with cash when your parcel arrives.')}</li>
          <li>
            {t('Follow every order from My Orders in your account: when it was placed, shipped and delivered. Until it ships you can cancel it there yourself, and a card payment goes back to your card.')}
          </li>
        </ul>
      </section>

      <section className="about__section" id="returns" aria-labelledby="about-returns">
        <h2 id="about-returns">{t('Returns')}</h2>
        <p>
          {t('If something does not fit or is not what you expected, contact us with your order number and we will help you exchange it or send it back.')}
        </p>
      </section>

      <section className="about__section" id="contact" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('Contact')}</h2>
        <p>
          {t('Questions about an order, a size or a product? Write to us at')}{' '}
          <a href="mailto:hello@nileclothing.example">hello@nileclothing.example</a>{t('. We answer every message, usually within one working day.')}
        </p>
      </section>

      <div className="about__actions">
        <Link to={shopPath({ gender: 'women' })} className={buttonClass('primary')}>{t('Shop women')}</Link>
        <Link to={shopPath({ gender: 'men' })} className={buttonClass('secondary')}>{t('Shop men')}</Link>
      </div>
    </article>
  );
}
