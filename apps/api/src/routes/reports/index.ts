import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { languageOf } from '@shop/core/locale';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import { LONG_REQUEST_MS, route } from '../../lib/route.ts';
import { importProducts } from '../../modules/catalog/import-products.ts';
import { invalid, tooLarge } from '../../modules/errors.ts';
import { accountOf } from '../../plugins/app/auth.ts';
import { ordersCsv, productsCsv } from '../../modules/exports/csv.ts';
import { salesReport } from '../../modules/reports/sales.ts';

/** The largest spreadsheet an import takes: 20,000 products of a few hundred bytes each, with room to spare. */
const CSV_MAX_BYTES = 20 * 1024 * 1024;

/** The import form's one file (its `file` field, or whatever file it sends first), as UTF-8 text. */
async function csvText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw invalid(MESSAGES.chooseCsv);
  let bytes: Buffer | null;
  try {
    const part = await request.file();
    bytes = part ? await part.toBuffer() : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(MESSAGES.csvTooLarge);
    throw invalid('The form could not be read');
  }
  if (!bytes || bytes.length === 0) throw invalid(MESSAGES.chooseCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(MESSAGES.csvNotUtf8);
  }
}

// The owner's desk (PRODUCT section 8): the sales report and the spreadsheets, the admin's alone (the contract's access).
const reportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, endpoints.salesReport, async (request) => salesReport(app.db, request.query.from, request.query.to));

  // Spreadsheets: sent as they are written, a page of rows at a time (text/csv), named for what they hold, never
  // cached. The first piece is read before the answer starts, so a database that is away still answers 503.
  const spreadsheet = async (reply: FastifyReply, name: string, pieces: AsyncGenerator<string>) => {
    const first = await pieces.next();
    const file = Readable.from(
      (async function* () {
        if (first.done) return;
        yield first.value;
        yield* pieces;
      })(),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(file);
  };

  // a spreadsheet streams for as long as its rows take (each page's statement has the pool's timeout)
  route(
    app,
    endpoints.exportOrders,
    async (request, reply) => {
      const { from, to, status } = request.query;
      return spreadsheet(reply, `orders-${from}-to-${to}${status ? `-${status}` : ''}.csv`, ordersCsv(app.db, from, to, status));
    },
    { handlerTimeout: LONG_REQUEST_MS },
  );

  route(app, endpoints.exportProducts, async (_request, reply) => spreadsheet(reply, 'products.csv', productsCsv(app.db)), { handlerTimeout: LONG_REQUEST_MS });

  // A dry run answers what the file would do; a real one writes it all, or refuses with every bad cell (400).
  route(app, endpoints.importProducts, async (request, reply) => {
    const { dryRun } = request.query;
    const text = await csvText(request as unknown as FastifyRequest);
    const result = await importProducts(app.shop, text, { dryRun }, accountOf(request as unknown as FastifyRequest));
    // each bad cell's sentence in the dashboard's language (the answer's own message is turned by app.ts)
    const ar = languageOf(request.headers['accept-language']) === 'ar';
    const errors = ar ? result.errors.map((error) => ({ ...error, message: arabicOf(error.message) })) : result.errors;
    if (!dryRun && errors.length > 0) return reply.status(400).send({ message: MESSAGES.importRefused, created: result.created, updated: result.updated, errors });
    return { ...result, errors, dryRun, message: dryRun ? MESSAGES.importChecked : MESSAGES.importDone };
  });
};

export default reportRoutes;
