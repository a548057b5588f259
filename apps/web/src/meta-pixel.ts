// Meta's pixel (PRODUCT section 9, decision 062): an entry of its own, which the server adds to a page only for a
// browser whose shopper gave her analytics consent (the `shop_analytics` cookie, set and cleared where she chooses)
// and only when the owner set a pixel ID. So no page's first load carries it, and without consent nothing of Meta's
// is requested. It imports nothing of the storefront (a shared module would reshape the first load's chunks): it
// reads what the shop does from the outside, its address, its calls to the API and the visitor's cart in storage,
// and sends ViewContent, AddToCart, InitiateCheckout and Purchase, the last with the order's id as its event id, the
// id the server's Purchase to the Conversions API carries, so Meta counts one.

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string; push?: unknown };
type Data = Record<string, unknown>;

const tag = document.querySelector<HTMLScriptElement>('script[data-meta-pixel]');
const pixelId = tag?.dataset.metaPixel ?? '';
const scriptUrl = tag?.dataset.src ?? '';

/** Meta's own snippet, as its documentation gives it: a queue until its script has loaded. */
function installFbq(): Fbq {
  const global = window as unknown as { fbq?: Fbq; _fbq?: Fbq };
  if (global.fbq) return global.fbq;
  const queue: unknown[][] = [];
  const fbq: Fbq = (...args: unknown[]) => {
    queue.push(args);
  };
  fbq.queue = queue;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  global.fbq = fbq;
  global._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  document.head.append(script);
  return fbq;
}

const fbq = pixelId && scriptUrl ? installFbq() : null;
const track = (event: string, data: Data, eventId?: string) => fbq?.('track', event, data, ...(eventId ? [{ eventID: eventId }] : []));

/** `{product}-{size}`: the id a size has in the feeds and in the server's Purchase. */
const contentId = (product: string, size: string) => `${product}-${size}`;

// ---- the address: a product's page, the checkout ----------------------------------------------------------------

let lastPath = '';
function onAddress() {
  const { pathname } = location;
  if (pathname === lastPath) return;
  lastPath = pathname;
  if (pathname === '/checkout') track('InitiateCheckout', { currency: 'EGP' });
}

/** A product's page as the server wrote it: its JSON-LD names the product and its price. */
function productOfPage() {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(script.textContent ?? '') as { '@type'?: string; sku?: string; offers?: { price?: string } };
      if (data['@type'] === 'Product' && data.sku) return { id: data.sku, price: Number(data.offers?.price ?? 0) };
    } catch {
      // not JSON: not the product's
    }
  }
  return null;
}

// ---- the shop's calls to the API: a product read, a line added, an order placed ----------------------------------

const PRODUCT_READ = /^\/api\/products\/[^/]+$/;
const ORDER_PLACED = new Set(['/api/orders/new-order', '/api/orders/guest']);

function watchCalls() {
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    try {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, location.href);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (url.origin === location.origin && response.ok) void onCall(method, url.pathname, response.clone(), init?.body);
    } catch {
      // the pixel never stands in the shop's way
    }
    return response;
  };
}

async function onCall(method: string, path: string, response: Response, body: BodyInit | null | undefined) {
  if (method === 'GET' && PRODUCT_READ.test(path) && !path.endsWith('/shop') && !path.endsWith('/facets')) {
    const product = (await response.json()) as { _id?: string; price?: number; disCountPrecent?: number };
    if (product._id) track('ViewContent', { content_ids: [product._id], content_type: 'product_group', currency: 'EGP', value: product.price ?? 0 });
  } else if (method === 'POST' && path === '/api/cart/add-cart' && typeof body === 'string') {
    const added = JSON.parse(body) as { product?: string | { _id: string }; quantaty?: number | string; size?: string };
    const product = typeof added.product === 'string' ? added.product : added.product?._id;
    const line = (await response.json()) as { size?: string };
    if (product) track('AddToCart', { content_ids: [contentId(product, line.size ?? added.size ?? '')], content_type: 'product', currency: 'EGP', num_items: Number(added.quantaty ?? 1) });
  } else if (method === 'POST' && ORDER_PLACED.has(path)) {
    const order = (await response.json()) as { _id?: string; totalPrice?: number; products?: { product: { _id: string }; size?: string; quantaty?: number }[] };
    if (order._id) {
      const ids = (order.products ?? []).map((line) => contentId(line.product._id, line.size ?? ''));
      track('Purchase', { content_ids: ids, content_type: 'product', currency: 'EGP', value: order.totalPrice ?? 0 }, order._id);
    }
  }
}

// ---- a visitor's cart, kept in the browser (lib/guest-cart-store.ts writes it) ------------------------------------

const GUEST_CART = 'shop-guest-cart';
type GuestLines = { product: string; size: string; quantity: number }[];

function guestLines(text: string | null): GuestLines {
  try {
    const saved = JSON.parse(text ?? 'null') as { lines?: GuestLines } | null;
    return Array.isArray(saved?.lines) ? saved.lines : [];
  } catch {
    return [];
  }
}

function watchGuestCart() {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    const before = key === GUEST_CART && this === localStorage ? guestLines(this.getItem(key)) : null;
    setItem.call(this, key, value);
    if (!before) return;
    for (const line of guestLines(value)) {
      const had = before.find((old) => old.product === line.product && old.size === line.size)?.quantity ?? 0;
      if (line.quantity > had) {
        track('AddToCart', { content_ids: [contentId(line.product, line.size)], content_type: 'product', currency: 'EGP', num_items: line.quantity - had });
      }
    }
  };
}

if (fbq) {
  fbq('init', pixelId);
  fbq('track', 'PageView');
  const product = productOfPage();
  if (product) track('ViewContent', { content_ids: [product.id], content_type: 'product_group', currency: 'EGP', value: product.price });
  onAddress();
  watchCalls();
  watchGuestCart();
  // the storefront moves between pages with the History API: each move is a page view
  for (const name of ['pushState', 'replaceState'] as const) {
    const move = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      move(...args);
      if (location.pathname !== lastPath) fbq('track', 'PageView');
      onAddress();
    };
  }
  window.addEventListener('popstate', onAddress);
}
