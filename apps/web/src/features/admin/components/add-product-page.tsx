import { useNavigate } from 'react-router';
import { MESSAGES } from '@shop/core/messages';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toasts.ts';
import { addProduct } from '../api/add-product.ts';
import { AdminHeader } from './admin-header.tsx';
import { t } from '../i18n.ts';
import { ProductForm } from './product-form.tsx';
import { useAdminUser } from './use-admin-user.ts';

export function AddProductPage() {
  useDocumentTitle(t('Add product'));
  const admin = useAdminUser();
  const navigate = useNavigate();
  const productsPath = dashboardPath(admin.username, 'products');

  return (
    <>
      <AdminHeader title={t('Add product')} text={t('It goes on sale as soon as it is created.')} />
      <ProductForm
        allowFiles
        submitLabel={t('Create product')}
        cancelTo={productsPath}
        onSave={async (product, images, onProgress) => {
          await addProduct({ ...product, files: images.files, imageUrls: images.urls }, onProgress);
          notify.success(MESSAGES.productCreated);
          navigate(productsPath);
        }}
      />
    </>
  );
}
