import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import {
  IdSchema, MessageSchema, PageQuerySchema, ProductSchema, ShopQuerySchema, UpdateProductBodySchema,
} from '@shop/core/schemas';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { readProductForm } from './product-form.ts';
import {
  assertCreatable, createProduct, deleteProduct, findProduct, imagesInUse, listProducts, relatedProducts, updateProduct,
} from './repository.ts';

const ProductWithMessage = ProductSchema.extend({ message: z.string() });
const NameParams = z.object({ x: IdSchema });
const admin = [{ bearer: [] }];

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGES_PER_PRODUCT_MAX + 1, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  });

  app.get(
    '/',
    { config: { catalogCache: true }, schema: { querystring: PageQuerySchema, response: { 200: z.array(ProductSchema) } } },
    async (request, reply) => {
      const { products, total } = await listProducts(app.db, {}, pageOf(request.query));
      sendTotal(reply, total);
      return products;
    },
  );

  // gender, category and search are read independently, so SPEC's `?&category=Shirts` works too.
  app.get(
    '/shop',
    { config: { catalogCache: true }, schema: { querystring: ShopQuerySchema, response: { 200: z.array(ProductSchema) } } },
    async (request, reply) => {
      const { gender, category, search } = request.query;
      const { products, total } = await listProducts(app.db, { gender, category, search }, pageOf(request.query));
      sendTotal(reply, total);
      return products;
    },
  );

  app.get(
    '/:x',
    { config: { catalogCache: true }, schema: { params: NameParams, response: { 200: ProductSchema } } },
    async (request) => findProduct(app.db, request.params.x),
  );

  app.get(
    '/:x/related',
    { config: { catalogCache: true }, schema: { params: NameParams, response: { 200: z.array(ProductSchema) } } },
    async (request) => relatedProducts(app.db, request.params.x),
  );

  // multipart (SPEC's form: fields, `files` and `imageUrls`) or JSON with `imageUrls`
  app.post(
    '/add-product',
    {
      onRequest: app.requireAdmin,
      schema: { security: admin, consumes: ['multipart/form-data', 'application/json'], response: { 201: ProductWithMessage } },
    },
    async (request, reply) => {
      const form = await readProductForm(request);
      await assertCreatable(app.db, form.fields);
      // Files are stored only once everything else is known to be right, and removed if the insert fails.
      const stored: string[] = [];
      try {
        for (const file of form.files) stored.push(await app.images.save(file));
        const product = await createProduct(app.db, form.fields, [...stored, ...form.imageUrls]);
        app.catalogChanged();
        return reply.status(201).send({ ...product, message: MESSAGES.productCreated });
      } catch (error) {
        await app.images.remove(stored);
        throw error;
      }
    },
  );

  app.put(
    '/update/:x',
    {
      onRequest: app.requireAdmin,
      schema: { security: admin, params: NameParams, body: UpdateProductBodySchema, response: { 200: ProductWithMessage } },
    },
    async (request) => {
      const { product, previousImages } = await updateProduct(app.db, request.params.x, request.body);
      app.catalogChanged();
      const dropped = previousImages.filter((url) => !product.images.includes(url));
      const kept = await imagesInUse(app.db, dropped);
      await app.images.remove(dropped.filter((url) => !kept.has(url)));
      return { ...product, message: MESSAGES.itemUpdated };
    },
  );

  app.delete(
    '/delete/:x',
    { onRequest: app.requireAdmin, schema: { security: admin, params: NameParams, response: { 200: MessageSchema } } },
    async (request) => {
      // Uploaded files stay: the snapshots in past orders still show them.
      await deleteProduct(app.db, request.params.x);
      app.catalogChanged();
      return { message: MESSAGES.productDeleted };
    },
  );
};

export default productRoutes;
