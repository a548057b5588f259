import type { AuditEntity } from '@shop/core/constants';
import type { AuditEntry } from '@shop/core/contract/reports';
import { callPage } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { ADMIN_PAGE_SIZE, type ListPage } from './date-sorted-page.ts';

/** One page of the audit trail, newest first, of one kind of thing or all (GET /api/audit). */
export function useAudit(page: number, entity: AuditEntity | null) {
  return useQuery<ListPage<AuditEntry>>(
    `${ADMIN_KEY}audit:${entity ?? 'all'}:${page}`,
    (signal) => callPage('listAudit', { query: { page, limit: ADMIN_PAGE_SIZE, ...(entity ? { entity } : {}) }, signal }),
    { staleMs: 5_000 },
  );
}
