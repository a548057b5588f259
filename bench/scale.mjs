// `npm run bench:scale`: the catalog, users and orders grown to 1,000, 10,000 and 100,000 products on PostgreSQL
// (1 order per 2 products, 1 customer per 10), and the p95 latency of each page's API call at each size.
//
// The server migrates a fresh database; rows are then inserted with SQL (generate_series) straight into the tables of
// apps/api/src/db/schema.ts, followed by VACUUM ANALYZE, as autovacuum would leave a settled shop. Every request carries
// a unique `_=` parameter (or asks for another product), so none is answered from the catalog cache: this measures
// the route and its queries. EXPLAIN ANALYZE of the queries behind each call is kept at every size.
//
//   npm run bench:scale                       1,000 / 10,000 / 100,000
//   BENCH_SIZES=1000,10000 BENCH_SAMPLES=200 npm run bench:scale     (or npm run bench:scale -w bench -- --sizes=... --samples=...)
//   npm run bench:scale -w bench -- --sizes=100000 --keep              leaves the grown database, for EXPLAIN by hand
//   npm run bench:scale -w bench -- --sizes=1000,100000 --feeds-only    the product feeds alone (bench/results/feeds.*)
//
// The product feeds (issue 48) are measured at each size too: each whole file a few times, its first byte and its cost
// per row (one row per product size), into bench/results/feeds.json and feeds.md. Printed and written, never failed.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { log, parseArgs, percentile, round, saveResults, table } from './lib/common.mjs';
import { expectStatus, login, request } from './lib/http.mjs';
import { connect, createDatabase, dropDatabase } from './lib/pg.mjs';
import { removeDir, startServer, tempDataDir } from './lib/server.mjs';
import { renderTargets, targets } from './targets.mjs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { at, resultsDir } from './lib/common.mjs';

