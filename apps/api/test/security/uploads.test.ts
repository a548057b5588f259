// Hostile uploads to POST /api/products/add-product: each refused with its status and message, with no file
// left on disk and no product created; a real image is stored re-encoded as WebP under a name the server made.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { products } from '../../src/db/schema.ts';
import { createAdmin, createCategory, createUser, getApp, multipart, storedImages, unique, type UploadFile } from '../helpers.ts';

const app = await getApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let png: Buffer;
let category: { title: string };

beforeAll(async () => {
  admin = await createAdmin();
  category = await createCategory({ gender: 'men' });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).png().toBuffer();
});

const fields = (name: string) => ({ name, description: 'Plain tee.', price: '250', disCountPrecent: '0', gender: 'men', category: category.title });

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>');

async function productsNamed(name: string) {
  const rows = await app.db.select({ id: products.id }).from(products).where(sql`lower(${products.name}) = lower(${name})`);
  return rows.length;
}

async function upload(files: UploadFile[], name = unique('Upload tee'), auth = admin.auth) {
  const body = await multipart(fields(name), files);
  const response = await app.inject({ method: 'POST', url: '/api/products/add-product', headers: { ...auth, ...body.headers }, payload: body.payload });
  return { response, name };
}

const png8 = (count: number): UploadFile[] => Array.from({ length: count }, (_, i) => ({ data: png, filename: `p${i}.png`, type: 'image/png' }));

describe('hostile uploads are refused, and leave nothing behind', () => {
  it.each<[string, () => UploadFile[], number, string]>([
    ['an HTML file named .jpg', () => [{ data: HTML, filename: 'photo.jpg', type: 'image/jpeg' }], 415, MESSAGES.fileTypeNotSupported],
    ['an SVG with a script', () => [{ data: SVG, filename: 'logo.svg', type: 'image/svg+xml' }], 415, MESSAGES.fileTypeNotSupported],
    ['an SVG with a script named .png', () => [{ data: SVG, filename: 'logo.png', type: 'image/png' }], 415, MESSAGES.fileTypeNotSupported],
    ['JPEG magic bytes in front of HTML', () => [{ data: Buffer.concat([JPEG_MAGIC, HTML]), filename: 'x.jpg', type: 'image/jpeg' }], 415, MESSAGES.fileTypeNotSupported],
    ['a PNG with HTML appended, but cut short', () => [{ data: Buffer.concat([png.subarray(0, 40), HTML]), filename: 'x.png', type: 'image/png' }], 415, MESSAGES.fileTypeNotSupported],
    ['a zero-byte file', () => [{ data: Buffer.alloc(0), filename: 'empty.jpg', type: 'image/jpeg' }], 415, MESSAGES.fileTypeNotSupported],
    ['a 20 MB image', () => [{ data: Buffer.concat([JPEG_MAGIC, Buffer.alloc(20 * 1024 * 1024, 7)]), filename: 'huge.jpg', type: 'image/jpeg' }], 413, MESSAGES.fileTooLarge],
    ['9 files at once', () => png8(9), 413, MESSAGES.tooManyFiles],
    ['8 good files and an HTML one', () => [...png8(7), { data: HTML, filename: 'x.jpg', type: 'image/jpeg' }], 415, MESSAGES.fileTypeNotSupported],
    ['a good file and a 20 MB one', () => [...png8(1), { data: Buffer.concat([JPEG_MAGIC, Buffer.alloc(20 * 1024 * 1024)]), filename: 'huge.jpg', type: 'image/jpeg' }], 413, MESSAGES.fileTooLarge],
  ])('%s', async (_case, files, status, message) => {
    const before = storedImages(app);
    const { response, name } = await upload(files());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(storedImages(app)).toEqual(before);
    expect(await productsNamed(name)).toBe(0);
  });

  it('refuses an image of more pixels than it may decode (a decompression bomb)', async () => {
    // 6500 x 6500 of one colour: a small file on the wire, 42 megapixels (over the 40 allowed) once decoded
    const bomb = await sharp({ create: { width: 6500, height: 6500, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const before = storedImages(app);
    const { response, name } = await upload([{ data: bomb, filename: 'bomb.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MESSAGES.fileTypeNotSupported });
    expect(storedImages(app)).toEqual(before);
    expect(await productsNamed(name)).toBe(0);
  }, 60_000);

  it('refuses an upload from a customer before reading it, and stores nothing', async () => {
    const customer = await createUser();
    const before = storedImages(app);
    const { response, name } = await upload(png8(1), unique('Customer upload'), customer.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.adminOnly });
    expect(storedImages(app)).toEqual(before);
    expect(await productsNamed(name)).toBe(0);
  });
});

describe('an accepted image', () => {
  it('is stored re-encoded as WebP, under a name the server made, whatever the client called it', async () => {
    const before = storedImages(app);
    const { response } = await upload([{ data: png, filename: '../../../../tmp/evil.html', type: 'text/html' }]);
    expect(response.statusCode, response.body).toBe(201);
    const [url] = response.json().images as string[];
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}-\d+\.webp$/);

    const added = storedImages(app).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) {
      expect(file).toMatch(/^[0-9a-f-]{36}-\d+\.webp$/);
      const bytes = readFileSync(path.join(app.config.imagesDir, file));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});
