// Reads the add-product request: SPEC's multipart form (fields, device `files`, `imageUrls`) or the same as JSON.
// Everything is checked here, files by their bytes, before anything is stored.
import type { FastifyRequest } from 'fastify';
import { IMAGES_PER_PRODUCT_MAX } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { ImageUrlSchema } from '@shop/core/contract/fields';
import { ProductFieldsSchema, type ProductFields } from '@shop/core/contract/catalog';
import { ShopError, invalid, tooLarge, unsupported } from '../../modules/errors.ts';
import { assertSupportedImage } from '../../modules/images/variants.ts';

export interface ProductForm {
  fields: ProductFields;
  imageUrls: string[];
  files: Buffer[];
}

const URL_FIELDS = new Set(['imageUrls', 'imageUrls[]', 'imageUrl', 'images', 'images[]']);

// A blank field is an empty input (no links); a blank entry in a list of links is a link left empty.
// A list of links, or a JSON text of one, may hold lists a few levels deep, no deeper: that is not a form.
const URL_LIST_DEPTH_MAX = 4;
function urlsFrom(value: unknown, inList = false, depth = 0): unknown[] {
  if (depth > URL_LIST_DEPTH_MAX) throw invalid('Image links must be a list of links');
  if (Array.isArray(value)) return value.flatMap((entry) => urlsFrom(entry, true, depth + 1));
  if (typeof value !== 'string') return [value];
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return [value];
    }
    return urlsFrom(parsed, false, depth + 1);
  }
  return trimmed === '' && !inList ? [] : [trimmed];
}

type FormRequest = Pick<FastifyRequest, 'isMultipart' | 'parts'> & { body: unknown };

async function readMultipart(request: FormRequest) {
  const fields: Record<string, unknown> = {};
  const rawUrls: unknown[] = [];
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.length >= IMAGES_PER_PRODUCT_MAX) throw tooLarge(MESSAGES.tooManyFiles);
        const data = await part.toBuffer();
        if (data.length === 0 && part.filename === '') continue; // an empty file input
        files.push(data);
      } else if (URL_FIELDS.has(part.fieldname)) {
        rawUrls.push(...urlsFrom(part.value));
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ShopError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw tooLarge(MESSAGES.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge('The form has too many fields');
    throw invalid('The form could not be read');
  }
  return { fields, rawUrls, files };
}

export async function readProductForm(request: FormRequest): Promise<ProductForm> {
  let input: { fields: Record<string, unknown>; rawUrls: unknown[]; files: Buffer[] };
  if (request.isMultipart()) {
    input = await readMultipart(request);
  } else {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    input = { fields: body, rawUrls: urlsFrom(body.imageUrls ?? body.images ?? []), files: [] };
  }

  const parsed = ProductFieldsSchema.safeParse(input.fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? MESSAGES.fillRequired);

  const imageUrls = input.rawUrls.map((raw) => {
    const url = ImageUrlSchema.safeParse(raw);
    if (!url.success) throw invalid(url.error.issues[0]?.message ?? MESSAGES.imageLinkInvalid);
    return url.data;
  });
  if (imageUrls.length + input.files.length === 0) throw invalid(MESSAGES.chooseImages);
  if (imageUrls.length + input.files.length > IMAGES_PER_PRODUCT_MAX) throw tooLarge(MESSAGES.tooManyFiles);

  for (const file of input.files) {
    if (file.length === 0) throw unsupported(MESSAGES.fileTypeNotSupported);
    await assertSupportedImage(file);
  }
  return { fields: parsed.data, imageUrls, files: input.files };
}
