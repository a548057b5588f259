import { Link, useNavigate, useParams } from 'react-router';
import { Shirt } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { sentence } from '../../../lib/i18n.ts';
import { dashboardPath, productPath } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toasts.ts';
import { fetchProductToEdit, useProductToEdit } from '../api/get-product.ts';
import { updateProduct } from '../api/update-product.ts';
import { AdminHeader } from './admin-header.tsx';
import { t } from '../i18n.ts';
import { ProductForm } from './product-form.tsx';
import { useAdminUser } from './use-admin-user.ts';

export function UpdateProductPage() {
  useDocumentTitle(t('Update product'));
  const admin = useAdminUser();
  const navigate = useNavigate();
  const { productName = '' } = useParams();
  const product = useProductToEdit(productName);
  const productsPath = dashboardPath(admin.username, 'products');

  if (product.error && !product.data) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <>
        <AdminHeader title={t('Update product')} />
        <EmptyState
          icon={<Shirt size={32} />}
          title={missing ? t('Product not found') : t('This product could not be loaded')}
          text={missing ? t('It may have been renamed or deleted.') : sentence(product.error.message)}
          action={<Link to={productsPath} className={buttonClass('secondary')}>{t('Back to products')}</Link>}
        />
      </>
    );
  }
  const item = product.data;

  return (
    <>
      <AdminHeader
        title={t('Update product')}
        text={item ? t('Changes show in the shop as soon as they are saved.') : undefined}
        action={item ? <Link to={productPath(item.name)} className={buttonClass('secondary')}>{t('View in shop')}</Link> : undefined}
      />
      {item ? (
        <ProductForm
          key={item._id}
          initial={{
            draft: {
              name: item.name,
              description: item.description,
              nameAr: item.nameAr ?? '',
              descriptionAr: item.descriptionAr ?? '',
              price: String(item.price),
              disCountPrecent: String(item.disCountPrecent),
              gender: item.gender,
              category: item.category,
              style: item.style ?? '',
              colorName: item.color?.name ?? '',
              colorNameAr: item.color?.nameAr ?? '',
              colorHex: item.color?.hex ?? '',
            },
            images: item.images,
            sizes: item.sizes,
            returnable: item.returnable !== false,
          }}
          allowFiles={false}
          submitLabel={t('Save changes')}
          cancelTo={productsPath}
          onSave={async (checked, images) => {
            await updateProduct(item._id, { ...checked, images: images.urls });
            notify.success(MESSAGES.itemUpdated);
            navigate(productsPath);
          }}
          reloadSizes={async () => (await fetchProductToEdit(item._id)).sizes}
        />
      ) : (
        <div className="skeleton admin-order__skeleton" aria-busy="true" aria-label={t('Loading the product')} />
      )}
    </>
  );
}
