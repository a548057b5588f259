import { useNavigate } from 'react-router';
import { MESSAGES } from '@shop/core/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
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
          try {
            await addProduct({ ...product, files: images.files, imageUrls: images.urls }, onProgress);
            notify.success(MESSAGES.productCreated);
            navigate(productsPath);
          } catch (error) {
            // 415 is the server refusing a file by its bytes; anything else is said in the server's words
            notify.error(error instanceof ApiError && error.status === 415 ? MESSAGES.fileTypeNotSupported : errorMessage(error));
          }
        }}
      />
    </>
  );
}
