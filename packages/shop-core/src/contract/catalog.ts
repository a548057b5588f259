// Products, categories, sizes and stock, colours, filters, size guides and the products spreadsheet (PRODUCT sections 7 and 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { isHexColour, normalizeHex } from '../colour.ts';
import { IMAGES_PER_PRODUCT_MAX, ONE_SIZE, SHOP_SORTS, SIZES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { blankToUndefined, DiscountSchema, GenderSchema, hasNoNul, ImageUrlSchema, jsonText, nulMessage, numericString, optionalText, PageQuerySchema, PriceSchema, SizeSchema, StockSchema, text } from './fields.ts';

/**
 * One size as the admin saves it. `loadedStock`, optional, is the stock the admin's form showed for this size when it
 * was opened (null: not tracked). It keeps a save from undoing what happened meanwhile: a size saved with the stock it
 * was loaded with is left as it is now (the pieces sold since stay sold), and a size whose stock the admin changed is
 * refused with 409, naming the figure now, when its stock is no longer the loaded one. Without it (SPEC's client sends
 * no sizes at all; an API client that counts its shelves) the stock sent is the stock to set, as before. Ignored on add.
 */
export const SizeStockSchema = z.object({
  size: SizeSchema,
  stock: StockSchema,
  loadedStock: StockSchema.optional().meta({
    description:
      'Update only: the stock the form showed when it was opened (null: not tracked). Equal to `stock`: the size is left as it is now. ' +
      'Different: 409 when the stock is no longer this figure. Left out: `stock` is set as sent.',
  }),
});
/** A size as the add and update calls take it: its stock, and the stock the admin's form loaded. */
export type SizeToSave = z.infer<typeof SizeStockSchema>;
/** One of a product's sizes and the pieces left in it; null: not tracked. */
export type SizeStock = Pick<SizeToSave, 'size' | 'stock'>;

/** A product's sizes in the admin's order: a list, or a JSON text of one (a multipart form field). */
export const SizesSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(SizeStockSchema, { error: 'Sizes must be a list of { size, stock }' })
    .min(1, { error: 'A product needs at least one size' })
    .max(SIZES.length, { error: `A product can have at most ${SIZES.length} sizes` })
    .superRefine((sizes, context) => {
      const seen = new Set<string>();
      for (const { size } of sizes) {
        if (seen.has(size)) context.addIssue({ code: 'custom', message: `Size ${size} is listed twice` });
        seen.add(size);
      }
      if (sizes.length > 1 && seen.has(ONE_SIZE)) {
        context.addIssue({ code: 'custom', message: `"${ONE_SIZE}" cannot be combined with other sizes` });
      }
    }),
);

/** What a product added without sizes (SPEC's form) gets. */
export const DEFAULT_SIZES: SizeStock[] = [{ size: ONE_SIZE, stock: null }];

// ---- colours and filters (PRODUCT section 8, "Finding the right piece") --------------------------------

export const COLOR_NAME_MAX = 40;
export const STYLE_MAX = 80;

/** A product's colour as answers carry it: its name in both languages ('' when none) and its swatch's hex. */
export const ColorSchema = z.object({ name: z.string(), nameAr: z.string(), hex: z.string() });
export type Color = z.infer<typeof ColorSchema>;

/** A product's colour as the admin sets it. */
export const ColorFieldSchema = z.object({
  name: text('Colour name', COLOR_NAME_MAX),
  nameAr: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: 'Arabic colour name must be text' })
      .trim()
      .max(COLOR_NAME_MAX, { error: `Arabic colour name must be at most ${COLOR_NAME_MAX} characters` })
      .refine(hasNoNul, { error: nulMessage('Arabic colour name') }),
  ),
  hex: z
    .string({ error: 'Colour must be a hex colour, like #1f2937' })
    .trim()
    .refine(isHexColour, { error: 'Colour must be a hex colour, like #1f2937' })
    .transform(normalizeHex),
});

/** A comma list in the address (`size=M,L`), or the same name repeated (`size=M&size=L`, what a GET form sends). */
const commaList = <Item extends z.ZodType<string>>(item: Item, label: string) =>
  z.preprocess(
    (value) => {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
      const items = parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '' && part !== undefined);
      return items.length === 0 ? undefined : items;
    },
    z.array(item).max(20, { error: `${label} can list at most 20 values` }).optional(),
  );

const priceBound = (label: string) =>
  z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    z.number({ error: `${label} must be a number` }).min(0, { error: `${label} cannot be negative` }).max(1_000_000, { error: `${label} must be at most 1,000,000` }).optional(),
  );

