// `npm run faults`: the long fault runs of docs/reliability.md, against the built server (npm run build first).
//  1. SIGKILL under a load of order placements, then restart: every acknowledged order is there, none half written.
//  2. PostgreSQL stopped and started under load: 503 with a message meanwhile, recovery without a restart.
//  3. SIGTERM under load: requests in flight finish, /api/ready turns 503, the process exits 0.
// Each run uses a PostgreSQL server of its own (initdb in a temp dir, on a spare port), so stopping it harms nothing.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/api/dist/server.js');
const pgBin = `/usr/lib/postgresql/${execFileSync('ls', ['/usr/lib/postgresql']).toString().trim().split('\n')[0]}/bin`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const results = {};

async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function asPostgres(command, args) {
  return execFileSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, command), ...args], { stdio: 'pipe' }).toString();
}

const clusters = [];
process.on('exit', () => {
  for (const cluster of clusters) {
    try {
      cluster.stop('immediate');
    } catch {
      // already stopped
    }
  }
});

async function ownPostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const control = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => asPostgres('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', '-l', path.join(dir, 'log'), 'start']),
    stop: (mode = 'fast') => asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
  };
  control.start();
  clusters.push(control);
  return control;
}

async function startShop(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100000', REGISTER_RATE_LIMIT: '100000', ...env },
  });
  child.stderr.on('data', () => {});
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) return { child, url, exited };
    await sleep(100);
  }
  throw new Error('the shop did not start');
}

async function call(url, method, pathname, { token, body, headers = {} } = {}) {
  const response = await fetch(url + pathname, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function customerWithCart(url, product, index) {
  const email = `faults-${Date.now()}-${index}@example.com`;
  const password = 'fault-test-password';
  await call(url, 'POST', '/api/auth/register', { body: { username: `faults-${Date.now().toString(36)}-${index}`, email, password } });
  const login = await call(url, 'POST', '/api/auth/login', { body: { email, password } });
  const added = await call(url, 'POST', '/api/cart/add-cart', { token: login.body.token, body: { product: product._id, quantaty: 1 } });
  if (added.status !== 201) throw new Error(`setup: add-cart answered ${added.status}`);
  return { token: login.body.token, id: login.body._id };
}

const ADMIN = { email: 'faults-admin@example.com', password: 'faults-admin-password' };

/** A category and a product made through the API, so a run needs no demo catalog. */
async function productFor(url) {
  const { body: admin } = await call(url, 'POST', '/api/auth/login', { body: ADMIN });
  const title = `Faults ${Date.now()}`;
  await call(url, 'POST', '/api/categories/add-category', { token: admin.token, body: { title, gender: 'women' } });
  const { body: product } = await call(url, 'POST', '/api/products/add-product', {
    token: admin.token,
    body: { name: `Fault-proof dress ${Date.now()}`, description: 'Survives crashes.', price: 449.9, disCountPrecent: 15, gender: 'women', category: title, imageUrls: ['https://cdn.example.com/dress.webp'] },
  });
  return product;
}

const billing = { firstName: 'Load', secondName: 'Test', email: 'load@example.com', phoneNumber: '01000000000', Governorate: 'Cairo', city: 'Cairo', address: '1 Test St.' };

async function sigkillRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let shop = await startShop(env);
  const product = await productFor(shop.url);
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 300; i++) customers.push(await customerWithCart(shop.url, product, i));

  // 20 customers at a time place their orders; the server is killed while requests are in flight and started
  // again. A request cut by the kill is sent again with the same Idempotency-Key once the server is back.
  const acknowledged = new Map();
  let sent = 0;
  const pending = [...customers];
  let restarting = null;
  let killed = false;
  const killTimer = setTimeout(() => {
    killed = true;
    restarting = (async () => {
      shop.child.kill('SIGKILL');
      await shop.exited;
      shop = await startShop(env);
      restarting = null;
    })();
  }, 300);
  const place = async (customer) => {
    for (;;) {
      if (restarting) await restarting;
      sent += 1;
      try {
        const answer = await call(shop.url, 'POST', '/api/orders/new-order', {
          token: customer.token,
          headers: { 'idempotency-key': `faults-${customer.id}` },
          body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
        });
        if (answer.status === 201) acknowledged.set(customer.id, answer.body._id);
        if (answer.status === 201 || answer.status === 409) return;
      } catch {
        await sleep(50); // the connection was cut by the kill
      }
    }
  };
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let customer = pending.shift(); customer; customer = pending.shift()) await place(customer);
    }),
  );
  clearTimeout(killTimer);
  if (restarting) await restarting;
  const retried = sent - customers.length;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const ids = [...acknowledged.values()];
  const found = (await client.query('select count(*)::int as n from orders where id = any($1)', [ids])).rows[0].n;
  const halfWritten = (await client.query(`
    select count(*)::int as n from users u
    where u.email like 'faults-%' and not u.is_admin
      and (exists (select 1 from orders o where o.user_id = u.id) = exists (select 1 from cart_items c where c.user_id = u.id)
           or (select count(*) from orders o where o.user_id = u.id) > 1
           or exists (select 1 from orders o where o.user_id = u.id and jsonb_array_length(o.lines) = 0))`)).rows[0].n;
  await client.end();
  shop.child.kill('SIGTERM');
  await shop.exited;
  db.stop();
  results.sigkill = { customers: customers.length, sent, retried, acknowledged: acknowledged.size, found, lost: acknowledged.size - found, halfWritten, killed };
}

