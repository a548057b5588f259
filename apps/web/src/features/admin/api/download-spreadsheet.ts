import { pathOf, routes } from '@shop/core/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * Downloads one of the shop's spreadsheets (GET /api/orders/export.csv, /api/products/export.csv): fetched with the
 * admin's token, then saved by the browser under `filename`.
 */
export async function downloadSpreadsheet(name: 'exportOrders' | 'exportProducts', query: Record<string, string>, filename: string): Promise<void> {
  const { data } = await apiRequest<Blob>(pathOf(routes[name], {}, query), { as: 'blob' });
  saveFile(data, filename);
}
