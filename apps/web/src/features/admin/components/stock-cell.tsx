import type { SizeStock } from '@shop/core/contract/catalog';
import { stockMark, totalStock } from '@shop/core/stock';
import { formatNumber, t } from '../i18n.ts';

/** A product's pieces in all ("not tracked" when some size is not), with a Low stock or Sold out mark. */
export function StockCell({ sizes }: { sizes: readonly SizeStock[] }) {
  const total = totalStock(sizes);
  const mark = stockMark(sizes);
  return (
    <>
      {total === null ? <span className="muted">{t('Not tracked')}</span> : formatNumber(total)}
      {mark === 'sold-out' ? <span className="stock-mark stock-mark--sold-out">{t('Sold out')}</span> : null}
      {mark === 'low' ? <span className="stock-mark stock-mark--low">{t('Low stock')}</span> : null}
    </>
  );
}
