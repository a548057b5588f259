// `npm run faults`: the long fault runs of docs/reliability.md, against the built server (npm run build first).
//  1. SIGKILL under a load of order placements, then restart: every acknowledged order is there, none half written;
//     on an external PostgreSQL and on the embedded default (whose server must stop with the killed shop).
//  2. PostgreSQL stopped and started under load: 503 with a message meanwhile, recovery without a restart.
//  3. SIGTERM under load: requests in flight finish, /api/ready turns 503, the process exits 0.
//  4. Connections cut (pg_terminate_backend) under order load: the process stays up, 503 with a message, recovery.
//  5. A second process on the embedded data directory: it refuses; after a SIGKILL the stale lock is taken over.
//  6. The embedded PostgreSQL's postmaster killed (SIGKILL) under order load: the shop starts it again by itself,
//     503 with Retry-After and not ready meanwhile, every acknowledged order there, no restart of the shop (issue 41).
//  7. An outside LOCK TABLE orders for 15 s under 10 orders at a time: the orders fail fast (503), login,
//     categories and /api/ready keep answering 200 (issue 41).
// Each run uses a PostgreSQL server of its own (initdb in a temp dir, on a spare port, or the embedded default in a
// temp data directory), so stopping it harms nothing.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
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

function spawnShop(env) {
  const port = String(env.PORT);
  const child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100000', REGISTER_RATE_LIMIT: '100000', ORDER_RATE_LIMIT: '100000', ...env, PORT: port },
  });
  const shop = { child, url: `http://127.0.0.1:${port}`, stderr: '', exitedWith: null };
  child.stderr.on('data', (chunk) => (shop.stderr += chunk));
  shop.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((shop.exitedWith = { code, signal }))));
  return shop;
}

async function startShop(env) {
  const shop = spawnShop({ ...env, PORT: await freePort() });
  for (let i = 0; i < 1200 && !shop.exitedWith; i++) {
    if (await fetch(`${shop.url}/api/ready`).then((r) => r.ok, () => false)) return shop;
    await sleep(100);
  }
  throw new Error(`the shop did not start: ${shop.stderr}`);
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

/** The embedded default's server as its running shop lends it to the tools: the socket in postmaster.pid, the password file. */
function embeddedUrl(dataDir) {
  const socketDir = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[4].trim();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgresql://shop:${encodeURIComponent(password)}@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** The PostgreSQL processes of a cluster (their working directory is it). */
function clusterProcesses(cluster) {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === cluster;
    } catch {
      return false;
    }
  });
}