const args = parseArgs(process.argv.slice(2));
const SIZES = (args.sizes ?? process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = Number(args.samples ?? process.env.BENCH_SAMPLES ?? 300);
const WARMUP = 30;
const ADMIN = { email: 'scale-admin@bench.test', password: 'ScaleAdmin123!' };

// gender, title, garment, and their Arabic (PRODUCT.md section 7: products and categories may carry Arabic names)
const CATEGORIES = [
  ['women', 'Dresses', 'Dress', 'فساتين', 'فستان'],
  ['women', 'Tops & Blouses', 'Blouse', 'بلوزات', 'بلوزة'],
  ['women', 'Skirts', 'Skirt', 'تنانير', 'تنورة'],
  ['women', 'Abayas', 'Abaya', 'عبايات', 'عباية'],
  ['women', 'Jeans & Trousers', 'Trousers', 'جينز وبناطيل', 'بنطلون'],
  ['women', 'Shoes', 'Flats', 'أحذية', 'باليرينا'],
  ['men', 'Shirts', 'Shirt', 'قمصان', 'قميص'],
  ['men', 'T-Shirts & Polos', 'Polo', 'تيشيرتات وبولو', 'بولو'],
  ['men', 'Hoodies & Sweaters', 'Hoodie', 'هوديز وسويترات', 'هودي'],
  ['men', 'Jackets', 'Jacket', 'جواكت', 'جاكيت'],
  ['men', 'Trousers & Jeans', 'Jeans', 'بناطيل وجينز', 'جينز'],
  ['men', 'Shorts', 'Shorts', 'شورتات', 'شورت'],
  ['men', 'Shoes', 'Sneakers', 'أحذية', 'كوتشي'],
];
const ADJECTIVES = ['Classic', 'Relaxed', 'Slim', 'Oversized', 'Cropped', 'Tailored', 'Soft', 'Light', 'Heavy', 'Vintage', 'Everyday', 'Weekend'];
const MATERIALS = ['Linen', 'Cotton', 'Denim', 'Wool', 'Silk', 'Jersey', 'Leather', 'Suede', 'Corduroy', 'Chiffon', 'Velvet', 'Twill'];
const MATERIALS_AR = ['كتان', 'قطن', 'دنيم', 'صوف', 'حرير', 'جيرسيه', 'جلد', 'شمواه', 'قطيفة', 'شيفون', 'مخمل', 'تويل'];
const COLOURS = ['Navy', 'Sand', 'Olive', 'Black', 'White', 'Rust', 'Sky', 'Charcoal', 'Cream', 'Burgundy'];
// each colour's swatch (issue 32: a product's colour is what the colour filter and the facets read)
const COLOUR_HEX = ['#1f2a44', '#d8c3a5', '#6b7041', '#111111', '#f5f5f2', '#a0522d', '#87ceeb', '#36454f', '#f3ead7', '#6d1a36'];
const GOVERNORATES = ['Cairo', 'Alexandria', 'Giza', 'Luxor', 'Aswan', 'Suez'];
const sqlArray = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

async function insertCategories(db) {
  const values = CATEGORIES.map(([gender, title, , titleAr]) => `('${title.replaceAll("'", "''")}', '${gender}', '${titleAr}')`).join(',');
  await db.query(`insert into categories (title, gender, title_ar) values ${values} on conflict do nothing`);
}

/** Products from..to (1-based numbers), spread over two years of creation dates, in batches of 25,000. */
async function insertProducts(db, from, to) {
  for (let start = from; start <= to; start += 25_000) {
    const end = Math.min(to, start + 24_999);
    await db.query(
      `with cats as (
         select c.id, c.title, c.title_ar, c.gender, k.garment, k.garment_ar, k.n - 1 as k
         from unnest(${sqlArray(CATEGORIES.map((c) => c[1]))}::text[], ${sqlArray(CATEGORIES.map((c) => c[0]))}::text[], ${sqlArray(CATEGORIES.map((c) => c[2]))}::text[], ${sqlArray(CATEGORIES.map((c) => c[4]))}::text[])
              with ordinality as k(title, gender, garment, garment_ar, n)
         join categories c on c.title = k.title and c.gender = k.gender
       )
       insert into products (name, name_ar, description, price_piastres, discount_percent, category_id, category, category_ar, gender, images, created_at, updated_at, color_name, color_hex)
       select
         adj || ' ' || mat || ' ' || cats.garment || ' – ' || col || ' ' || g,
         cats.garment_ar || ' ' || mat_ar || ' ' || g,
         'A ' || lower(adj) || ' ' || lower(mat) || ' ' || lower(cats.garment) || ' in ' || lower(col) || ', cut for comfort and made to last. '
           || 'Machine washable, true to size; model is 180 cm and wears size M. Shipped from Cairo to every governorate.',
         19900 + ((g * 37) % 300) * 1000,
         case when g % 5 = 0 then 10 + (g % 4) * 10 else 0 end,
         cats.id, cats.title, cats.title_ar, cats.gender,
         jsonb_build_array('/images/scale-' || (g % 60) || '-800.webp', '/images/scale-' || ((g + 1) % 60) || '-800.webp'),
         ts, ts, col, (${sqlArray(COLOUR_HEX)})[1 + (g * 31) % ${COLOURS.length}]
       from generate_series($1::int, $2::int) g
       cross join lateral (select
         (${sqlArray(ADJECTIVES)})[1 + (g * 7919) % ${ADJECTIVES.length}] as adj,
         (${sqlArray(MATERIALS)})[1 + (g / ${CATEGORIES.length}) % ${MATERIALS.length}] as mat,
         (${sqlArray(MATERIALS_AR)})[1 + (g / ${CATEGORIES.length}) % ${MATERIALS.length}] as mat_ar,
         (${sqlArray(COLOURS)})[1 + (g * 31) % ${COLOURS.length}] as col,
         now() - interval '1 second' * ((g::bigint * 104729) % 63072000) as ts) w
       join cats on cats.k = g % ${CATEGORIES.length}`,
      [start, end],
    );
    log(`  products ${end.toLocaleString('en-US')}`);
  }
  // S to XL for each new product, about one size in six sold out (issue 32's size filter counts sizes in stock)
  await db.query(`insert into product_sizes (product_id, size, position, stock)
    select p.id, s.size, s.position, abs(hashtext(p.name || s.size)) % 6
    from products p cross join (values ('S', 0), ('M', 1), ('L', 2), ('XL', 3)) s(size, position)
    where not exists (select 1 from product_sizes ps where ps.product_id = p.id)`);
}

async function insertUsers(db, from, to) {
  await db.query(
    `insert into users (username, email, password_hash, created_at)
     select 'scale-user-' || g, 'scale-user-' || g || '@bench.test', 'no login: inserted by bench/scale.mjs',
            now() - interval '1 second' * ((g::bigint * 7919) % 63072000)
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );
}

/** Orders from..to, each by one of the bench customers, with a snapshot of one or two products like a real one. */
async function insertOrders(db, from, to) {
  await db.query(`drop table if exists scale_products; create temp table scale_products as
    select row_number() over (order by id) - 1 as k, id, name, price_piastres, discount_percent, images, category, gender from products`);
  await db.query(`drop table if exists scale_users; create temp table scale_users as
    select row_number() over (order by id) - 1 as k, id from users where email like 'scale-user-%'`);
  const [{ products }] = (await db.query('select count(*)::int as products from scale_products')).rows;
  const [{ users }] = (await db.query('select count(*)::int as users from scale_users')).rows;
  for (let start = from; start <= to; start += 25_000) {
    const end = Math.min(to, start + 24_999);
    await db.query(
      `insert into orders (user_id, first_name, second_name, email, phone_number, governorate, city, address, way_for_payment,
                           total_piastres, lines, is_canceled, status, history, created_at)
       select u.id, 'Scale', 'Customer', 'scale-user@bench.test', '+20 100 000 0000',
              (${sqlArray(GOVERNORATES)})[1 + g % ${GOVERNORATES.length}], 'City', 'Street ' || g, 'cash',
              (round(p1.price_piastres * (100 - p1.discount_percent) / 100.0) * (1 + g % 3)
                + case when g % 2 = 0 then round(p2.price_piastres * (100 - p2.discount_percent) / 100.0) else 0 end + 5000)::bigint,
              case when g % 2 = 0 then jsonb_build_array(scale_line(p1.id, p1.name, p1.price_piastres, p1.discount_percent, p1.images, p1.category, p1.gender, 1 + g % 3), scale_line(p2.id, p2.name, p2.price_piastres, p2.discount_percent, p2.images, p2.category, p2.gender, 1)) else jsonb_build_array(scale_line(p1.id, p1.name, p1.price_piastres, p1.discount_percent, p1.images, p1.category, p1.gender, 1 + g % 3)) end,
              g % 20 = 0,
              case when g % 20 = 0 then 'canceled' else 'accepted' end,
              jsonb_build_array(jsonb_build_object('status', 'accepted', 'at', now())),
              now() - interval '1 second' * ((g * 15485863::bigint) % 63072000)
       from generate_series($1::int, $2::int) g
       join scale_users u on u.k = (g * 7) % $3
       join scale_products p1 on p1.k = (g * 31) % $4
       join scale_products p2 on p2.k = (g * 17 + 5) % $4`,
      [start, end, users, products],
    );
    log(`  orders ${end.toLocaleString('en-US')}`);
  }
}

async function defineLineFunction(db) {
  await db.query(`create or replace function scale_line(id uuid, name text, price int, discount int, images jsonb, category text, gender text, quantity int)
    returns jsonb language sql immutable as $$
      select jsonb_build_object(
        'product', jsonb_build_object('_id', id, 'name', name, 'price', price / 100.0, 'disCountPrecent', discount, 'images', images,
                                      'category', category, 'gender', gender),
        'size', 'M', 'quantity', quantity, 'unitPiastres', round(price * (100 - discount) / 100.0))
    $$`);
}

/** Grows the shop to `size` products, as many orders (issue 31: 100,000 of each) and size/10 customers. */
async function grow(db, have, size) {
  log(`growing to ${size.toLocaleString('en-US')} products`);
  const started = performance.now();
  if (size > have.products) await insertProducts(db, have.products + 1, size);
  const users = Math.max(1, size / 10);
  if (users > have.users) await insertUsers(db, have.users + 1, users);
  const orders = size;
  if (orders > have.orders) await insertOrders(db, have.orders + 1, orders);
  await db.query('vacuum analyze products');
  await db.query('vacuum analyze product_sizes');
  await db.query('vacuum analyze orders');
  // the tables the triggers keep beside them (order_sales, decision 042; product_facet_counts, 045; search_words, 046)
  await db.query('vacuum analyze order_sales');
  await db.query('vacuum analyze product_facet_counts');
  await db.query('vacuum analyze search_words');
  await db.query('vacuum analyze users');
  log(`  grown in ${Math.round((performance.now() - started) / 1000)} s`);
  return { products: size, users, orders };
}

// ---- the product feeds (issue 48) ----------------------------------------------------------------------------------

const FEED_TOKEN = 'bench-feed-token-0123456789abcdef';
const FEEDS = [
  { feed: 'Meta catalog, /feeds/meta.csv', path: `/feeds/meta.csv?token=${FEED_TOKEN}` },
  { feed: 'Google Merchant Center, /feeds/google.xml', path: `/feeds/google.xml?token=${FEED_TOKEN}` },
];
const FEED_SAMPLES = Number(args['feed-samples'] ?? 3);

/** One download, read as it comes and not kept: its first byte, its whole time, its bytes. */
function download(baseUrl, path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(new URL(path, baseUrl), (res) => {
        let firstByteMs;
        let bytes = 0;
        res.on('data', (chunk) => {
          firstByteMs ??= performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode, firstByteMs, ms: performance.now() - started, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Each feed whole, once to warm up and then FEED_SAMPLES times: its first byte, its time and its cost per row. */
async function feedsAt(db, baseUrl, size) {
  const [{ rows }] = (await db.query('select count(*)::int as rows from product_sizes')).rows;
  const results = [];
  for (const { feed, path } of FEEDS) {
    const firstBytes = [];
    const times = [];
    let bytes = 0;
    for (let i = 0; i <= FEED_SAMPLES; i++) {
      const answer = await download(baseUrl, path);
      if (answer.status !== 200) throw new Error(`${feed}: GET ${path} answered ${answer.status}`);
      if (i === 0) continue;
      firstBytes.push(answer.firstByteMs);
      times.push(answer.ms);
      bytes = answer.bytes;
    }
    const ms = percentile(times, 50);
    results.push({
      size, feed, rows, megabytes: round(bytes / 1e6, 1),
      firstByteMs: round(percentile(firstBytes, 50), 2), wholeMs: round(ms, 0), usPerRow: round((ms * 1000) / rows, 2),
    });
    log(`  ${size}: ${feed}: ${rows.toLocaleString('en-US')} rows, first byte ${round(percentile(firstBytes, 50), 2)} ms, whole ${Math.round(ms)} ms, ${round((ms * 1000) / rows, 2)} µs a row`);
  }
  return results;
}

/** The feeds' figures, smallest size against largest: within 1.5x is the issue's aim; said, never failed. */
function feedRatios(measured) {
  const first = SIZES[0];
  const last = SIZES.at(-1);
  return FEEDS.map(({ feed }) => {
    const at = (size) => measured.find((m) => m.feed === feed && m.size === size);
    const firstByte = round(at(last).firstByteMs / at(first).firstByteMs, 2);
    const perRow = round(at(last).usPerRow / at(first).usPerRow, 2);
    return {
      feed,
      ...Object.fromEntries(SIZES.flatMap((size) => [[`firstByte_${size}`, at(size).firstByteMs], [`perRow_${size}`, at(size).usPerRow]])),
      firstByteRatio: firstByte,
      perRowRatio: perRow,
      within: firstByte <= 1.5 && perRow <= 1.5 ? 'yes' : 'NO',
    };
  });
}

export function renderFeedsMarkdown(merged) {
  const section = merged.sections.feeds;
  const sizes = section.sizes;
  const columns = [
    { key: 'feed', title: 'feed', align: 'left' },
    ...sizes.flatMap((size) => [{ key: `firstByte_${size}`, title: `first byte ms @${size}` }, { key: `perRow_${size}`, title: `µs/row @${size}` }]),
    { key: 'firstByteRatio', title: 'first byte ratio' },
    { key: 'perRowRatio', title: 'per row ratio' },
    { key: 'within', title: 'within 1.5x' },
  ];
  const detail = [
    { key: 'size', title: 'products' }, { key: 'feed', title: 'feed', align: 'left' }, { key: 'rows', title: 'rows' }, { key: 'megabytes', title: 'MB' },
    { key: 'firstByteMs', title: 'first byte ms' }, { key: 'wholeMs', title: 'whole ms' }, { key: 'usPerRow', title: 'µs/row' },
  ];
  return [
    '# Product feeds at scale (issue 48)',
    '',
    `\`${section.command}\`, measured ${section.measuredAt} (load average ${section.loadAverageBefore} before, ${section.loadAverageAfter} after).`,
    `Each feed downloaded whole ${section.samples} times after one warm-up; the medians. One row per product size.`,
    '',
    table(columns, section.ratios).text,
    '',
    table(detail, section.measured).text,
    '',
  ].join('\n');
}

/** The calls each page makes, at this size. `target` marks the ones issue 19's "within 1.5x" is about. */
async function callsAt(db) {
  const sample = (await db.query(`select name from products tablesample system (5) limit 400`)).rows.map((r) => r.name);
  const names = sample.length >= 50 ? sample : (await db.query('select name from products order by random() limit 400')).rows.map((r) => r.name);
  const [{ total: womenDresses }] = (await db.query(`select count(*)::int as total from products where gender = 'women' and category = 'Dresses'`)).rows;
  const [{ total: orders }] = (await db.query('select count(*)::int as total from orders')).rows;
  const [{ total: women }] = (await db.query(`select count(*)::int as total from products where gender = 'women'`)).rows;
  const lastWomenPage = Math.max(1, Math.ceil(women / 24));
  const lastOrderPage = Math.max(1, Math.ceil(orders / 20));
  const deepShopPage = Math.max(1, Math.min(40, Math.ceil(womenDresses / 24)));
  // the owner's desk (issue 31): the sales page's call for the last 30 days, in Cairo dates
  const cairo = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date(ms));
  const salesRange = `from=${cairo(Date.now() - 29 * 86_400_000)}&to=${cairo(Date.now())}`;
  let n = 0;
  const pick = () => names[n++ % names.length];
  return [
    { call: 'home: new products', page: 'home', target: true, path: () => '/api/products?page=1&limit=10' },
    { call: 'shop listing (women, Dresses)', page: 'shop', target: true, path: () => '/api/products/shop?gender=women&category=Dresses&page=1&limit=24' },
    { call: 'shop listing (women, all)', page: 'shop', target: true, path: () => '/api/products/shop?gender=women&page=1&limit=24' },
    { call: 'search "linen"', page: 'search', target: true, path: () => '/api/products/shop?search=linen&page=1&limit=24' },
    { call: 'search "linen shirt"', page: 'search', target: true, path: () => '/api/products/shop?search=linen%20shirt&page=1&limit=24' },
    { call: 'search "كتان" (Arabic: linen)', page: 'search', target: true, path: () => `/api/products/shop?search=${encodeURIComponent('كتان')}&page=1&limit=24` },
    { call: 'search with no match', page: 'search', target: true, path: () => '/api/products/shop?search=zzqxv&page=1&limit=24' },
    { call: 'shop listing (women, all), last page', page: 'shop', target: true, path: () => `/api/products/shop?gender=women&page=${lastWomenPage}&limit=24`, note: `page ${lastWomenPage}` },
    { call: 'product page: product', page: 'product', target: true, path: () => `/api/products/${encodeURIComponent(pick())}` },
    { call: 'product page: related', page: 'product', target: true, path: () => `/api/products/${encodeURIComponent(pick())}/related` },
    { call: 'admin orders, newest first (page 1)', page: 'admin orders', target: true, admin: true, path: () => '/api/orders?page=1&limit=20' },
    { call: `admin orders, oldest first (last page)`, page: 'admin orders', target: true, admin: true, path: () => `/api/orders?page=${lastOrderPage}&limit=20`, note: `page ${lastOrderPage}` },
    { call: 'admin sales report, 30 days (issue 31)', page: 'admin sales', target: true, admin: true, path: () => `/api/reports/sales?${salesRange}` },
    // issue 32: the listing with two filters, its facets, and a search sorted by price
    { call: 'shop listing, size M and colour Navy (issue 32)', page: 'shop', target: true, path: () => '/api/products/shop?gender=women&size=M&color=Navy&page=1&limit=24' },
    { call: 'facets, size M and colour Navy (issue 32)', page: 'shop', target: true, path: () => '/api/products/facets?gender=women&size=M&color=Navy' },
    { call: 'search "linen", price up (issue 32)', page: 'search', target: true, path: () => '/api/products/shop?search=linen&sort=price-asc&page=1&limit=24' },
    // the spreadsheets (issue 31): whole files, so fewer samples (a 100,000-product file is tens of MB)
    { call: 'admin orders export, 30 days (issue 31)', page: 'admin sales', target: true, admin: true, samples: 30, warmup: 3, firstByte: true, path: () => `/api/orders/export.csv?${salesRange}` },
    { call: 'admin products export (issue 31)', page: 'admin products', target: true, admin: true, samples: 10, warmup: 2, firstByte: true, path: () => '/api/products/export.csv' },
    { call: `shop listing, deep page`, page: 'shop', target: false, path: () => `/api/products/shop?gender=women&category=Dresses&page=${deepShopPage}&limit=24`, note: `page ${deepShopPage}` },
  ];
}

