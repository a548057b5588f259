import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

export const adminOrderKey = (orderId: string) => `${ADMIN_KEY}order:${orderId}`;

/** Any customer's order: the API lets an admin read it. */
export function useAdminOrder(orderId: string) {
  return useQuery(adminOrderKey(orderId), (signal) => call('getOrder', { params: { orderId }, signal }));
}
