// Where product images live. The default is a folder under the data directory, served at /images/.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { IMAGE_WIDTHS, MAIN_WIDTH, encodeVariants } from '../lib/images.ts';

export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    images: ProductImages;
  }
}

export function diskStorage(dir: string): ImageStorage {
  return {
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), data);
    },
    async has(name) {
      return access(path.join(dir, name)).then(
        () => true,
        () => false,
      );
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
    },
  };
}

const OWN_IMAGE = /^\/images\/([\w-]+)-(\d+)\.webp$/;

/** Product images: each one stored at every width under a server-made name; the product keeps the main URL. */
export class ProductImages {
  constructor(private readonly storage: ImageStorage) {}

  /** Stores an already checked image at every width and answers its URL. */
  async save(image: Buffer, baseName: string = randomUUID()): Promise<string> {
    const variants = await encodeVariants(image);
    await Promise.all(variants.map(({ width, data }) => this.storage.put(`${baseName}-${width}.webp`, data)));
    return `/images/${baseName}-${MAIN_WIDTH}.webp`;
  }

  async exists(baseName: string): Promise<boolean> {
    return this.storage.has(`${baseName}-${MAIN_WIDTH}.webp`);
  }

  /** Removes the stored files behind our own URLs; links to other sites are left alone. */
  async remove(urls: readonly string[]): Promise<void> {
    const names = urls.flatMap((url) => {
      const match = OWN_IMAGE.exec(url);
      return match ? IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp`) : [];
    });
    await Promise.all(names.map((name) => this.storage.remove(name)));
  }
}

export default fp(
  async (app) => {
    app.decorate('images', new ProductImages(diskStorage(app.config.imagesDir)));
    await mkdir(app.config.imagesDir, { recursive: true });
    // Names are never reused, so the files can be cached for a year.
    await app.register(fastifyStatic, {
      root: app.config.imagesDir,
      prefix: '/images/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
    });
  },
  { name: 'storage', dependencies: ['db'] },
);