/** Deep pages are read from the nearer end of the index: check they hold exactly the rows a plain OFFSET gives. */
async function verifyPages(db, baseUrl, token) {
  const checks = [];
  const [{ orders }] = (await db.query('select count(*)::int as orders from orders')).rows;
  const dresses = `category_id in (select id from categories where gender = 'women' and title = 'Dresses')`;
  const [{ products }] = (await db.query(`select count(*)::int as products from products where ${dresses}`)).rows;
  const cases = [
    { what: 'orders, last page', path: (p) => `/api/orders?page=${p}&limit=20`, page: Math.ceil(orders / 20), limit: 20, sql: 'select id from orders order by created_at desc, id desc limit $1 offset $2', admin: true },
    { what: 'orders, page 52', path: (p) => `/api/orders?page=${p}&limit=20`, page: 52, limit: 20, sql: 'select id from orders order by created_at desc, id desc limit $1 offset $2', admin: true },
    { what: 'shop listing, last page', path: (p) => `/api/products/shop?gender=women&category=Dresses&page=${p}&limit=24`, page: Math.ceil(products / 24), limit: 24, sql: `select id from products where ${dresses} order by created_at desc, id desc limit $1 offset $2` },
  ];
  for (const c of cases) {
    const answer = await expectStatus(request(baseUrl, 'GET', `${c.path(c.page)}&_=verify`, { token: c.admin ? token : undefined, headers: { 'cache-control': 'no-cache' } }), 200, c.what);
    const expected = (await db.query(c.sql, [c.limit, (c.page - 1) * c.limit])).rows.map((r) => r.id);
    const got = answer.body.map((row) => row._id);
    const same = expected.length === got.length && expected.every((id, i) => id === got[i]);
    checks.push({ what: `${c.what} (page ${c.page})`, rows: got.length, same });
    if (!same) log(`  MISMATCH on ${c.what} page ${c.page}: ${got.length} rows from the API, ${expected.length} from SQL`);
  }
  return checks;
}

