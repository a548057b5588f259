// API throughput: the catalog reads the storefront makes, each paired in the same run with a bare node:http
// server answering the same bytes; the checkout path (orders placed per second); 1 and 2 worker processes.
import { log, percentile, round, sleep } from './lib/common.mjs';
import { expectStatus, inParallel, mintCustomers, request } from './lib/http.mjs';
import { CONNECTIONS, DURATION, interleaved, pairedRun } from './lib/load.mjs';
import { cpuMeter, cpuPer } from './lib/cpu.mjs';

/** The three catalog reads, with a real category and a real product name from the running shop. */
export async function catalogCalls(baseUrl) {
  const categories = (await expectStatus(request(baseUrl, 'GET', '/api/categories'), 200, 'categories')).body;
  const shop = (await expectStatus(request(baseUrl, 'GET', '/api/products/shop?gender=women&limit=100'), 200, 'women products')).body;
  // the women's category with the most products, so the listing answer is a full one
  const counts = new Map();
  for (const product of shop) counts.set(product.category, (counts.get(product.category) ?? 0) + 1);
  const category = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? categories.find((c) => c.gender === 'women')?.title;
  const [newest] = (await expectStatus(request(baseUrl, 'GET', '/api/products?limit=1'), 200, 'products')).body;
  // a word of a real product's name: the ranked full-text search of the shop page's search box
  const word = newest.name.split(/\s+/)[0].toLowerCase();
  return [
    { name: 'new products', path: '/api/products?limit=10' },
    // as the storefront's shop page asks for it (page and limit 24 included)
    { name: 'shop listing', path: `/api/products/shop?gender=women&category=${encodeURIComponent(category)}&page=1&limit=24` },
    { name: 'product', path: `/api/products/${encodeURIComponent(newest.name)}` },
    { name: 'search', path: `/api/products/shop?search=${encodeURIComponent(word)}&page=1&limit=24` },
  ];
}

export async function catalogPairs(baseUrl, label, serverPid) {
  const calls = await catalogCalls(baseUrl);
  const rows = [];
  for (const call of calls) {
    const result = await pairedRun(baseUrl, call, { serverPid });
    rows.push({ database: label, ...result });
  }
  return rows;
}

/** Flattens pairedRun results into table rows. */
export function pairRows(results) {
  return results.map((r) => ({
    database: r.database,
    call: r.call,
    bytes: r.bytes,
    shopRps: r.cached.rps,
    shopP99: r.cached.p99,
    uncachedRps: r.uncached?.rps,
    uncachedP99: r.uncached?.p99,
    bareRps: r.bare.rps,
    bareP99: r.bare.p99,
    ratio: r.ratio,
    uncachedRatio: r.uncachedRatio,
    errors: r.cached.errors + r.cached.non2xx + (r.uncached ? r.uncached.errors + r.uncached.non2xx : 0),
    cachedCpu: cpuText(cpuPer(r.cached.cpu, r.cached.requests, 1e6)),
    uncachedCpu: cpuText(cpuPer(r.uncached?.cpu, r.uncached?.requests, 1e6)),
  }));
}

const cpuText = (per) => (per ? `${Math.round(per.server)} + ${Math.round(per.postgres)} + ${Math.round(per.bench)}` : '');

export const pairColumns = [
  { key: 'database', title: 'database', align: 'left' },
  { key: 'call', title: 'call', align: 'left' },
  { key: 'bytes', title: 'bytes' },
  { key: 'shopRps', title: 'shop req/s' },
  { key: 'shopP99', title: 'shop p99 ms' },
  { key: 'bareRps', title: 'bare req/s' },
  { key: 'bareP99', title: 'bare p99 ms' },
  { key: 'ratio', title: 'shop/bare' },
  { key: 'uncachedRps', title: 'uncached req/s' },
  { key: 'uncachedP99', title: 'uncached p99 ms' },
  { key: 'uncachedRatio', title: 'uncached/bare' },
  { key: 'errors', title: 'errors' },
  // lib/cpu.mjs: the CPU one request cost the server, PostgreSQL's backends and the load generator
  { key: 'cachedCpu', title: 'CPU µs/request cached (server + PostgreSQL + bench)', align: 'left' },
  { key: 'uncachedCpu', title: 'CPU µs/request uncached (server + PostgreSQL + bench)', align: 'left' },
];

