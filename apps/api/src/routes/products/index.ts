import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { bestsellers } from '../../modules/catalog/bestsellers.ts';
import { addProduct, deleteProduct, findProduct, listProducts, relatedProducts, updateProduct } from '../../modules/catalog/products.ts';
import { productFacets } from '../../modules/catalog/facets.ts';
import { askBackInStock } from '../../modules/catalog/back-in-stock.ts';
import { requestLanguage } from '../../lib/language.ts';
import { readProductForm } from './product-form.ts';
import { accountOf } from '../../plugins/app/auth.ts';

const cached = { config: { catalogCache: true } };

const productRoutes: FastifyPluginAsync = async (app) => {

  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGES_PER_PRODUCT_MAX + 1, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  });

  route(app, endpoints.listProducts, async (request, reply) => {
    const { products, total } = await listProducts(app.db, { stock: request.query.stock }, pageOf(request.query));
    sendTotal(reply, total);
    return products;
  }, cached);

  // gender, category and search are read independently, so SPEC's `?&category=Shirts` works too.
  route(app, endpoints.shopProducts, async (request, reply) => {
    const { page, limit, ...filter } = request.query;
    const { products, total } = await listProducts(app.db, filter, pageOf({ page, limit }));
    sendTotal(reply, total);
    return products;
  }, cached);

  route(app, endpoints.productFacets, async (request) => productFacets(app.db, request.query), cached);

  // the catalog cache keeps it: an order changes stock, and so drops it with the rest
  route(app, endpoints.bestsellers, async () => bestsellers(app.db), cached);

  route(app, endpoints.getProduct, async (request) => findProduct(app.db, request.params.x), cached);

  route(app, endpoints.relatedProducts, async (request) => relatedProducts(app.db, request.params.x), cached);

  // multipart (SPEC's form: fields, `files` and `imageUrls`) or JSON with `imageUrls`
  // the mail is written in the language of this ask (decision 018)
  route(app, endpoints.notifyBackInStock, async (request) => {
    const asked = await askBackInStock(app.db, accountOf(request).id, request.params.x, request.body.size, requestLanguage(request));
    return { ...asked, message: MESSAGES.backInStockAsked };
  });

  route(app, endpoints.addProduct, async (request) => {
    const form = await readProductForm(request);
    const product = await addProduct(app.shop, { ...form, imageUrls: form.imageUrls.map(app.imagePathOf) }, accountOf(request));
    return { ...product, message: MESSAGES.productCreated };
  });

  route(app, endpoints.updateProduct, async (request) => {
    // the images the answers sent as absolute URLs (IMAGE_BASE_URL, PUBLIC_URL) come back as the paths they are stored as
    const images = request.body.images?.map(app.imagePathOf);
    // staff change a product's sizes and stock; the rest is the admin's (403 when they send it changed)
    const account = accountOf(request);
    const product = await updateProduct(app.shop, request.params.x, { ...request.body, images }, account, account.role === 'admin' ? 'all' : 'stock');
    return { ...product, message: MESSAGES.itemUpdated };
  });

  route(app, endpoints.deleteProduct, async (request) => {
    await deleteProduct(app.shop, request.params.x, accountOf(request));
    return { message: MESSAGES.productDeleted };
  });
};

export default productRoutes;