async function latencies(baseUrl, call, token) {
  const times = [];
  const firstBytes = [];
  let bust = 0;
  let total = null;
  const [warmup, samples] = [call.warmup ?? WARMUP, call.samples ?? SAMPLES];
  for (let i = 0; i < warmup + samples; i++) {
    const path = call.path();
    const url = `${path}${path.includes('?') ? '&' : '?'}_=${Date.now().toString(36)}${++bust}`;
    const answer = await request(baseUrl, 'GET', url, { token: call.admin ? token : undefined, headers: { 'cache-control': 'no-cache' } });
    if (answer.status !== 200) throw new Error(`${call.call}: GET ${url} answered ${answer.status} ${answer.raw.toString('utf8').slice(0, 200)}`);
    total = answer.headers['x-total-count'] ?? total;
    if (i >= warmup) {
      times.push(answer.ms);
      firstBytes.push(answer.firstByteMs);
    }
  }
  const firstByte = { p50: round(percentile(firstBytes, 50), 2), p95: round(percentile(firstBytes, 95), 2) };
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2), p99: round(percentile(times, 99), 2), total: total === null ? null : Number(total), firstByte };
}

/** The SQL behind the calls, as the two repositories build it (parameters inlined), for EXPLAIN ANALYZE. */
// the last 30 days in Cairo, as the sales report's range becomes instants
const salesRange30 = `created_at >= (current_date - 29)::timestamp at time zone 'Africa/Cairo' and created_at < (current_date + 1)::timestamp at time zone 'Africa/Cairo'
  and status in ('accepted', 'shipped', 'delivered', 'canceled')`;

