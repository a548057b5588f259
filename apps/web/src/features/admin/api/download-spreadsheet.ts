import { pathOf, routes } from '@shop/core/routes';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Downloads one of the shop's spreadsheets (GET /api/orders/export.csv, /api/products/export.csv): fetched with the
 * admin's token, then saved by the browser under `filename`.
 */
export async function downloadSpreadsheet(name: 'exportOrders' | 'exportProducts', query: Record<string, string>, filename: string): Promise<void> {
  const { data } = await apiRequest<Blob>(pathOf(routes[name], {}, query), { as: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