/** What the shop's listing and its facets are filtered by, beyond gender, category and search. */
export const ShopFilterQuerySchema = z.object({
  size: commaList(SizeSchema, 'Size'),
  color: commaList(z.string().max(COLOR_NAME_MAX, { error: `Colour must be at most ${COLOR_NAME_MAX} characters` }).refine(hasNoNul, { error: nulMessage('Colour') }), 'Colour'),
  minPrice: priceBound('Minimum price'),
  maxPrice: priceBound('Maximum price'),
  sort: z.preprocess(blankToUndefined, z.enum(SHOP_SORTS, { error: `Sort must be one of ${SHOP_SORTS.join(', ')}` }).optional()),
});

export const FacetsSchema = z.object({
  /** the sizes in stock among the products the other filters leave, in the shop's size order */
  sizes: z.array(z.object({ size: z.string(), count: z.number().int() })),
  /** the colours among them, most products first; `nameAr` when a product of that colour has one */
  colors: z.array(z.object({ name: z.string(), nameAr: z.string().optional(), hex: z.string(), count: z.number().int() })),
  /** the lowest and highest price as paid among them (EGP); null when nothing is left */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type Facets = z.infer<typeof FacetsSchema>;

// ---- size guides (PRODUCT section 8) ---------------------------------------------------------------

export const SIZE_GUIDE_COLUMNS_MAX = 6;
export const SIZE_GUIDE_NOTE_MAX = 500;

/** A category's size chart as every client reads it: measurements in cm, one row per size, a note in both languages. */
export const SizeGuideSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), values: z.array(z.string()) })),
  note: z.string(),
  noteAr: z.string(),
});
export type SizeGuide = z.infer<typeof SizeGuideSchema>;

const guideNote = (label: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: `${label} must be text` }).trim().max(SIZE_GUIDE_NOTE_MAX, { error: `${label} must be at most ${SIZE_GUIDE_NOTE_MAX} characters` }).refine(hasNoNul, { error: nulMessage(label) }),
  );

/** A size chart as the admin saves it: each row has a value for every column, each size once. */
export const SizeGuideFieldSchema = z
  .object({
    columns: z
      .array(text('Measurement', 30), { error: 'Measurements must be a list' })
      .min(1, { error: 'A size guide needs at least one measurement' })
      .max(SIZE_GUIDE_COLUMNS_MAX, { error: `A size guide can have at most ${SIZE_GUIDE_COLUMNS_MAX} measurements` }),
    rows: z
      .array(z.object({ size: SizeSchema, values: z.array(z.string({ error: 'A measurement must be text' }).trim().max(20, { error: 'A measurement must be at most 20 characters' }).refine(hasNoNul, { error: nulMessage('A measurement') })) }), { error: 'Sizes must be a list' })
      .min(1, { error: 'A size guide needs at least one size' })
      .max(SIZES.length, { error: `A size guide can have at most ${SIZES.length} sizes` }),
    note: guideNote('Size guide note'),
    noteAr: guideNote('Arabic size guide note'),
  }, { error: 'Size guide must be an object' })
  .superRefine((guide, context) => {
    const seen = new Set<string>();
    for (const row of guide.rows) {
      if (seen.has(row.size)) context.addIssue({ code: 'custom', message: `Size ${row.size} is listed twice` });
      seen.add(row.size);
      if (row.values.length !== guide.columns.length) {
        context.addIssue({ code: 'custom', message: `Size ${row.size} needs ${guide.columns.length} measurements, one for each column` });
      }
    }
  });

/** A product's reviews in short: the average (one decimal, 0 without reviews), how many, and how the fit was found. */
export const ProductRatingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  fit: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
});
export type ProductRating = z.infer<typeof ProductRatingSchema>;

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  disCountPrecent: z.number(),
  category: z.string(),
  gender: GenderSchema,
  images: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int().nullable() })),
  inStock: z.boolean(),
  /** Arabic name and description (PRODUCT.md section 7), only when the admin gave them. */
  nameAr: z.string().optional(),
  descriptionAr: z.string().optional(),
  /** the Arabic title of the product's category (its `titleAr`), only when the category has one */
  categoryAr: z.string().optional(),
  /** PRODUCT section 8: the key the colours of one design share, and this product's colour; only when set */
  style: z.string().optional(),
  color: ColorSchema.optional(),
  /**
   * The one-product read only (`GET /api/products/{x}`), for a product with a style: every colour of the style, this
   * one included, oldest first, each with its product's name to link to.
   */
  styleColors: z.array(z.object({ _id: z.string(), name: z.string(), color: ColorSchema })).optional(),
  /** PRODUCT section 9: only on a product that may not be returned */
  returnable: z.literal(false).optional(),
  /** The one-product read only: its category's size chart, when the category has one. */
  sizeGuide: SizeGuideSchema.optional(),
  rating: ProductRatingSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const CategorySchema = z.object({
  _id: z.string(),
  title: z.string(),
  gender: GenderSchema,
  createdAt: z.string(),
  /** Arabic title (PRODUCT.md section 7), only when the admin gave one. */
  titleAr: z.string().optional(),
  /** PRODUCT section 8: the category's size chart, only when it has one */
  sizeGuide: SizeGuideSchema.optional(),
});
export type Category = z.infer<typeof CategorySchema>;