async function explainQueries(db, have) {
  const cols = `id, name, description, name_ar, description_ar, price_piastres, discount_percent, category_id, category, category_ar, gender, images, created_at, updated_at,
    (select coalesce(json_agg(json_build_object('size', ps.size, 'stock', ps.stock) order by ps.position), '[]'::json) from product_sizes ps where ps.product_id = products.id) as sizes`;
  const newest = 'order by created_at desc nulls last, id desc nulls last';
  const ids = (await db.query(`select id from categories where lower(title) = lower('Dresses') and gender = 'women'`)).rows.map((r) => `'${r.id}'`).join(', ');
  const dresses = `category_id in (${ids})`;
  // as modules/catalog/products.ts searchQuery builds it for words that are their own stems: each a prefix; ranked, then
  // newest first. The total of a search with no other filter: searchTotalQuery, from search_words (decision 046).
  const words = (...list) => list.map((w) => `to_tsquery('simple', '${w}:*')`).join(' && ');
  const wordsTotal = (...list) => list.length === 1
    ? `select count(distinct product_id)::int from search_words where word like '${list[0]}%'`
    : `select count(*)::int from (${list.map((w) => `(select product_id from search_words where word like '${w}%')`).join(' intersect ')}) m`;
  const search = (q) => ({ where: `search_vector @@ (${q})`, order: `order by ts_rank(search_vector, (${q})) desc, created_at desc nulls last, id desc nulls last` });
  const linen = search(words('linen'));
  const linenShirt = search(words('linen', 'shirt'));
  const arabic = search(words('كتان'));
  const none = search(words('zzqxv'));
  const [{ total: women }] = (await db.query(`select count(*)::int as total from products where gender = 'women'`)).rows;
  const lastWomen = women % 24 || 24;
  const [product] = (await db.query('select id, name, category_id, gender from products order by id limit 1')).rows;
  const lastPageRows = have.orders % 20 || 20;
  return [
    { name: 'home: page (newest 10)', sql: `select ${cols} from products ${newest} limit 10` },
    { name: 'home: count of all products (product_counts)', sql: 'select coalesce(sum(products), 0)::int from product_counts' },
    { name: 'shop listing (women, Dresses): page', sql: `select ${cols} from products where ${dresses} ${newest} limit 24 offset 0` },
    { name: 'shop listing (women, Dresses): count (product_counts)', sql: `select coalesce(sum(products), 0)::int from product_counts where ${dresses}` },
    { name: 'shop listing (women, all): page', sql: `select ${cols} from products where gender = 'women' ${newest} limit 24 offset 0` },
    { name: 'shop listing (women, all): count (product_counts)', sql: `select coalesce(sum(products), 0)::int from product_counts where gender = 'women'` },
    { name: 'shop listing (women, all): last page (read from the old end)', sql: `select ${cols} from products where gender = 'women' order by created_at asc nulls first, id asc nulls first limit ${lastWomen} offset 0` },
    ...[['linen', linen], ['linen shirt', linenShirt], ['كتان', arabic], ['zzqxv', none]].flatMap(([word, q]) => [
      { name: `search "${word}": page`, sql: `select ${cols} from products where ${q.where} ${q.order} limit 24 offset 0` },
      { name: `search "${word}": count (search_words)`, sql: wordsTotal(...word.split(' ')) },
    ]),
    { name: 'search "linen", price up: page', sql: `select ${cols} from products where ${linen.where} order by paid_piastres asc, created_at desc nulls last, id desc nulls last limit 24 offset 0` },
    { name: 'product by name', sql: `select ${cols} from products where lower(name) = lower('${product.name.replaceAll("'", "''")}')` },
    { name: 'related products', sql: `select ${cols} from products where category_id = '${product.category_id}' and gender = '${product.gender}' and id <> '${product.id}' ${newest} limit 3` },
    { name: 'admin orders: page 1', sql: `select o.*, u.username from orders o join users u on u.id = o.user_id order by o.created_at desc nulls last, o.id desc nulls last limit 20 offset 0` },
    { name: 'admin orders: count', sql: 'select count(*) from orders' },
    { name: 'admin orders: last page (oldest first, read from the old end)', sql: `select o.*, u.username from orders o join users u on u.id = o.user_id order by o.created_at asc nulls first, o.id asc nulls first limit ${lastPageRows} offset 0` },
    // the sales report of the last 30 days (modules/reports/sales.ts, decision 042): the orders by day, governorate and way
    // from orders_created_at_figures_idx; their lines' top products and sizes from order_sales_created_at_idx
    { name: 'sales report, 30 days: orders', sql: `select coalesce(day, governorate, way), count(*) filter (where status <> 'canceled'), sum(total_piastres) filter (where status <> 'canceled')
        from (select to_char(created_at at time zone 'Africa/Cairo', 'YYYY-MM-DD') as day, governorate, way_for_payment as way, status, total_piastres from orders
              where ${salesRange30}) placed group by grouping sets ((day), (governorate), (way))` },
    { name: 'sales report, 30 days: lines (top 10 products and sizes)', sql: ['product', 'size'].map((key) => `(select ${key}, sum(quantity), sum(quantity * unit_piastres)
        from order_sales where ${salesRange30.replace(/\n.*$/, '')} and status <> 'canceled' group by ${key} order by 2 desc, 3 desc, 1 limit 10)`).join(' union all ') },
  ];
}

