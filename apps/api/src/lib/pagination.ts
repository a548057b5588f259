import type { FastifyReply } from 'fastify';
import { PAGE_LIMIT_DEFAULT } from '@shop/core/constants';
import type { Page } from '../modules/paging.ts';

export function pageOf(query: { page?: number | undefined; limit?: number | undefined }): Page {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/** Lists are bare arrays (SPEC's client expects that); the full count travels in a header. */
export function sendTotal(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
}
