// The owner's desk: the sales report, the audit trail and the orders' spreadsheet.
import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema, OrdersExportQuerySchema, SalesQuerySchema, SalesReportSchema } from '../contract/reports.ts';
import { routes } from '../routes.ts';
import { CsvSchema, endpoint } from './endpoint.ts';

export const reportsEndpoints = {
  salesReport: endpoint(routes.salesReport, {
    summary:
      'Sales from one Cairo date to another (both included): each order counts on the day it was placed, by its status now; revenue is its totalPrice',
    query: SalesQuerySchema,
    status: 200,
    answer: SalesReportSchema,
    errors: [],
  }),
  listAudit: endpoint(routes.listAudit, {
    summary: 'Who changed what from the dashboard, newest first (order moves, products with their price and stock, categories, settings, roles)',
    query: AuditQuerySchema,
    status: 200,
    answer: z.array(AuditEntrySchema),
    counted: true,
    errors: [],
  }),
  exportOrders: endpoint(routes.exportOrders, {
    summary: 'The orders placed from one Cairo date to another (both included), in one status or all, as a spreadsheet (UTF-8 CSV with a BOM)',
    query: OrdersExportQuerySchema,
    status: 200,
    answer: CsvSchema,
    errors: [],
  }),
};
