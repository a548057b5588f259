// Uploaded images are trusted by their bytes, never by their name or declared type, and re-encoded.
import { MESSAGES } from '@shop/core/messages';
import { unsupported } from '../errors.ts';

export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const MAIN_WIDTH = 800;
const MAX_PIXELS = 40_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Throws 415 unless the bytes are a JPEG, PNG, WebP or GIF that actually decodes. */
export async function assertSupportedImage(bytes: Buffer): Promise<void> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw unsupported(MESSAGES.fileTypeNotSupported);
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) throw new Error('format mismatch');
  } catch {
    throw unsupported(MESSAGES.fileTypeNotSupported);
  }
}

/** The WebP widths of an image; bytes that pass the header check but do not decode are refused with 415. */
export async function encodeVariants(image: Buffer): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  const source = sharp(image, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
  try {
    return await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await source.clone().resize({ width, withoutEnlargement: false }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    throw unsupported(MESSAGES.fileTypeNotSupported);
  }
}

/** sharp, loaded on the first picture: loading it took ~120 ms of every start, and most starts encode none. */
export const loadSharp = async () => (await import('sharp')).default;
