import { Link } from 'react-router';
import { stockNote } from '@shop/core/stock';
import { localName } from '../../../lib/i18n.ts';
import { productPath } from '../../../lib/paths.ts';
import { useAdminProducts } from '../api/get-products.ts';
import { formatNumber, t } from '../i18n.ts';

/** The sizes that are running out (LOW_STOCK_MAX or fewer left), each product linking to its edit page. */
export function LowStock() {
  const products = useAdminProducts(1, 'newest', 'low');
  const items = products.data?.items ?? [];

  return (
    <section className="admin-card sales__block">
      <h2 id="sales-low-stock" className="admin-card__title">{t('Low stock')}</h2>
      {products.error && !products.data ? <p className="muted">{t('Products could not be loaded')}</p> : null}
      {products.data && items.length === 0 ? <p className="muted">{t('No size is running out.')}</p> : null}
      {items.length > 0 ? (
        <ul className="low-stock">
          {items.map((product) => (
            <li key={product._id} className="low-stock__item">
              <Link className="admin-link" to={`${productPath(product.name)}/update`} dir="auto">{localName(product)}</Link>
              <span className="low-stock__sizes">
                {product.sizes.map(({ size, stock }) => {
                  const note = stockNote(stock);
                  if (!note) return null;
                  return note.kind === 'sold-out' ? (
                    <span key={size} className="stock-mark stock-mark--sold-out">{t('{size}: sold out', { size })}</span>
                  ) : (
                    <span key={size} className="stock-mark stock-mark--low">{t('{size}: {count} left', { size, count: formatNumber(note.left) })}</span>
                  );
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {products.data && products.data.total > items.length ? (
        <p><Link className="admin-link" to="../products?stock=low" relative="path">{t('Every product with low stock')}</Link></p>
      ) : null}
    </section>
  );
}
