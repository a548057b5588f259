import { useDocumentTitle } from '../../../lib/document-title.ts';
import { t, type UiText } from '../../../lib/i18n.ts';
import type { TextPage } from '../api/get-page-text.ts';
import { DeliveryTable } from './delivery-table.tsx';
import { ShopText } from './shop-text.tsx';
import './about-page.css';

/** The title of each page of the shop's own text beside About (`/pages/{page}`), as the footer links to it. */
export const TEXT_PAGE_TITLES = {
  delivery: 'Delivery & payment',
  returns: 'Returns',
  privacy: 'Privacy',
} as const satisfies Record<Exclude<TextPage, 'about'>, UiText>;

function TextPageScreen({ page }: { page: keyof typeof TEXT_PAGE_TITLES }) {
  const title = t(TEXT_PAGE_TITLES[page]);
  useDocumentTitle(title);
  return (
    <article className="page page--narrow about">
      <h1 className="about__title about__title--page">{title}</h1>
      <ShopText page={page} />
      {/* the owner's words, then the prices the checkout charges */}
      {page === 'delivery' ? <DeliveryTable /> : null}
    </article>
  );
}

export const DeliveryPage = () => <TextPageScreen page="delivery" />;
export const ReturnsPage = () => <TextPageScreen page="returns" />;
export const PrivacyPage = () => <TextPageScreen page="privacy" />;