async function explainAll(db, have) {
  const plans = [];
  for (const query of await explainQueries(db, have)) {
    const rows = (await db.query(`explain (analyze, buffers) ${query.sql}`)).rows.map((r) => r['QUERY PLAN']);
    const execution = Number(rows.find((line) => line.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1]);
    plans.push({ name: query.name, executionMs: execution, plan: rows });
  }
  return plans;
}

const columns = (sizes) => [
  { key: 'call', title: 'call', align: 'left' },
  ...sizes.map((size) => ({ key: `p95_${size}`, title: `p95 ms @${size >= 1000 ? `${size / 1000}k` : size}` })),
  { key: 'ratio', title: `p95 ${SIZES.at(-1) / 1000}k/${SIZES[0] / 1000}k` },
  { key: `p50_${sizes[0]}`, title: `p50 ms @${sizes[0] / 1000}k` },
  { key: `p50_${sizes.at(-1)}`, title: `p50 ms @${sizes.at(-1) / 1000}k` },
  { key: 'ratio50', title: `p50 ${SIZES.at(-1) / 1000}k/${SIZES[0] / 1000}k` },
  { key: 'within', title: 'within 1.5x (issue 19)', align: 'left' },
  { key: 'totals', title: 'X-Total-Count', align: 'left' },
];

