import { useNavigate } from 'react-router';
import { MESSAGES } from '@shop/core/messages';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toasts.ts';
import { addProduct } from '../api/add-product.ts';
import { AdminHeader } from './admin-header.tsx';
import { ProductForm } from './product-form.tsx';
import { useAdminUser } from './use-admin-user.ts';

export function AddProductPage() {
  useDocumentTitle('Add product');
  const admin = useAdminUser();
  const navigate = useNavigate();
  const productsPath = dashboardPath(admin.username, 'products');

  return (
    <>
      <AdminHeader title="Add product" text="It goes on sale as soon as it is created." />
      <ProductForm
        allowFiles
        submitLabel="Create product"
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