const ORDER_FORM = {
  firstName: 'Bench',
  secondName: 'Customer',
  email: 'bench@bench.test',
  phoneNumber: '+20 100 123 4567',
  Governorate: 'Cairo',
  city: 'Nasr City',
  address: '12 Abbas El Akkad Street',
  wayForPayment: 'cash',
};

const discounted = (product) => Math.round((Math.round(product.price * 100) * (100 - product.disCountPrecent)) / 100);

/**
 * Orders placed per second: many customers at once, each in a loop of add-to-cart (two products) then a cash order,
 * as the storefront does it (with an Idempotency-Key). Each customer's steps are sequential, like a real one's.
 */
/** The bench's own admin (run.mjs starts the server with it), who stocks every tracked size before checkout runs. */
export const BENCH_ADMIN = { ADMIN_EMAIL: 'bench-admin@shop.test', ADMIN_PASSWORD: 'Bench-admin-pass-1', ADMIN_USERNAME: 'bench-admin' };

/**
 * Every tracked size gets plenty of stock, so the run measures checkout with the stock taken (one conditional UPDATE per
 * tracked line in the order's transaction) and never runs out; untracked sizes stay untracked.
 */
async function restock(baseUrl, products, admin) {
  const login = await expectStatus(
    request(baseUrl, 'POST', '/api/auth/login', { body: admin }),
    200,
    'admin login',
  );
  for (const product of products) {
    const { name, description, price, disCountPrecent, gender, category } = product;
    const sizes = product.sizes.map(({ size, stock }) => ({ size, stock: stock === null ? null : 1_000_000 }));
    await expectStatus(
      request(baseUrl, 'PUT', `/api/products/update/${product._id}`, { token: login.body.token, body: { name, description, price, disCountPrecent, gender, category, sizes } }),
      200,
      'restock',
    );
  }
}

/** The priced checkout: delivery to Aswan at EGP 85 with a EGP 15 cash fee, and a 10% code with no limits. */
const PRICED = { governorate: 'Aswan', fee: 8500, codFee: 1500, percent: 10 };

async function pricedShop(baseUrl, admin) {
  const login = await expectStatus(request(baseUrl, 'POST', '/api/auth/login', { body: admin }), 200, 'admin login');
  const table = [{ governorate: PRICED.governorate, fee: PRICED.fee / 100, codFee: PRICED.codFee / 100, minDays: 3, maxDays: 6, freeOver: null, enabled: true }];
  await expectStatus(request(baseUrl, 'PUT', '/api/shipping', { token: login.body.token, body: table }), 200, 'delivery table');
  const code = `BENCH-${Date.now().toString(36)}`.toUpperCase();
  const coupon = { code, kind: 'percent', value: PRICED.percent, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true };
  await expectStatus(request(baseUrl, 'POST', '/api/coupons', { token: login.body.token, body: coupon }), 201, 'discount code');
  return code;
}

/** The customers registered for each database (its servers share them), and how long registering them took. */
const minted = new Map();

/**
 * `admin`: who restocks (BENCH_ADMIN's account by default; the embedded default's demo admin); `population`: the
 * database the customers are registered in, so another database gets its own.
 */
