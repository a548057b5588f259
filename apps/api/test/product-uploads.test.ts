// POST /api/products/add-product as SPEC's form sends it: multipart fields, device `files` and `imageUrls`.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  createAdmin, createCategory, createOrder, createUser, getApp, multipart, storedImages, unique, type UploadFile,
} from './helpers.ts';
import type { Product } from '@shop/core/contract/catalog';
import { api, type ApiResponse } from './client.ts';

let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c96' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#246' } }).jpeg().toBuffer();
});

const pngFile = (filename = 'front.png'): UploadFile => ({ data: png, filename, type: 'image/png' });

async function formFields(overrides: Record<string, string | string[]> = {}) {
  const category = await createCategory({ gender: 'men' });
  return {
    name: unique('Oxford Shirt'),
    description: 'Cotton oxford with a button-down collar.',
    price: '899.50',
    disCountPrecent: '20',
    gender: 'men',
    category: category.title,
    ...overrides,
  };
}

async function upload(app: App, auth: { authorization: string } | undefined, fields: Record<string, string | string[]>, files: UploadFile[]) {
  const body = await multipart(fields, files);
  return api('addProduct', { app, headers: { ...auth, ...body.headers }, payload: body.payload });
}

/** Runs a request that must fail and shows that no file was stored and no product created. */
async function expectNothingStored(app: App, fields: Record<string, string | string[]>, request: () => Promise<ApiResponse<'addProduct'>>) {
  const before = storedImages(app);
  const response = await request();
  expect(storedImages(app)).toEqual(before);
  if (typeof fields.name === 'string' && fields.name.trim()) {
    const product = await api('getProduct', { params: { x: fields.name }, app });
    expect(product.status).toBe(404);
  }
  return response;
}

describe('POST /api/products/add-product (multipart)', () => {
  it('stores a PNG as WebP at 400, 800 and 1200 wide, keeps the link, and serves the image with a long cache', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields({ imageUrls: 'https://cdn.example.com/oxford-back.webp' });
    const before = storedImages(app);
    const response = await upload(app, admin.auth, fields, [pngFile()]);
    expect(response.status).toBe(201);
    const product = response.answer;
    expect(product).toMatchObject({ name: fields.name, price: 899.5, disCountPrecent: 20, gender: 'men', message: 'Product has been created' });
    expect(product.images).toHaveLength(2);
    const [stored, link] = product.images as [string, string];
    expect(link).toBe('https://cdn.example.com/oxford-back.webp');
    const match = /^\/images\/([\w-]+)-800\.webp$/.exec(stored);
    expect(match).not.toBeNull();
    expect(stored).not.toContain('front');

    const added = storedImages(app).filter((name) => !before.includes(name));
    const base = match![1]!;
    expect(added.sort()).toEqual([`${base}-1200.webp`, `${base}-400.webp`, `${base}-800.webp`]);

    for (const width of [400, 800, 1200]) {
      const served = await app.inject({ method: 'GET', url: `/images/${base}-${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('accepts a JPEG and several files, each stored under its own name', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const response = await upload(app, admin.auth, fields, [{ data: jpeg, filename: 'photo.jpg', type: 'image/jpeg' }, pngFile('b.png')]);
    expect(response.status).toBe(201);
    const images: string[] = response.answer.images;
    expect(images).toHaveLength(2);
    expect(new Set(images).size).toBe(2);
    for (const url of images) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('treats a discount left as the string "undefined" as 0', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields({ disCountPrecent: 'undefined', imageUrls: 'https://cdn.example.com/x.webp' });
    const response = await upload(app, admin.auth, fields, []);
    expect(response.status).toBe(201);
    expect(response.answer.disCountPrecent).toBe(0);
  });

  it('takes the links as a JSON list in one field too', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const links = ['https://cdn.example.com/1.webp', 'https://cdn.example.com/2.webp'];
    const response = await upload(app, admin.auth, await formFields({ imageUrls: JSON.stringify(links) }), []);
    expect(response.status).toBe(201);
    expect(response.answer.images).toEqual(links);
  });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const text: UploadFile = { data: Buffer.from('this is not a picture at all'), filename: 'shirt.png', type: 'image/png' };
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, [pngFile(), text]));
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'File type is not supported' });
  });

  it('refuses an SVG with 415 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const response = await expectNothingStored(app, fields, () =>
      upload(app, admin.auth, fields, [{ data: svg, filename: 'logo.svg', type: 'image/svg+xml' }]),
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'File type is not supported' });
  });

  it('refuses a PNG header on bytes that do not decode with 415', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    const response = await expectNothingStored(app, fields, () =>
      upload(app, admin.auth, fields, [{ data: broken, filename: 'broken.png', type: 'image/png' }]),
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'File type is not supported' });
  });

  it('refuses a zero-byte file with 415 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const response = await expectNothingStored(app, fields, () =>
      upload(app, admin.auth, fields, [{ data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }]),
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: 'File type is not supported' });
  });

  it('refuses a 6 MB file with 413 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await expectNothingStored(app, fields, () =>
      upload(app, admin.auth, fields, [pngFile(), { data: big, filename: 'huge.png', type: 'image/png' }]),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Each image must be 5 MB or smaller' });
  });

  it('refuses 9 files with 413 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields();
    const files = Array.from({ length: 9 }, (_, i) => pngFile(`${i}.png`));
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, files));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'A product can have at most 8 images' });
  });

  it('refuses 5 files and 4 links together with 413', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const links = Array.from({ length: 4 }, (_, i) => `https://cdn.example.com/${i}.webp`);
    const fields = await formFields({ imageUrls: links });
    const files = Array.from({ length: 5 }, (_, i) => pngFile(`${i}.png`));
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, files));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'A product can have at most 8 images' });
  });

  it.each([
    ['no image at all', {}, 'Please choose images'],
    ['only an empty link field', { imageUrls: '' }, 'Please choose images'],
    ['an empty link in the list', { imageUrls: '["https://cdn.example.com/ok.webp", " "]' }, 'Image link is required'],
    ['a javascript: link', { imageUrls: 'javascript:alert(document.cookie)' }, 'Image links must start with http:// or https://'],
    ['a link without a scheme', { imageUrls: 'cdn.example.com/a.webp' }, 'Image links must start with http:// or https://'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields(overrides);
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, []));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['price', 'Price is required'],
    ['gender', 'Gender must be men or women'],
    ['category', 'Category is required'],
  ])('refuses a form without %s with 400 naming it, and stores the attached image nowhere', async (field, message) => {
    const app = await getApp();
    const admin = await createAdmin();
    const { [field as 'name']: _left, ...fields } = await formFields();
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, [pngFile()]));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it.each([
    ['price', '0', 'Price must be greater than zero.'],
    ['price', 'abc', 'Price must be a number'],
    ['disCountPrecent', '100', 'Discount must be between 0 and 99.'],
    ['disCountPrecent', '-5', 'Discount must be between 0 and 99.'],
  ])('refuses %s "%s" with 400 and stores nothing', async (field, value, message) => {
    const app = await getApp();
    const admin = await createAdmin();
    const fields = await formFields({ [field]: value });
    const response = await expectNothingStored(app, fields, () => upload(app, admin.auth, fields, [pngFile()]));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('refuses a taken name with 409 and stores nothing', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const first = await formFields({ imageUrls: 'https://cdn.example.com/a.webp' });
    expect((await upload(app, admin.auth, first, [])).status).toBe(201);
    const before = storedImages(app);
    const again = await upload(app, admin.auth, { ...first, name: first.name.toUpperCase() }, [pngFile()]);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'A product with this name already exists' });
    expect(storedImages(app)).toEqual(before);
  });

  it('is refused without a token (401) and with a customer token (403), storing nothing', async () => {
    const app = await getApp();
    const customer = await createUser();
    const fields = await formFields();
    const anonymous = await expectNothingStored(app, fields, () => upload(app, undefined, fields, [pngFile()]));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please log in to continue' });
    const asCustomer = await expectNothingStored(app, fields, () => upload(app, customer.auth, fields, [pngFile()]));
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual({ message: 'Only an admin can do this' });
  });
});

