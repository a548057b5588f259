import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { ShopError } from '../../modules/errors.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { readProductForm } from './product-form.ts';
import {
  assertCreatable, createProduct, deleteProduct, findProduct, imagesInUse, listProducts, relatedProducts, updateProduct,
} from '../../modules/catalog/products.ts';

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
    const { gender, category, search } = request.query;
    const { products, total } = await listProducts(app.db, { gender, category, search }, pageOf(request.query));
    sendTotal(reply, total);
    return products;
  }, cached);

  route(app, endpoints.getProduct, async (request) => findProduct(app.db, request.params.x), cached);

  route(app, endpoints.relatedProducts, async (request) => relatedProducts(app.db, request.params.x), cached);

  // multipart (SPEC's form: fields, `files` and `imageUrls`) or JSON with `imageUrls`
  route(app, endpoints.addProduct, async (request) => {
    const form = await readProductForm(request);
    await assertCreatable(app.db, form.fields);
    // Files are stored only once everything else is known to be right, and removed if the insert fails.
    const stored: string[] = [];
    try {
      for (const file of form.files) stored.push(await app.images.save(file));
      const product = await createProduct(app.db, form.fields, [...stored, ...form.imageUrls.map(app.imagePathOf)]);
      app.catalogChanged();
      return { ...product, message: MESSAGES.productCreated };
    } catch (error) {
      await app.images.remove(stored);
      throw error;
    }
  });

  route(app, endpoints.updateProduct, async (request) => {
    // the images the answers sent as absolute URLs (IMAGE_BASE_URL, PUBLIC_URL) come back as the paths they are stored as
    const images = request.body.images?.map(app.imagePathOf);
    const { product, previousImages } = await updateProduct(app.db, request.params.x, { ...request.body, images }).catch((error: unknown) => {
      // After a 409 (a size's stock changed since the form was opened) the form reads the product again: it must get
      // the stock as it is now, not a cached count (decision 010 lets counts above LOW_STOCK_MAX show a little late).
      if (error instanceof ShopError && error.kind === 'conflict') app.catalogChanged();
      throw error;
    });
    app.catalogChanged();
    const dropped = previousImages.filter((url) => !product.images.includes(url));
    const kept = await imagesInUse(app.db, dropped);
    await app.images.remove(dropped.filter((url) => !kept.has(url)));
    return { ...product, message: MESSAGES.itemUpdated };
  });

  route(app, endpoints.deleteProduct, async (request) => {
    // Uploaded files stay: the snapshots in past orders still show them.
    await deleteProduct(app.db, request.params.x);
    app.catalogChanged();
    return { message: MESSAGES.productDeleted };
  });
};

export default productRoutes;
