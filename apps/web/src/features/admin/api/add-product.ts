import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { routes } from '@shop/core/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import { refreshShopProducts } from './admin-cache.ts';

/** The add-product form's fields, with the device files themselves and the image links. */
export type NewProduct = Omit<BodyOf<'addProduct'>, 'files' | 'imageUrls'> & { files: File[]; imageUrls: string[] };

function messageOf(request: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(request.responseText);
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
    }
  } catch {
    // not JSON
  }
  return request.statusText || 'Something went wrong, please try again';
}

/**
 * add-product as SPEC's multipart form. XMLHttpRequest, not fetch, because only it reports
 * upload progress; `onProgress` gets the sent fraction from 0 to 1.
 */
export function addProduct(product: NewProduct, onProgress: (fraction: number) => void): Promise<AnswerOf<'addProduct'>> {
  const form = new FormData();
  form.append('name', product.name);
  form.append('description', product.description);
  // blank Arabic fields are left out: a new product simply has none
  if (product.nameAr) form.append('nameAr', product.nameAr);
  if (product.descriptionAr) form.append('descriptionAr', product.descriptionAr);
  form.append('price', String(product.price));
  form.append('disCountPrecent', String(product.disCountPrecent));
  form.append('gender', product.gender);
  form.append('category', product.category);
  if (product.sizes) form.append('sizes', JSON.stringify(product.sizes));
  if (product.returnable !== undefined) form.append('returnable', String(product.returnable));
  if (product.style) form.append('style', product.style);
  if (product.color) form.append('color', JSON.stringify(product.color));
  for (const url of product.imageUrls) form.append('imageUrls', url);
  for (const file of product.files) form.append('files', file, file.name);

  return new Promise<AnswerOf<'addProduct'>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(routes.addProduct.method, routes.addProduct.path);
    request.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.get()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        refreshShopProducts();
        resolve(JSON.parse(request.responseText) as AnswerOf<'addProduct'>);
      } else {
        reject(new ApiError(request.status, messageOf(request)));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'We could not reach the shop, please check your connection'));
    request.send(form);
  });
}