async function sigkillRun(where) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faults-data-'));
  const db = where === 'embedded' ? null : await ownPostgres();
  const env = { ...(db ? { DATABASE_URL: db.url } : {}), DATA_DIR: dataDir, JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let shop = await startShop(env);
  let leftAfterKill = null;
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
      if (!db) {
        // the embedded server must not outlive its shop: its processes, 5 s after the kill
        const cluster = path.join(dataDir, 'postgres');
        for (let waited = 0; waited < 5000 && clusterProcesses(cluster).length > 0; waited += 100) await sleep(100);
        leftAfterKill = clusterProcesses(cluster).length;
      }
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

  const client = new pg.Client({ connectionString: db ? db.url : embeddedUrl(dataDir) });
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
  db?.stop();
  const result = { customers: customers.length, sent, retried, acknowledged: acknowledged.size, found, lost: acknowledged.size - found, halfWritten, killed };
  if (db) results.sigkill = result;
  else results.sigkillEmbedded = { ...result, serverProcessesLeft5sAfterKill: leftAfterKill };
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


// pg_terminate_backend on every connection of the shop, again and again, while customers fill carts and place
// orders (transactions) and others read the catalog: what a failover or a proxy restart does to the shop.
async function connectionCutRun(round) {
  const db = await ownPostgres();
  const appName = `shop-faults-${round}`;
  const env = { DATABASE_URL: `${db.url}?application_name=${appName}`, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_GRACE_MS: '0' };
  const shop = await startShop(env);
  const product = await productFor(shop.url);
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 21; i++) customers.push(await customerWithCart(shop.url, product, `${round}-${i}`));
  const latecomer = customers.pop();
  const statuses = {};
  const catalog = {};
  const messages = new Set();
  let running = true;
  let attempt = 0;
  const count = (into, answer) => {
    into[answer.status] = (into[answer.status] ?? 0) + 1;
    if (answer.status >= 500) messages.add(`${answer.status} ${answer.body?.message}`);
  };
  const order = (customer) =>
    call(shop.url, 'POST', '/api/orders/new-order', {
      token: customer.token,
      headers: { 'idempotency-key': `cut-${customer.id}-${++attempt}` },
      body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
    }).catch(() => ({ status: 0, body: null }));
  const shoppers = customers.map(async (customer) => {
    while (running) {
      count(statuses, await order(customer));
      count(statuses, await call(shop.url, 'POST', '/api/cart/add-cart', { token: customer.token, body: { product: product._id, quantaty: 1 } }).catch(() => ({ status: 0 })));
    }
  });
  const readers = Array.from({ length: 5 }, async () => {
    while (running) count(catalog, await call(shop.url, 'GET', `/api/products/${product._id}`).catch(() => ({ status: 0 })));
  });
  await sleep(1000);
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  let cut = 0;
  for (let i = 0; i < 10; i++) {
    const { rows } = await admin.query('select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1) cut', [appName]);
    cut += rows[0].n;
    await sleep(300);
  }
  const cutsEnded = Date.now();
  running = false;
  await Promise.all([...shoppers, ...readers]);
  let recoveredAfterMs = null;
  while (recoveredAfterMs === null && Date.now() - cutsEnded < 15_000) {
    const ready = await call(shop.url, 'GET', '/api/ready').catch(() => ({ status: 0 }));
    if (ready.status === 200 && (await order(latecomer)).status === 201) recoveredAfterMs = Date.now() - cutsEnded;
    else await sleep(100);
  }
  await admin.end();
  const aliveAfterCuts = shop.exitedWith === null;
  const crash = /Unhandled 'error' event|uncaught/i.test(shop.stderr);
  const stopAt = Date.now();
  shop.child.kill('SIGTERM');
  const exit = await Promise.race([shop.exited, sleep(30_000).then(() => 'did not exit in 30 s')]);
  if (typeof exit === 'string') shop.child.kill('SIGKILL');
  db.stop();
  return { cut, orderAndCart: statuses, catalog, messages: [...messages], aliveAfterCuts, crash, recoveredAfterMs, exit, exitMs: Date.now() - stopAt };
}

async function connectionCutRuns() {
  const rounds = [];
  for (let round = 1; round <= 4; round++) rounds.push(await connectionCutRun(round));
  results.connectionCut = rounds;
}

// Two servers on one embedded data directory: the second must refuse while the first runs; after the first is
// killed with SIGKILL, its stale lock must not stop the next start, and every order it acknowledged is there.
async function twoProcessRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faults-embedded-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const first = await startShop(env);
  const product = await productFor(first.url);
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 30; i++) customers.push(await customerWithCart(first.url, product, `two-${i}`));
  // the second process starts while the first places orders
  const attempts = [];
  const placing = Promise.all(
    customers.map((customer) =>
      call(first.url, 'POST', '/api/orders/new-order', {
        token: customer.token,
        headers: { 'idempotency-key': `two-${customer.id}` },
        body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
      }),
    ),
  );
  for (let i = 0; i < 3; i++) {
    const second = spawnShop({ ...env, PORT: await freePort() });
    const exit = await Promise.race([second.exited, sleep(30_000).then(() => 'still running')]);
    if (exit === 'still running') second.child.kill('SIGKILL');
    const lines = second.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('(node:') && !line.startsWith('(Use `node'));
    attempts.push({ exit, lines });
  }
  const acknowledged = (await placing).filter((answer) => answer.status === 201).length;
  const firstReady = (await call(first.url, 'GET', '/api/ready')).status;
  const lockHeldBy = readFileSync(path.join(dataDir, 'postgres.lock'), 'utf8').trim();
  first.child.kill('SIGKILL');
  await first.exited;
  const staleLockLeft = existsSync(path.join(dataDir, 'postgres.lock'));
  const third = await startShop(env);
  let found = 0;
  for (const customer of customers) found += (await call(third.url, 'GET', `/api/orders/${customer.id}`, { token: customer.token })).body.length;
  third.child.kill('SIGTERM');
  const thirdExit = await third.exited;
  results.twoProcesses = {
    firstPid: first.child.pid,
    lockHeldBy: Number(lockHeldBy),
    secondStarts: attempts.length,
    refused: attempts.filter((attempt) => attempt.exit?.code === 1 && attempt.lines.length === 1 && attempt.lines[0].includes(`(pid ${first.child.pid})`)).length,
    message: attempts[0]?.lines.join(' | '),
    firstStillReady: firstReady,
    acknowledged,
    staleLockLeft,
    found,
    lockReleasedOnStop: !existsSync(path.join(dataDir, 'postgres.lock')),
    thirdExit,
  };
}