describe('stored images when a product is updated', () => {
  async function uploaded(app: App, admin: { auth: { authorization: string } }): Promise<Product> {
    const response = await upload(app, admin.auth, await formFields(), [pngFile()]);
    expect(response.status).toBe(201);
    return response.answer;
  }
  const update = (app: App, admin: { token: string }, product: Product, images: string[]) =>
    api('updateProduct', { params: { x: product._id }, app, token: admin.token, body: { name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent, gender: product.gender, category: product.category, images } });

  it('removes the files of an image the product no longer shows', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const product = await uploaded(app, admin);
    const [url] = product.images as [string];
    const response = await update(app, admin, product, ['https://cdn.example.com/replacement.webp']);
    expect(response.status).toBe(200);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const base = /\/images\/([\w-]+)-800\.webp$/.exec(url)![1]!;
    expect(storedImages(app).filter((name) => name.startsWith(base))).toEqual([]);
  });

  it('keeps the files a past order still shows', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await uploaded(app, admin);
    const [url] = product.images as [string];
    const order = await createOrder(shopper.user, [{ product, quantity: 1 }]);
    const response = await update(app, admin, product, ['https://cdn.example.com/replacement.webp']);
    expect(response.status).toBe(200);
    const stored = await api('getOrder', { params: { orderId: order._id }, app, token: shopper.token });
    expect(stored.answer.products[0]?.product.images).toEqual([url]);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('keeps the files another product still shows', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const first = await uploaded(app, admin);
    const second = await uploaded(app, admin);
    const [shared] = first.images as [string];
    expect((await update(app, admin, second, [shared, ...second.images])).status).toBe(200);
    expect((await update(app, admin, second, second.images)).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: shared })).statusCode).toBe(200);
  });
});

describe('GET /images/{name}', () => {
  it('answers 404 with a message for an image that does not exist', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/images/00000000-0000-4000-8000-000000000000-800.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