export function renderScaleMarkdown(merged) {
  const s = merged.sections.scale;
  if (!s) return '# Scale results\n\n(none yet: npm run bench:scale)\n';
  const sizes = s.sizes;
  const explainRows = s.explain.map((e) => ({ query: e.name, ...Object.fromEntries(sizes.map((size) => [`ms_${size}`, e.executionMs[size]])) }));
  const explainColumns = [{ key: 'query', title: 'query (EXPLAIN ANALYZE)', align: 'left' }, ...sizes.map((size) => ({ key: `ms_${size}`, title: `execution ms @${size / 1000}k` }))];
  const last = sizes.at(-1);
  return [
    '# Scale results (`npm run bench:scale`)',
    '',
    `Written by bench/scale.mjs; updated ${merged.updatedAt}. Machine: ${merged.machine.cpus} × ${merged.machine.cpuModel}, Node ${merged.machine.node}, PostgreSQL ${merged.machine.postgres ?? '?'}.`,
    `\`${s.command}\` · ${s.measuredAt} · load before: ${s.loadAverageBefore} · ${s.samples} sequential requests per call and size (after ${WARMUP} warm-up), none from the catalog cache.`,
    '',
    `Sizes: ${s.grown.map((g) => `${g.products.toLocaleString('en-US')} products / ${g.orders.toLocaleString('en-US')} orders / ${g.users.toLocaleString('en-US')} customers (grown in ${g.seconds} s)`).join('; ')}.`,
    '',
    '## p95 latency of each call (ms, client side, loopback)',
    '',
    table(columns(sizes), s.ratios).markdown,
    '',
    `Deep pages checked against a plain OFFSET query: ${(s.verified ?? []).map((v) => `${v.what} @${v.size / 1000}k ${v.same ? 'same rows' : 'MISMATCH'}`).join('; ') || 'not checked'}.`,
    '',
    '## Time of the queries behind them (EXPLAIN ANALYZE, server side)',
    '',
    table(explainColumns, explainRows).markdown,
    '',
    `## Plans at ${last.toLocaleString('en-US')} products`,
    '',
    ...s.explain.flatMap((e) => [`### ${e.name}`, '', '```', ...e.plans[last], '```', '']),
    '## Targets',
    '',
    renderTargets(targets(benchResults())).markdown,
    '',
  ].join('\n');
}

