// Returns and exchanges (PRODUCT section 9): the shopper asks and reads, the shop decides and records a cash refund.
import { z } from 'zod';
import { CashRefundBodySchema, ReturnBodySchema, ReturnDecisionBodySchema, ReturnListQuerySchema, ReturnSchema } from '../contract/returns.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, withMessage } from './endpoint.ts';

export const returnsEndpoints = {
  requestReturn: endpoint(routes.requestReturn, {
    summary:
      "Ask to return pieces of a delivered order for a refund or another size: its customer (bearer token) or its guest (`X-Order-Token`); within the settings' days of delivery (defectiveDays for a defective or wrong item), never more pieces than are left, not a product marked not returnable, an exchange only to a size in stock; 409 with one sentence otherwise",
    params: IdParams,
    body: ReturnBodySchema,
    status: 201,
    answer: withMessage(ReturnSchema),
    errors: [400, 403, 404, 409, 429],
  }),
  orderReturns: endpoint(routes.orderReturns, {
    summary: "An order's returns, oldest first: its customer (bearer token), its guest (`X-Order-Token`), or the shop's staff",
    params: IdParams,
    status: 200,
    answer: z.array(ReturnSchema),
    errors: [403, 404, 429],
  }),
  listReturns: endpoint(routes.listReturns, {
    summary: 'Returns for the dashboard: overdue cash refunds first, then oldest first; by status',
    query: ReturnListQuerySchema,
    status: 200,
    answer: z.array(ReturnSchema),
    counted: true,
    errors: [400],
  }),
  decideReturn: endpoint(routes.decideReturn, {
    summary:
      'Move a return: requested → approved | rejected, approved → received → closed. Received puts the pieces back in stock (unless `restock: false`) and refunds a card or wallet order through its provider by the queue, or makes a cash refund due within 7 days',
    params: IdParams,
    body: ReturnDecisionBodySchema,
    status: 200,
    answer: withMessage(ReturnSchema),
    errors: [404, 409],
  }),
  recordReturnRefund: endpoint(routes.recordReturnRefund, {
    summary: "Record a received cash order's refund: how it was paid and its reference",
    params: IdParams,
    body: CashRefundBodySchema,
    status: 200,
    answer: withMessage(ReturnSchema),
    errors: [404, 409],
  }),
};