async function postgresRestartRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const shop = await startShop(env);
  const counts = {};
  const messages = new Set();
  let running = true;
  const phase = { now: 'before' };
  const load = (async () => {
    while (running) {
      const answers = await Promise.all(
        // categories are read from the database on every call (catalog answers would come from the cache)
        Array.from({ length: 10 }, () => call(shop.url, 'GET', '/api/categories').catch(() => ({ status: 0, body: null }))),
      );
      for (const answer of answers) {
        const key = `${phase.now} ${answer.status}`;
        counts[key] = (counts[key] ?? 0) + 1;
        if (answer.status >= 500 && answer.body?.message) messages.add(answer.body.message);
      }
    }
  })();
  await sleep(1500);
  phase.now = 'down';
  db.stop('immediate');
  await sleep(3000);
  const readyWhileDown = (await call(shop.url, 'GET', '/api/ready')).status;
  db.start();
  phase.now = 'after';
  await sleep(3000);
  running = false;
  await load;
  const readyAfter = (await call(shop.url, 'GET', '/api/ready')).status;
  shop.child.kill('SIGTERM');
  const exit = await shop.exited;
  db.stop();
  results.postgresRestart = { counts, messages: [...messages], readyWhileDown, readyAfter, exit };
}

async function sigtermRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', SHUTDOWN_GRACE_MS: '2000' };
  const shop = await startShop(env);
  // 20 clients send requests until a balancer-like probe of /api/ready sees 503; SIGTERM comes in the middle.
  // Every request sent before the balancer stopped must be answered.
  let balancerSending = true;
  let readyDuring = null;
  const statuses = {};
  const probe = (async () => {
    while (balancerSending) {
      const status = await call(shop.url, 'GET', '/api/ready').then((a) => a.status, () => 'refused');
      if (status !== 200) {
        readyDuring = status;
        balancerSending = false;
      }
      await sleep(100);
    }
  })();
  const clients = Array.from({ length: 20 }, async () => {
    while (balancerSending) {
      const status = await call(shop.url, 'GET', '/api/categories').then(
        (a) => a.status,
        (error) => `cut ${error.cause?.code ?? error.message}`,
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  await sleep(1000);
  shop.child.kill('SIGTERM');
  await Promise.all([probe, ...clients]);
  const exit = await shop.exited;
  db.stop();
  results.sigterm = { statuses, readyDuring, exit };
}

// `node scripts/faults.mjs sigterm` runs one scenario; no argument runs all three
const only = process.argv[2];
if (!only || only === 'sigkill') {
  await sigkillRun();
  console.log('SIGKILL under order load:', results.sigkill);
}
if (!only || only === 'postgres') {
  await postgresRestartRun();
  console.log('PostgreSQL stopped and started under load:', results.postgresRestart);
}
if (!only || only === 'sigterm') {
  await sigtermRun();
  console.log('SIGTERM under load:', results.sigterm);
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
if (!only) writeFileSync(path.join(root, 'bench/results/faults.json'), `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
const held = {
  sigkill: (r) => r.lost === 0 && r.halfWritten === 0,
  postgresRestart: (r) => r.readyWhileDown === 503 && r.readyAfter === 200,
  sigterm: (r) => r.readyDuring === 503 && r.exit.code === 0 && Object.keys(r.statuses).every((status) => status === '200'),
};
const ok = Object.entries(results).every(([name, result]) => held[name](result));
console.log(ok ? 'faults: all held' : 'faults: SOMETHING DID NOT HOLD');
process.exit(ok ? 0 : 1);
