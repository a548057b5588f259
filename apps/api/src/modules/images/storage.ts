// Where product images live: a folder under the data directory (default), or an S3-compatible bucket when
// S3_BUCKET is set, so that every process of a scaled-out shop serves every image. plugins/app/storage.ts serves
// them at /images/<name>; the seed and the start-up use this module directly.
import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { IMAGE_WIDTHS, MAIN_WIDTH, encodeVariants } from './variants.ts';

export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
}

export function diskStorage(dir: string): ImageStorage {
  return {
    async put(name, data) {
      // the data directory's folders are the shop's alone (data-dir.ts closeToOthers)
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(path.join(dir, name), data, { mode: 0o600 });
    },
    async get(name) {
      return readFile(path.join(dir, name)).catch(() => null);
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

// The AWS SDK is loaded only by a shop that uses a bucket (it adds a few hundred milliseconds to every start).
export function s3Storage(settings: NonNullable<Config['s3']>): ImageStorage {
  const sdk = import('@aws-sdk/client-s3');
  const client = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      }),
  );
  const Bucket = settings.bucket;
  const missing = (error: unknown) => {
    const name = (error as { name?: string }).name;
    return name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  };
  return {
    async put(name, data) {
      const { PutObjectCommand } = await sdk;
      // product pictures are WebP, the shop's logo a PNG (modules/settings/logo.ts)
      const ContentType = name.endsWith('.png') ? 'image/png' : 'image/webp';
      await (await client).send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(name) {
      const { GetObjectCommand } = await sdk;
      try {
        const answer = await (await client).send(new GetObjectCommand({ Bucket, Key: name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async has(name) {
      const { HeadObjectCommand } = await sdk;
      try {
        await (await client).send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async remove(name) {
      const { DeleteObjectCommand } = await sdk;
      await (await client).send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
  };
}

export function storageFor(config: Config): ImageStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(config.imagesDir);
}

const OWN_IMAGE = /^\/images\/([\w-]+)-(\d+)\.webp$/;

/** Product images: each one stored at every width under a server-made name; the product keeps the main URL. */
export class ProductImages {
  constructor(readonly storage: ImageStorage) {}

  /** Stores an already checked image at every width and answers its URL. */
  async save(image: Buffer, baseName: string = randomUUID()): Promise<string> {
    return this.saveVariants(await encodeVariants(image), baseName);
  }

  /** Stores WebP files already made at every width (the demo catalog's). */
  async saveVariants(variants: { width: number; data: Buffer }[], baseName: string): Promise<string> {
    await Promise.all(variants.map(({ width, data }) => this.storage.put(`${baseName}-${width}.webp`, data)));
    return ProductImages.urlOf(baseName);
  }

  /** The URL answers give an image stored under `baseName`. */
  static urlOf(baseName: string): string {
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