/** The admin's products list: all, or those with a size running low, or those sold out in every size. */
export const STOCK_FILTERS = ['low', 'sold-out'] as const;
export const ProductListQuerySchema = PageQuerySchema.extend({
  stock: z.preprocess(blankToUndefined, z.enum(STOCK_FILTERS, { error: 'stock must be low or sold-out' }).optional()),
});

const minNotAboveMax = {
  check: (query: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
    query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  message: { error: 'Minimum price must not be more than the maximum price', path: ['minPrice'] },
};

/** The facets call: the shop listing's filters, without its paging. */
export const FacetsQuerySchema = z
  .object({
    gender: z.preprocess(blankToUndefined, GenderSchema.optional()),
    category: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100, { error: 'Category must be at most 100 characters' }).refine(hasNoNul, { error: nulMessage('Category') }).optional(),
    ),
    search: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional()),
  })
  .extend(ShopFilterQuerySchema.shape)
  .refine(minNotAboveMax.check, minNotAboveMax.message);

export const ShopQuerySchema = PageQuerySchema.extend(FacetsQuerySchema.shape).refine(minNotAboveMax.check, minNotAboveMax.message);

export const ProductFieldsSchema = z.object({
  name: text('Name', 120),
  description: text('Description', 5000),
  nameAr: optionalText('Arabic name', 120),
  descriptionAr: optionalText('Arabic description', 5000),
  price: PriceSchema,
  disCountPrecent: DiscountSchema,
  gender: GenderSchema,
  category: text('Category', 100),
  /** Left out: One size, not tracked, on add; the sizes kept, on update. */
  sizes: SizesSchema.optional(),
  /** Left out: kept on update, none on add; blank or null: none. A JSON text in multipart, like the sizes. */
  style: optionalText('Style', STYLE_MAX),
  color: z.preprocess(jsonText, ColorFieldSchema.nullable().optional()),
  /** PRODUCT section 9: left out, kept on update and true on add; `"true"`/`"false"` in multipart */
  returnable: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value),
    z.boolean({ error: MESSAGES.returnableOnOff }).optional(),
  ),
});
export type ProductFields = z.infer<typeof ProductFieldsSchema>;

const imageList = <Image extends z.ZodType>(image: Image) =>
  z.array(image).min(1, { error: MESSAGES.chooseImages }).max(IMAGES_PER_PRODUCT_MAX, { error: MESSAGES.tooManyFiles });

export const UpdateProductBodySchema = ProductFieldsSchema.extend({ images: imageList(ImageUrlSchema).optional() });

/** The add and update product forms: the fields, and the images chosen (links, or device files still to upload). */
export const ProductFormSchema = ProductFieldsSchema.extend({ images: imageList(z.unknown()) });

export const AddCategoryBodySchema = z.object({
  title: text('Title', 60),
  gender: GenderSchema,
  titleAr: optionalText('Arabic title', 60),
  sizeGuide: SizeGuideFieldSchema.nullable().optional(),
});

/** A category's title and gender never change (its products keep its title); its Arabic title and size guide do. Left out: kept; null: none. */
export const UpdateCategoryBodySchema = z
  .object({
    titleAr: optionalText('Arabic title', 60),
    sizeGuide: SizeGuideFieldSchema.nullable().optional(),
  })
  .refine((change) => change.titleAr !== undefined || change.sizeGuide !== undefined, { error: 'Send titleAr or sizeGuide to change' });
// ---- importing products from a spreadsheet (PRODUCT section 8, "Reports and files") ----------------------------

/** POST /api/products/import?dryRun=true: check the file and answer what it would do, writing nothing. */
export const ImportQuerySchema = z.object({
  dryRun: z.preprocess(
    (value) => (value === undefined || value === '' || value === 'false' || value === '0' ? false : value === 'true' || value === '1' ? true : value),
    z.boolean({ error: 'dryRun must be true or false' }),
  ),
});

/** The import form: one CSV file (multipart `file`), as the products' export writes it. */
export const ImportFormSchema = z.object({ file: z.string().meta({ format: 'binary' }) });

/** A bad cell: its row as a spreadsheet numbers it (the header is row 1), its column by its header, and why. */
export const ImportErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** What an import did (or, dry, would do): products created and updated by name, and every bad cell. */
export const ImportAnswerSchema = z.object({
  created: z.number(),
  updated: z.number(),
  errors: z.array(ImportErrorSchema),
  dryRun: z.boolean(),
  message: z.string(),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** A real import of a file with bad cells writes nothing: 400 with the same list (a file that cannot be read: the message alone). */
export const ImportRefusalSchema = z.object({
  message: z.string(),
  created: z.number().optional(),
  updated: z.number().optional(),
  errors: z.array(ImportErrorSchema).optional(),
});