export async function checkoutRun(baseUrl, { customers = CONNECTIONS, duration = DURATION, serverPid, population = 'postgres', admin = { email: BENCH_ADMIN.ADMIN_EMAIL, password: BENCH_ADMIN.ADMIN_PASSWORD }, priced = false } = {}) {
  await restock(baseUrl, (await expectStatus(request(baseUrl, 'GET', '/api/products?limit=100'), 200, 'products')).body, admin);
  // `priced`: every order to a governorate with its own fee and a cash fee, with a 10% code (issue 29)
  const code = priced ? await pricedShop(baseUrl, admin) : null;
  const products = (await expectStatus(request(baseUrl, 'GET', '/api/products?limit=100'), 200, 'products')).body;
  // a cart line is one product in one size: the first size of each (the demo's clothes XS, shoes 38)
  const sizeOf = (product) => product.sizes[0].size;
  // Customers are registered once per run and reused by later checkout runs (servers on the same data directory share
  // the token secret): registering is argon2id at 2.5 a second, and only the bench's setup.
  const mintStarted = performance.now();
  if (minted.get(population)?.people.length !== customers) {
    log(`checkout: registering ${customers} customers`);
    const people = await mintCustomers(baseUrl, customers, `checkout-${Date.now().toString(36)}`);
    minted.set(population, { people, seconds: (performance.now() - mintStarted) / 1000 });
  }
  const { people, seconds: mintSeconds } = minted.get(population);

  // shipping, learnt once from the server's own cart amount
  const probe = people[0];
  await expectStatus(request(baseUrl, 'POST', '/api/cart/add-cart', { token: probe.token, body: { product: products[0]._id, quantaty: 1, size: sizeOf(products[0]) } }), 201, 'add-cart');
  const amount = (await expectStatus(request(baseUrl, 'POST', '/api/orders/payment', { token: probe.token, body: {} }), 200, 'payment amount')).body.amount;
  const shipping = amount - discounted(products[0]);
  await expectStatus(request(baseUrl, 'DELETE', '/api/cart/delete-all-cart', { token: probe.token }), 200, 'clear cart');

  const orderMs = [];
  const checkoutMs = [];
  const failures = new Map();
  let placed = 0;
  let deadline = 0;
  const fail = (what, response) => failures.set(`${what} ${response.status}`, (failures.get(`${what} ${response.status}`) ?? 0) + 1);
  const shopper = async (person, index) => {
    let round = 0;
    while (performance.now() < deadline) {
      const started = performance.now();
      const picks = [products[(index + round) % products.length], products[(index * 7 + round * 3 + 1) % products.length]];
      const unique = [...new Map(picks.map((p) => [p._id, p])).values()];
      round++;
      let ok = true;
      for (const product of unique) {
        const added = await request(baseUrl, 'POST', '/api/cart/add-cart', { token: person.token, body: { product: product._id, quantaty: 1, size: sizeOf(product) } });
        if (added.status !== 201) {
          fail('add-cart', added);
          ok = false;
        }
      }
      if (!ok) {
        await request(baseUrl, 'DELETE', '/api/cart/delete-all-cart', { token: person.token });
        continue;
      }
      const subtotal = unique.reduce((sum, product) => sum + discounted(product), 0);
      const totalPiastres = code ? subtotal - Math.round(subtotal * PRICED.percent / 100) + PRICED.fee + PRICED.codFee : subtotal + shipping;
      const body = {
        ...ORDER_FORM,
        ...(code ? { Governorate: PRICED.governorate, couponCode: code } : {}),
        productId: unique.map((p) => p._id),
        quantaties: unique.map(() => 1),
        totalPrice: totalPiastres / 100,
      };
      const order = await request(baseUrl, 'POST', '/api/orders/new-order', {
        token: person.token,
        body,
        headers: { 'idempotency-key': `bench-${person.id}-${round}-${Math.random().toString(36).slice(2)}` },
      });
      if (order.status === 201) {
        if (performance.now() <= deadline) {
          placed++;
          orderMs.push(order.ms);
          checkoutMs.push(performance.now() - started);
        }
      } else {
        fail('new-order', order);
        await request(baseUrl, 'DELETE', '/api/cart/delete-all-cart', { token: person.token });
      }
    }
  };
  // a short warm-up, then the measured run
  deadline = performance.now() + 2000;
  await inParallel(people, people.length, shopper);
  placed = 0;
  orderMs.length = 0;
  checkoutMs.length = 0;
  failures.clear();
  await sleep(200);
  const started = performance.now();
  deadline = started + duration * 1000;
  // the CPU until the deadline, when the orders stop being counted
  const meter = serverPid ? cpuMeter(serverPid) : null;
  let cpu = null;
  const reading = meter && setTimeout(() => (cpu = meter()), duration * 1000);
  await inParallel(people, people.length, shopper);
  clearTimeout(reading);
  cpu ??= meter?.();
  const seconds = Math.max(duration, (performance.now() - started) / 1000);
  return {
    customers,
    seconds: round(seconds, 1),
    ordersPlaced: placed,
    ordersPerSecond: round(placed / duration, 1),
    newOrderP50: round(percentile(orderMs, 50), 1),
    newOrderP99: round(percentile(orderMs, 99), 1),
    checkoutP50: round(percentile(checkoutMs, 50), 1),
    checkoutP99: round(percentile(checkoutMs, 99), 1),
    failures: Object.fromEntries(failures),
    registerLoginPerSecond: round(customers / mintSeconds, 1),
    ...(cpu ? { cpuMsPerOrder: cpuPer(cpu, placed, 1e3), cpuCores: cpuPer(cpu, duration, 1) } : {}),
  };
}