function benchResults() {
  const file = path.join(resultsDir, 'bench.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function main() {
  const began = Date.now();
  if (args.build) {
    log('building the api');
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: at('.'), stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) log('the api build failed: measuring the build already in apps/api/dist');
  }
  const loadBefore = os.loadavg().map((v) => round(v, 1)).join(' / ');
  const database = await createDatabase('bench_scale');
  const dataDir = tempDataDir('scale');
  log(`PostgreSQL database ${database.name}`);
  let server = null;
  const db = await connect(database.url);
  try {
    server = await startServer({
      label: 'scale',
      dataDir,
      env: { DATABASE_URL: database.url, SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_USERNAME: 'scale-admin', LOGIN_RATE_LIMIT: '100000' },
    });
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    await expectStatus(request(server.url, 'PUT', '/api/settings', { token, body: { feeds: { token: FEED_TOKEN } } }), 200, 'the feeds token');
    const feedsOnly = Boolean(args['feeds-only']);
    const feedsMeasured = [];
    await insertCategories(db);
    await defineLineFunction(db);
    let have = { products: 0, users: 0, orders: 0 };
    const measured = [];
    const explain = new Map();
    const grown = [];
    const verified = [];
    for (const size of SIZES) {
      const started = performance.now();
      have = await grow(db, have, size);
      grown.push({ ...have, seconds: Math.round((performance.now() - started) / 1000) });
      feedsMeasured.push(...(await feedsAt(db, server.url, size)));
      if (feedsOnly) continue;
      const calls = await callsAt(db);
      for (const call of calls) {
        const { firstByte, ...result } = await latencies(server.url, call, token);
        measured.push({ size, call: call.call, target: call.target, note: call.note, ...result });
        // a spreadsheet is sent a page of rows at a time: how long until its download starts, beside how long it takes
        if (call.firstByte) measured.push({ size, call: `${call.call}: first byte`, target: false, ...firstByte, total: null });
        log(`  ${size}: ${call.call}${call.note ? ` (${call.note})` : ''}: p50 ${result.p50} ms, p95 ${result.p95} ms`);
      }
      verified.push(...(await verifyPages(db, server.url, token)).map((check) => ({ size, ...check })));
      for (const plan of await explainAll(db, have)) {
        const entry = explain.get(plan.name) ?? { name: plan.name, executionMs: {}, plans: {} };
        entry.executionMs[size] = plan.executionMs;
        entry.plans[size] = plan.plan;
        explain.set(plan.name, entry);
      }
    }
    const feedsSection = {
      command: `npm run bench:scale${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      measuredAt: new Date(began).toISOString(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((v) => round(v, 1)).join(' / '),
      sizes: SIZES,
      samples: FEED_SAMPLES,
      measured: feedsMeasured,
      ratios: feedRatios(feedsMeasured),
    };
    saveResults('feeds', { feeds: feedsSection }, renderFeedsMarkdown);
    console.log(`\nproduct feeds by catalog size (first byte and cost per row, medians)\n${table([{ key: 'feed', title: 'feed', align: 'left' }, { key: 'firstByteRatio', title: 'first byte ratio' }, { key: 'perRowRatio', title: 'per row ratio' }, { key: 'within', title: 'within 1.5x' }], feedsSection.ratios).text}`);
    if (feedsOnly) {
      log(`done in ${Math.round((Date.now() - began) / 1000)} s; results in bench/results/feeds.json and bench/results/feeds.md`);
      return;
    }
    const first = SIZES[0];
    const last = SIZES.at(-1);
    const ratios = [...new Set(measured.map((m) => m.call))].map((call) => {
      const at = (size) => measured.find((m) => m.call === call && m.size === size);
      const ratio = round(at(last).p95 / at(first).p95, 2);
      return {
        call,
        target: at(first).target,
        ...Object.fromEntries(SIZES.map((size) => [`p95_${size}`, at(size).p95])),
        ...Object.fromEntries(SIZES.map((size) => [`p50_${size}`, at(size).p50])),
        ratio,
        ratio50: round(at(last).p50 / at(first).p50, 2),
        within: at(first).target ? (ratio <= 1.5 ? 'yes' : 'NO') : `(${ratio <= 1.5 ? 'yes' : 'no'}, not a storefront call)`,
        totals: SIZES.map((size) => at(size).total ?? '–').map((t) => (typeof t === 'number' ? t.toLocaleString('en-US') : t)).join(' / '),
      };
    });
    const section = {
      command: `npm run bench:scale${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      measuredAt: new Date(began).toISOString(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((v) => round(v, 1)).join(' / '),
      sizes: SIZES,
      samples: SAMPLES,
      grown,
      measured,
      ratios,
      explain: [...explain.values()],
      verified,
    };
    saveResults('scale', { scale: section }, renderScaleMarkdown);
    // bench.md's targets table reads scale.json too: refresh it
    const bench = benchResults();
    if (bench) {
      const { renderBenchMarkdown } = await import('./render.mjs');
      saveResults('bench', {}, renderBenchMarkdown);
    }
    console.log(`\np95 latency (ms) by catalog size, ${SAMPLES} requests each, none cached\n${table(columns(SIZES), ratios).text}`);
    console.log(`\nEXPLAIN ANALYZE execution time (ms)\n${table([{ key: 'name', title: 'query', align: 'left' }, ...SIZES.map((size) => ({ key: String(size), title: `@${size}` }))], section.explain.map((e) => ({ name: e.name, ...Object.fromEntries(SIZES.map((size) => [String(size), e.executionMs[size]])) }))).text}`);
    log(`done in ${Math.round((Date.now() - began) / 1000)} s; results in bench/results/scale.json and bench/results/scale.md`);
  } finally {
    await db.end();
    if (server) await server.stop();
    removeDir(dataDir);
    if (args.keep) log(`kept the database ${database.url} (--keep): drop it when done`);
    else await dropDatabase(database.name);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
