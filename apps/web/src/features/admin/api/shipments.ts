import type { Order } from '@shop/core/contract/orders';
import type { CodReport, ShipmentsAnswer } from '@shop/core/contract/shipping';
import { pathOf, routes } from '@shop/core/routes';
import { apiRequest, call } from '../../../lib/api-client.ts';
import { invalidateQueries, setQueryData, useQuery } from '../../../lib/query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { adminOrderKey } from './get-order.ts';

// Shipping with a courier (PRODUCT section 9): the courier the server has set up (the public config says, under the
// key the checkout reads it by), an order sent to it, and its waybill.

/** The courier's name (`bosta`), or undefined when none is set up. */
export function useCourier(): string | undefined {
  return useQuery('config', (signal) => call('publicConfig', { signal }), { staleMs: 5 * 60_000 }).data?.courier;
}

/** Sends the order to the courier (once: a second call answers the same shipment); answers the API's sentence. */
export async function sendToCourier(orderId: string): Promise<string> {
  const { message, ...order } = await call('createShipment', { params: { id: orderId }, body: { packageType: 'parcel', notes: '', allowOpening: false } });
  setQueryData<Order>(adminOrderKey(orderId), () => order);
  invalidateQueries(`${ADMIN_KEY}orders`);
  return message;
}

/** Saves the order's waybill, the courier's PDF. */
export async function downloadWaybill(orderId: string, filename: string): Promise<void> {
  const { data } = await apiRequest<Blob>(pathOf(routes.shipmentWaybill, { id: orderId }), { as: 'blob' });
  saveFile(data, filename);
}

/** Sends the list's selection to the courier (POST /api/shipments): each order's result; every orders list is read again. */
export async function sendManyToCourier(orderIds: string[]): Promise<ShipmentsAnswer['results']> {
  const { results } = await call('createShipments', { body: { orders: orderIds, packageType: 'parcel', notes: '', allowOpening: false } });
  invalidateQueries(`${ADMIN_KEY}orders`);
  invalidateQueries(`${ADMIN_KEY}order:`);
  return results;
}

/** The courier's cash of a range of Cairo dates (GET /api/reports/cod). */
export function useCodReport(from: string, to: string) {
  return useQuery<CodReport>(`${ADMIN_KEY}cod:${from}:${to}`, (signal) => call('codReport', { query: { from, to, format: 'json' }, signal }) as Promise<CodReport>, { staleMs: 30_000 });
}

/** Saves the same as a spreadsheet. */
export async function downloadCodReport(from: string, to: string): Promise<void> {
  const { data } = await apiRequest<Blob>(pathOf(routes.codReport, {}, { from, to, format: 'csv' }), { as: 'blob' });
  saveFile(data, `cod-${from}-to-${to}.csv`);
}

/** Asks the courier to collect `parcels` on a Cairo date; answers its sentence (booked), or throws with its refusal's. */
export async function bookPickup(date: string, parcels: number): Promise<string> {
  return (await call('requestPickup', { body: { date, parcels } })).message;
}
