// Products and categories, and the products spreadsheet.
import { z } from 'zod';
import { AddCategoryBodySchema, CategorySchema, FacetsQuerySchema, FacetsSchema, ImportAnswerSchema, ImportFormSchema, ImportQuerySchema, ImportRefusalSchema, ProductListQuerySchema, ProductSchema, ShopQuerySchema, UpdateCategoryBodySchema, UpdateProductBodySchema } from '../contract/catalog.ts';
import { MessageSchema } from '../contract/fields.ts';
import { routes } from '../routes.ts';
import { AddProductFormSchema, CsvSchema, endpoint, IdParams, ProductParams, withMessage } from './endpoint.ts';

export const catalogEndpoints = {
  listProducts: endpoint(routes.listProducts, {
    summary: 'All products, newest first (stock=low: a size has 3 or fewer left; stock=sold-out: nothing left)',
    query: ProductListQuerySchema,
    status: 200,
    answer: z.array(ProductSchema),
    counted: true,
    errors: [],
  }),
  shopProducts: endpoint(routes.shopProducts, {
    summary:
      'Products by gender, category and search words, sizes in stock (size=M,L), colours, the price as paid (minPrice, maxPrice); ' +
      'sort=newest|price-asc|price-desc|discount (a search ranks its matches unless a sort is given)',
    query: ShopQuerySchema,
    status: 200,
    answer: z.array(ProductSchema),
    counted: true,
    errors: [],
  }),
  productFacets: endpoint(routes.productFacets, {
    summary: "The shop listing's sizes in stock, colours and price range, each counted under the other filters",
    query: FacetsQuerySchema,
    status: 200,
    answer: FacetsSchema,
    errors: [],
  }),
  getProduct: endpoint(routes.getProduct, {
    summary: 'One product, by id or name',
    params: ProductParams,
    status: 200,
    answer: ProductSchema,
    errors: [404],
  }),
  bestsellers: endpoint(routes.bestsellers, {
    summary:
      'The home page\'s bestsellers: the 10 products most bought in the last 90 days (orders not canceled), topped up, ' +
      'while fewer have sold, with the best rated, then the most discounted, then the newest (decision 054)',
    status: 200,
    answer: z.array(ProductSchema),
    errors: [],
  }),
  relatedProducts: endpoint(routes.relatedProducts, {
    summary: 'Up to 3 other products of the same category and gender',
    params: ProductParams,
    status: 200,
    answer: z.array(ProductSchema),
    errors: [404],
  }),
  addProduct: endpoint(routes.addProduct, {
    summary: 'Add a product (multipart form with device files, or JSON with image links)',
    consumes: ['multipart/form-data', 'application/json'],
    body: AddProductFormSchema,
    status: 201,
    answer: withMessage(ProductSchema),
    errors: [409, 413, 415],
  }),
  updateProduct: endpoint(routes.updateProduct, {
    summary: 'Update a product, by id or name',
    params: ProductParams,
    body: UpdateProductBodySchema,
    status: 200,
    answer: withMessage(ProductSchema),
    errors: [404, 409],
  }),
  deleteProduct: endpoint(routes.deleteProduct, {
    summary: 'Delete a product (orders keep their snapshots)',
    params: ProductParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),
  listCategories: endpoint(routes.listCategories, {
    summary: 'Every category of both genders',
    status: 200,
    answer: z.array(CategorySchema),
    errors: [],
  }),
  addCategory: endpoint(routes.addCategory, {
    summary: 'Add a category',
    body: AddCategoryBodySchema,
    status: 201,
    answer: withMessage(CategorySchema),
    errors: [409],
  }),
  updateCategory: endpoint(routes.updateCategory, {
    summary: "Change a category's Arabic title or size guide (its title and gender stay)",
    params: IdParams,
    body: UpdateCategoryBodySchema,
    status: 200,
    answer: withMessage(CategorySchema),
    errors: [404],
  }),
  deleteCategory: endpoint(routes.deleteCategory, {
    summary: 'Delete a category no product uses',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  exportProducts: endpoint(routes.exportProducts, {
    summary: 'Every product with its sizes and stock, as a spreadsheet (UTF-8 CSV with a BOM)',
    status: 200,
    answer: CsvSchema,
    errors: [],
  }),
  importProducts: endpoint(routes.importProducts, {
    summary:
      'Create or update products by name, with their sizes and stock, from a CSV file as the export writes it (multipart `file`). ' +
      '`dryRun=true` answers what it would do and every bad cell, writing nothing; otherwise every row is written, or none (400 with the bad cells)',
    query: ImportQuerySchema,
    consumes: ['multipart/form-data'],
    body: ImportFormSchema,
    status: 200,
    answer: ImportAnswerSchema,
    refusal: ImportRefusalSchema,
    errors: [413, 415],
  }),
};
