// With IMAGE_BASE_URL (a CDN) or PUBLIC_URL set, the shop's own image paths (/images/…) leave in answers as absolute
// URLs on that base, so a client on another origin (an app, another site) shows them; links to other hosts stay as
// they are. The database keeps the paths: an image URL a client sends back on that base is turned into its path again.
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The stored form of an image URL a client sent: the path, when the URL is on the shop's image base. */
    imagePathOf(url: string): string;
  }
}

/** The answer's image fields: a product's `images` (in lists, carts, wishlists and order snapshots), a cart line's, the shop's logo. */
const IMAGE_LIST_KEYS = new Set(['images']);
const IMAGE_KEYS = new Set(['imageProduct', 'logoUrl']);

export function withImageBase(value: unknown, base: string): unknown {
  const absolute = (url: unknown) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? base + url : url);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object' || node instanceof Date || Buffer.isBuffer(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(node)) {
      if (IMAGE_LIST_KEYS.has(key) && Array.isArray(field)) out[key] = field.map(absolute);
      else if (IMAGE_KEYS.has(key)) out[key] = absolute(field);
      else out[key] = walk(field);
    }
    return out;
  };
  return walk(value);
}

export default fp(
  async (app, { base }: { base: string | undefined }) => {
    app.decorate('imagePathOf', (url: string) => (base && url.startsWith(`${base}/`) ? url.slice(base.length) : url));
    if (!base) return;
    app.addHook('preSerialization', async (_request, _reply, payload) => withImageBase(payload, base));
  },
  { name: 'image-urls' },
);
