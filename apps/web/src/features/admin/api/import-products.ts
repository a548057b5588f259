import { routes, pathOf } from '@shop/core/routes';
import type { ImportAnswer, ImportError } from '@shop/core/contract/catalog';
import { ApiError } from '../../../lib/api-client.ts';
import { getLang } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session.ts';
import { refreshShopProducts } from './admin-cache.ts';

/** What the file would do, or did: its counts and every bad cell (a refused import answers them with its 400). */
export type ImportOutcome = Pick<ImportAnswer, 'created' | 'updated' | 'errors' | 'dryRun' | 'message'>;

/**
 * POST /api/products/import, the file as a form's `file`: a dry run checks it and answers what it would do; a real
 * run writes every row or none. The answer's sentences are in the dashboard's language.
 */
export async function importProducts(file: File, dryRun: boolean): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(pathOf(routes.importProducts, {}, { dryRun: dryRun ? 'true' : 'false' }), {
      method: routes.importProducts.method,
      headers: { Accept: 'application/json', 'Accept-Language': getLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'We could not reach the shop, please check your connection');
  }
  const body = (await response.json().catch(() => null)) as (Partial<ImportAnswer> & { errors?: ImportError[] }) | null;
  // a refused import still says what is wrong with the file, cell by cell
  if (response.status === 400 && body?.errors) {
    return { created: body.created ?? 0, updated: body.updated ?? 0, errors: body.errors, dryRun, message: body.message ?? '' };
  }
  if (!response.ok || !body) throw new ApiError(response.status, body?.message ?? (response.statusText || 'Something went wrong, please try again'));
  if (!dryRun) refreshShopProducts();
  return body as ImportOutcome;
}
