import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download, FileUp, PackagePlus, Shirt } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { formatEgp } from '@shop/core/money';
import type { Product } from '@shop/core/contract/catalog';
import { truncateName } from '@shop/core/text';
import { formatDate } from '@shop/core/dates';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DiscountBadge } from '../../../components/price.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, localCategory, localName } from '../../../lib/i18n.ts';
import { dashboardPath, productPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { deleteProduct } from '../api/delete-product.ts';
import { downloadSpreadsheet } from '../api/download-spreadsheet.ts';
import { adminProductsKey, useAdminProducts, type StockFilter } from '../api/get-products.ts';
import { ImportProducts } from './import-products.tsx';
import { StockCell } from './stock-cell.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { roleOf } from '../../../lib/session.ts';
import { useAdminUser } from './use-admin-user.ts';
import { useListParams } from './use-list-params.ts';
import { formatNumber, t } from '../i18n.ts';

export function ProductsPage() {
  useDocumentTitle(t('Products'));
  const admin = useAdminUser();
  const { page, order, hrefFor } = useListParams();
  const [params, setParams] = useSearchParams();
  const stockParam = params.get('stock');
  const stock: StockFilter = stockParam === 'low' || stockParam === 'sold-out' ? stockParam : null;
  const products = useAdminProducts(page, order, stock);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setToDelete(null), []);

  const [confirmDelete, deleting] = useAction(async () => {
    if (!toDelete) return;
    try {
      await deleteProduct(toDelete._id, adminProductsKey(order, page, stock));
      notify.success(MESSAGES.productDeleted);
    } catch (error) {
      notify.error(errorMessage(error));
    }
    setToDelete(null);
  });

  // adding and deleting products are the admin's; staff update them (PRODUCT section 8)
  const isAdmin = roleOf(admin) === 'admin';
  const [exportProducts, exporting] = useAction(async () => {
    try {
      await downloadSpreadsheet('exportProducts', {}, 'products.csv');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const addAction = !isAdmin ? undefined : (
    <Link to={dashboardPath(admin.username, 'add-product')} className={buttonClass('primary')}>
      <PackagePlus size={18} aria-hidden="true" />
      {t('Add product')}
    </Link>
  );
  const headerActions = !isAdmin ? undefined : (
    <div className="admin-head__actions">
      <Button variant="secondary" busy={exporting} onClick={() => void exportProducts()}>
        <Download size={18} aria-hidden="true" />
        {t('Export products (CSV)')}
      </Button>
      <Button variant="secondary" aria-expanded={importing} aria-controls="import-products" onClick={() => setImporting((open) => !open)}>
        <FileUp size={18} aria-hidden="true" />
        {t('Import products (CSV)')}
      </Button>
      {addAction}
    </div>
  );

  return (
    <>
      <AdminHeader title={t('Products')} text={t('Everything on sale in the shop.')} action={headerActions} />
      {isAdmin && importing ? <ImportProducts id="import-products" onImported={() => void products.refetch()} /> : null}
      <div className="admin-filter">
        <label htmlFor="stock-filter">{t('Stock')}</label>
        <select
          id="stock-filter"
          className="select"
          value={stock ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            next.delete('page');
            if (event.target.value) next.set('stock', event.target.value);
            else next.delete('stock');
            setParams(next);
          }}
        >
          <option value="">{t('All products')}</option>
          <option value="low">{t('Low stock')}</option>
          <option value="sold-out">{t('Sold out')}</option>
        </select>
      </div>
      <AdminList
        label={t('Products')}
        loading="Loading products…"
        failed="Products could not be loaded"
        result={products}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} products"
        columns={9}
        head={
          <tr>
            <th scope="col"><span className="visually-hidden">{t('Image')}</span></th>
            <th scope="col">{t('NAME')}</th>
            <th scope="col">{t('PRICE')}</th>
            <th scope="col">{t('DISCOUNT')}</th>
            <th scope="col">{t('STOCK')}</th>
            <th scope="col">{t('CATEGORY')}</th>
            <th scope="col">{t('GENDER')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col"><span className="visually-hidden">{t('Actions')}</span></th>
          </tr>
        }
        renderRow={(product) => {
          const fullName = localName(product);
          const name = truncateName(fullName);
          return (
            <tr key={product._id}>
              <td className="admin-table__thumb-cell table__card-thumb">
                <span className="admin-thumb">
                  <ProductImage url={product.images[0]} alt="" sizes="48px" />
                </span>
              </td>
              <td className="table__card-title admin-table__wrap">
                <Link to={productPath(product.name)} className="admin-strong admin-link" title={name === fullName ? undefined : fullName} dir="auto">
                  {name}
                </Link>
              </td>
              <td className="tabular" data-label={t('PRICE')}>{formatEgp(product.price, getLang())}</td>
              <td className="tabular" data-label={t('DISCOUNT')}>{product.disCountPrecent > 0 ? <DiscountBadge discount={product.disCountPrecent} /> : <span className="muted">{formatNumber(0, { style: 'percent' })}</span>}</td>
              <td className="tabular" data-label={t('STOCK')}><span><StockCell sizes={product.sizes} /></span></td>
              <td className="admin-table__wrap" data-label={t('CATEGORY')}>{localCategory(product)}</td>
              <td className="admin-capitalize" data-label={t('GENDER')}>{t(product.gender)}</td>
              <td data-label={t('DATE')}>{formatDate(product.createdAt, getLang())}</td>
              <td className="table__card-actions">
                <div className="admin-actions">
                  <Link
                    to={`${productPath(product.name)}/update`}
                    className={buttonClass('secondary', { small: true })}
                    aria-label={t('Update {name}', { name: fullName })}
                  >
                    {t('Update')}
                  </Link>
                  {isAdmin ? (
                    <button
                      type="button"
                      className={buttonClass('danger', { small: true })}
                      aria-label={t('Delete {name}', { name: fullName })}
                      onClick={(event) => {
                        trigger.current = event.currentTarget;
                        setToDelete(product);
                      }}
                    >
                      {t('Delete')}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        }}
        empty={{ icon: <Shirt size={32} />, title: t('No products yet'), text: t('Add the first product to open the shop.'), action: addAction }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('Delete this product?')}
        confirmLabel={t('Delete product')}
        cancelLabel={t('Keep product')}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={closeDialog}
        returnFocus={trigger}
      >
        {toDelete ? (
          <p>
            {t('“{name}” leaves the shop, every cart and every wishlist. Past orders keep their copy. This cannot be undone.', {
              name: truncateName(localName(toDelete)),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
