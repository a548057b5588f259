import type { SalesReport } from '@shop/core/contract/reports';
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

/** The sales report of a range of Cairo dates, both included (GET /api/reports/sales). */
export function useSalesReport(from: string, to: string) {
  return useQuery<SalesReport>(`${ADMIN_KEY}sales:${from}:${to}`, (signal) => call('salesReport', { query: { from, to }, signal }), { staleMs: 30_000 });
}
