// The shop's logo (PRODUCT section 8): any image the owner has, trusted by its bytes like a product's pictures
// (modules/images/variants.ts), and stored as one PNG made here. An SVG is drawn to pixels by sharp, so nothing of it but its
// picture survives (no script, no link, no reference to another file); a PNG, unlike WebP, shows in every mail
// program and every site that reads Open Graph.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shop/core/messages';
import { unsupported } from '../errors.ts';
import type { ImageStorage } from '../images/storage.ts';
import { loadSharp, sniffImageKind } from '../images/variants.ts';

/** The logo's box: twice what the header shows at most (a 48 px high mark), wide enough for a word mark. */
const LOGO_MAX_WIDTH = 768;
const LOGO_MAX_HEIGHT = 192;
const MAX_PIXELS = 40_000_000;

/** An SVG document, by its first bytes: an XML declaration, a comment or a doctype, and an <svg> element early on. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return /^<(\?xml|svg|!--|!doctype svg)/i.test(head) && /<svg[\s>]/i.test(head);
}

/** The logo as the shop keeps it: a PNG within LOGO_MAX_WIDTH × LOGO_MAX_HEIGHT; 415 for anything but an image. */
export async function logoPng(bytes: Buffer): Promise<Buffer> {
  const kind = sniffImageKind(bytes) ?? (looksLikeSvg(bytes) ? 'svg' : null);
  if (!kind) throw unsupported(MESSAGES.fileTypeNotSupported);
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) throw new Error('format mismatch');
    // an SVG is drawn at the density that fills the box, so a small drawing is sharp and a huge one is not huge
    const density = kind === 'svg' ? Math.min(2400, Math.max(1, 72 * Math.min(LOGO_MAX_WIDTH / meta.width, LOGO_MAX_HEIGHT / meta.height))) : undefined;
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false, ...(density ? { density } : {}) })
      .rotate()
      .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch {
    throw unsupported(MESSAGES.fileTypeNotSupported);
  }
}

/** Stores the logo under a name of its own and answers its URL (an old logo stays: mails already sent show it). */
export async function saveLogo(storage: ImageStorage, png: Buffer): Promise<string> {
  const name = `logo-${randomUUID()}.png`;
  await storage.put(name, png);
  return `/images/${name}`;
}