export const poolColumns = [
  { key: 'poolMax', title: 'DB_POOL_MAX' },
  { key: 'ordersPerSecond', title: 'orders/s' },
  { key: 'newOrderP50', title: 'new-order p50 ms' },
  { key: 'newOrderP99', title: 'new-order p99 ms' },
  { key: 'checkoutP99', title: 'add×2+order p99 ms' },
  { key: 'failureText', title: 'failures', align: 'left' },
];

export const checkoutColumns = [
  { key: 'database', title: 'database', align: 'left' },
  { key: 'customers', title: 'customers at once' },
  { key: 'ordersPlaced', title: 'orders' },
  { key: 'ordersPerSecond', title: 'orders/s' },
  { key: 'newOrderP50', title: 'new-order p50 ms' },
  { key: 'newOrderP99', title: 'new-order p99 ms' },
  { key: 'checkoutP50', title: 'add×2+order p50 ms' },
  { key: 'checkoutP99', title: 'add×2+order p99 ms' },
  { key: 'registerLoginPerSecond', title: 'register+login /s' },
  { key: 'failureText', title: 'failures', align: 'left' },
  { key: 'cpuText', title: 'CPU ms/order (server + PostgreSQL + bench)', align: 'left' },
];

/**
 * Catalog reads with 1 and 2 worker processes: both servers run at once on the same database and take turns under
 * load in interleaved rounds, cached and uncached, so both see the same machine.
 */
export async function workersCompare(oneUrl, twoUrl) {
  const calls = await catalogCalls(oneUrl);
  const rows = [];
  for (const call of calls) {
    log(`workers 1 vs 2: ${call.name}`);
    const [one, two, oneUncached, twoUncached] = await interleaved([
      { url: oneUrl, path: call.path },
      { url: twoUrl, path: call.path },
      { url: oneUrl, path: call.path, options: { bust: true } },
      { url: twoUrl, path: call.path, options: { bust: true } },
    ]);
    const errors = [one, two, oneUncached, twoUncached].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    rows.push({
      call: call.name,
      rps1: one.rps,
      rps2: two.rps,
      gain: round(two.rps / one.rps, 2),
      p99_1: one.p99,
      p99_2: two.p99,
      uncached1: oneUncached.rps,
      uncached2: twoUncached.rps,
      uncachedGain: round(twoUncached.rps / oneUncached.rps, 2),
      errors,
      rounds: { one: one.rounds, two: two.rounds, oneUncached: oneUncached.rounds, twoUncached: twoUncached.rounds },
    });
  }
  return rows;
}

export const workersColumns = [
  { key: 'call', title: 'call', align: 'left' },
  { key: 'rps1', title: 'req/s 1 worker' },
  { key: 'rps2', title: 'req/s 2 workers' },
  { key: 'gain', title: '2/1' },
  { key: 'p99_1', title: 'p99 ms 1w' },
  { key: 'p99_2', title: 'p99 ms 2w' },
  { key: 'uncached1', title: 'uncached req/s 1w' },
  { key: 'uncached2', title: 'uncached req/s 2w' },
  { key: 'uncachedGain', title: 'uncached 2/1' },
  { key: 'errors', title: 'errors' },
];