/** 6. The embedded postmaster killed under order load: the shop is its supervisor (decision 052). */
async function postmasterKillRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faults-data-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const shop = await startShop(env);
  const product = await productFor(shop.url);
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 100; i++) customers.push(await customerWithCart(shop.url, product, i));
  const cluster = path.join(dataDir, 'postgres');
  const postmaster = () => Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const killed = postmaster();
  const statuses = {};
  const refusals = new Set();
  const readiness = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      readiness.push(await call(shop.url, 'GET', '/api/ready').then((a) => a.status, () => 0));
      await sleep(100);
    }
  })();
  const acknowledged = new Map();
  const pending = [...customers];
  let killedAt = 0;
  let lastRefusalAt = 0;
  setTimeout(() => {
    killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
  }, 500);
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let customer = pending.shift(); customer; customer = pending.shift()) {
        for (;;) {
          const answer = await fetch(`${shop.url}/api/orders/new-order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': `faults-${customer.id}` },
            body: JSON.stringify({ ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] }),
          }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }), () => ({ status: 0 }));
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status === 201) acknowledged.set(customer.id, answer.body._id);
          if (answer.status === 201 || answer.status === 409) break;
          if (answer.status === 503) {
            refusals.add(`503 Retry-After ${answer.retryAfter}: ${answer.body?.message}`);
            lastRefusalAt = Date.now();
          }
          await sleep(100);
        }
      }
    }),
  );
  watching = false;
  await watcher;
  const client = new pg.Client({ connectionString: embeddedUrl(dataDir) });
  await client.connect();
  const found = (await client.query('select count(*)::int as n from orders where id = any($1)', [[...acknowledged.values()]])).rows[0].n;
  await client.end();
  const aliveAfter = shop.exitedWith === null;
  const newPostmaster = postmaster();
  shop.child.kill('SIGTERM');
  const exit = await shop.exited;
  results.postmasterKill = {
    customers: customers.length,
    statuses,
    refusals: [...refusals],
    notReadySeen: readiness.includes(503),
    readyAtEnd: readiness.at(-1),
    servedAgainAfterMs: lastRefusalAt ? lastRefusalAt - killedAt : null,
    acknowledged: acknowledged.size,
    found,
    lost: acknowledged.size - found,
    aliveAfter,
    postmasterReplaced: newPostmaster !== killed,
    exit,
  };
}

/** 7. An outside LOCK TABLE orders held 15 s while 10 customers order at a time (decision 052's timeouts). */
async function tableLockRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'never', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const shop = await startShop(env);
  const product = await productFor(shop.url);
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 10; i++) customers.push(await customerWithCart(shop.url, product, i));
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table orders in access exclusive mode');
  const lockedAt = Date.now();
  const timed = async (work) => {
    const started = Date.now();
    const answer = await work.catch(() => ({ status: 0, body: null }));
    return { status: answer.status, message: answer.body?.message, ms: Date.now() - started, duringLock: Date.now() - lockedAt < 15_000 };
  };
  const orders = Promise.all(
    customers.map((customer) =>
      timed(call(shop.url, 'POST', '/api/orders/new-order', { token: customer.token, body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] } })),
    ),
  );
  await sleep(200);
  const others = [];
  while (Date.now() - lockedAt < 12_000) {
    others.push(
      ...(await Promise.all([
        timed(call(shop.url, 'POST', '/api/auth/login', { body: ADMIN })).then((a) => ({ ...a, what: 'login' })),
        timed(call(shop.url, 'GET', '/api/categories')).then((a) => ({ ...a, what: 'categories' })),
        timed(call(shop.url, 'GET', '/api/ready')).then((a) => ({ ...a, what: 'ready' })),
      ])),
    );
    await sleep(500);
  }
  const orderAnswers = await orders;
  await sleep(Math.max(0, 15_000 - (Date.now() - lockedAt)));
  await holder.query('commit');
  await holder.end();
  const afterLock = await call(shop.url, 'POST', '/api/orders/new-order', {
    token: customers[0].token,
    body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
  });
  shop.child.kill('SIGTERM');
  const exit = await shop.exited;
  db.stop();
  const summary = (answers) => {
    const statuses = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    return { statuses, slowestMs: Math.max(...answers.map((a) => a.ms)), allDuringLock: answers.every((a) => a.duringLock) };
  };
  results.tableLock = {
    lockHeldMs: 15_000,
    orders: { ...summary(orderAnswers), messages: [...new Set(orderAnswers.map((a) => a.message))] },
    login: summary(others.filter((a) => a.what === 'login')),
    categories: summary(others.filter((a) => a.what === 'categories')),
    ready: summary(others.filter((a) => a.what === 'ready')),
    orderAfterLock: afterLock.status,
    exit,
  };
}

// `node scripts/faults.mjs sigterm` runs one scenario; no argument runs them all
const only = process.argv[2];
if (!only || only === 'sigkill') {
  await sigkillRun('postgres');
  console.log('SIGKILL under order load:', results.sigkill);
}
if (!only || only === 'sigkill-embedded') {
  await sigkillRun('embedded');
  console.log('SIGKILL under order load, embedded default:', results.sigkillEmbedded);
}
if (!only || only === 'postgres') {
  await postgresRestartRun();
  console.log('PostgreSQL stopped and started under load:', results.postgresRestart);
}
if (!only || only === 'sigterm') {
  await sigtermRun();
  console.log('SIGTERM under load:', results.sigterm);
}
if (!only || only === 'cut') {
  await connectionCutRuns();
  console.log('Connections cut under load:', JSON.stringify(results.connectionCut, null, 1));
}
if (!only || only === 'two') {
  await twoProcessRun();
  console.log('Two processes on one embedded data directory:', results.twoProcesses);
}
if (!only || only === 'postmaster') {
  await postmasterKillRun();
  console.log('The embedded postmaster killed under order load:', results.postmasterKill);
}
if (!only || only === 'lock') {
  await tableLockRun();
  console.log('LOCK TABLE orders under order load:', JSON.stringify(results.tableLock, null, 1));
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
// a single run replaces its own entry and keeps the others
const resultsFile = path.join(root, 'bench/results/faults.json');
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
writeFileSync(resultsFile, `${JSON.stringify({ ...previous, at: new Date().toISOString(), ...results }, null, 2)}\n`);
const held = {
  sigkill: (r) => r.lost === 0 && r.halfWritten === 0,
  sigkillEmbedded: (r) => r.lost === 0 && r.halfWritten === 0 && r.serverProcessesLeft5sAfterKill === 0,
  postgresRestart: (r) => r.readyWhileDown === 503 && r.readyAfter === 200,
  sigterm: (r) => r.readyDuring === 503 && r.exit.code === 0 && Object.keys(r.statuses).every((status) => status === '200'),
  connectionCut: (rounds) =>
    rounds.every((r) => r.aliveAfterCuts && !r.crash && r.recoveredAfterMs !== null && r.exit?.code === 0 && !r.orderAndCart[500] && !r.catalog[500] && r.messages.every((m) => m === '503 The shop is temporarily unavailable, please try again shortly')),
  twoProcesses: (r) => r.refused === r.secondStarts && r.firstStillReady === 200 && r.found === r.acknowledged && r.lockReleasedOnStop,
  postmasterKill: (r) =>
    r.lost === 0 && r.acknowledged === r.customers && r.aliveAfter && r.postmasterReplaced && r.notReadySeen && r.readyAtEnd === 200 &&
    !r.statuses[500] && r.refusals.every((m) => m === '503 Retry-After 5: The shop is temporarily unavailable, please try again shortly') && r.exit.code === 0,
  tableLock: (r) =>
    Object.keys(r.orders.statuses).every((status) => status === '503') && r.orders.slowestMs < 8000 && r.orders.allDuringLock &&
    ['login', 'categories', 'ready'].every((what) => Object.keys(r[what].statuses).every((status) => status === '200') && r[what].allDuringLock) &&
    r.orderAfterLock === 201 && r.exit.code === 0,
};
const ok = Object.entries(results).every(([name, result]) => held[name](result));
console.log(ok ? 'faults: all held' : 'faults: SOMETHING DID NOT HOLD');
process.exit(ok ? 0 : 1);
