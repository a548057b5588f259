import { localText } from '@shop/core/brand';
import { getLang, t } from '../../../lib/i18n.ts';
import { usePageText, type TextPage } from '../api/get-page-text.ts';
import { MarkdownText } from './markdown-text.tsx';

/** A page's own text, as the owner wrote it in the settings, in the page's language (the English where Arabic is blank). */
export function ShopText({ page }: { page: TextPage }) {
  const { data, isLoading } = usePageText(page);
  if (isLoading) {
    return (
      <div className="shop-text" aria-busy="true">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line skeleton-line--short" />
      </div>
    );
  }
  if (!data) return <p className="muted">{t('This page could not be loaded, please try again.')}</p>;
  const text = localText(data.text, data.textAr, getLang());
  if (!text.trim()) return <p className="muted">{t('There is nothing on this page yet.')}</p>;
  return (
    <div className="shop-text">
      <MarkdownText text={text} />
    </div>
  );
}
