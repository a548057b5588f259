import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PackagePlus, Shirt } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { formatEgp } from '@shop/core/money';
import type { Product } from '@shop/core/schemas';
import { formatDate, truncateName } from '@shop/core/text';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DiscountBadge } from '../../../components/price.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath, productPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { deleteProduct } from '../api/delete-product.ts';
import { adminProductsKey, useAdminProducts, type StockFilter } from '../api/get-products.ts';
import { StockCell } from './stock-cell.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { useAdminUser } from './use-admin-user.ts';
import { useListParams } from './use-list-params.ts';

export function ProductsPage() {
  useDocumentTitle('Products');
  const admin = useAdminUser();
  const { page, order, hrefFor } = useListParams();
  const [params, setParams] = useSearchParams();
  const stockParam = params.get('stock');
  const stock: StockFilter = stockParam === 'low' || stockParam === 'sold-out' ? stockParam : null;
  const products = useAdminProducts(page, order, stock);
  const [toDelete, setToDelete] = useState<Product | null>(null);
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

  const addAction = (
    <Link to={dashboardPath(admin.username, 'add-product')} className={buttonClass('primary')}>
      <PackagePlus size={18} aria-hidden="true" />
      Add product
    </Link>
  );

  return (
    <>
      <AdminHeader title="Products" text="Everything on sale in the shop." action={addAction} />
      <div className="admin-filter">
        <label htmlFor="stock-filter">Stock</label>
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
          <option value="">All products</option>
          <option value="low">Low stock</option>
          <option value="sold-out">Sold out</option>
        </select>
      </div>
      <AdminList
        label="Products"
        result={products}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        noun={['product', 'products']}
        columns={9}
        head={
          <tr>
            <th scope="col"><span className="visually-hidden">Image</span></th>
            <th scope="col">NAME</th>
            <th scope="col">PRICE</th>
            <th scope="col">DISCOUNT</th>
            <th scope="col">STOCK</th>
            <th scope="col">CATEGORY</th>
            <th scope="col">GENDER</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        }
        renderRow={(product) => {
          const name = truncateName(product.name);
          return (
            <tr key={product._id}>
              <td className="admin-table__thumb-cell table__card-thumb">
                <span className="admin-thumb">
                  <ProductImage url={product.images[0]} alt="" sizes="48px" />
                </span>
              </td>
              <td className="table__card-title">
                <Link to={productPath(product.name)} className="admin-strong admin-link" title={name === product.name ? undefined : product.name}>
                  {name}
                </Link>
              </td>
              <td className="tabular" data-label="PRICE">{formatEgp(product.price)}</td>
              <td className="tabular" data-label="DISCOUNT">{product.disCountPrecent > 0 ? <DiscountBadge discount={product.disCountPrecent} /> : <span className="muted">0%</span>}</td>
              <td className="tabular" data-label="STOCK"><span><StockCell sizes={product.sizes} /></span></td>
              <td data-label="CATEGORY">{product.category}</td>
              <td className="admin-capitalize" data-label="GENDER">{product.gender}</td>
              <td data-label="DATE">{formatDate(product.createdAt)}</td>
              <td className="table__card-actions">
                <div className="admin-actions">
                  <Link
                    to={`${productPath(product.name)}/update`}
                    className={buttonClass('secondary', { small: true })}
                    aria-label={`Update ${product.name}`}
                  >
                    Update
                  </Link>
                  <button
                    type="button"
                    className={buttonClass('danger', { small: true })}
                    aria-label={`Delete ${product.name}`}
                    onClick={(event) => {
                      trigger.current = event.currentTarget;
                      setToDelete(product);
                    }}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          );
        }}
        empty={{ icon: <Shirt size={32} />, title: 'No products yet', text: 'Add the first product to open the shop.', action: addAction }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        confirmLabel="Delete product"
        cancelLabel="Keep product"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={closeDialog}
        returnFocus={trigger}
      >
        {toDelete ? (
          <p>
            “{truncateName(toDelete.name)}” leaves the shop, every cart and every wishlist. Past orders keep their copy. This cannot be
            undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
