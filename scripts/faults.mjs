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
  for (let i = 0; i < 300; i++) {
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
  await call(url, 'POST', '/api/cart/add-cart', { token: login.body.token, body: { product: product._id, quantaty: 1 } });
  return { token: login.body.token, id: login.body._id };
}

const billing = { firstName: 'Load', secondName: 'Test', email: 'load@example.com', phoneNumber: '01000000000', Governorate: 'Cairo', city: 'Cairo', address: '1 Test St.' };

async function sigkillRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'always' };
  let shop = await startShop(env);
  const product = (await call(shop.url, 'GET', '/api/products?limit=1')).body[0];
  const total = (Math.round(product.price * (100 - product.disCountPrecent)) / 100 + 30).toFixed(2);
  const customers = [];
  for (let i = 0; i < 300; i++) customers.push(await customerWithCart(shop.url, product, i));

  const acknowledged = new Map();
  let sent = 0;
  let pending = [...customers];
  const killAt = Date.now() + 400;
  let killed = false;
  while (pending.length > 0) {
    const batch = pending.splice(0, 20);
    if (!killed && Date.now() >= killAt) {
      shop.child.kill('SIGKILL');
      await shop.exited;
      killed = true;
      shop = await startShop(env);
    }
    const outcomes = await Promise.all(
      batch.map(async (customer) => {
        sent += 1;
        try {
          const answer = await call(shop.url, 'POST', '/api/orders/new-order', {
            token: customer.token,
            headers: { 'idempotency-key': `faults-${customer.id}` },
            body: { ...billing, wayForPayment: 'cash', totalPrice: total, productId: [product._id], quantaties: [1] },
          });
          if (answer.status === 201) acknowledged.set(customer.id, answer.body._id);
          return answer.status === 201 || answer.status === 409;
        } catch {
          return false; // connection cut by the kill: sent again below, with the same key
        }
      }),
    );
    batch.forEach((customer, i) => !outcomes[i] && pending.push(customer));
    if (!killed && Date.now() < killAt) await sleep(20);
  }

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const ids = [...acknowledged.values()];
  const found = (await client.query('select count(*)::int as n from orders where id = any($1)', [ids])).rows[0].n;
  const halfWritten = (await client.query(`
    select count(*)::int as n from users u
    where u.email like 'faults-%'
      and (exists (select 1 from orders o where o.user_id = u.id) = exists (select 1 from cart_items c where c.user_id = u.id)
           or (select count(*) from orders o where o.user_id = u.id) > 1
           or exists (select 1 from orders o where o.user_id = u.id and jsonb_array_length(o.lines) = 0))`)).rows[0].n;
  await client.end();
  shop.child.kill('SIGTERM');
  await shop.exited;
  db.stop();
  results.sigkill = { sent, acknowledged: acknowledged.size, found, lost: acknowledged.size - found, halfWritten, killed };
}

async function postgresRestartRun() {
  const db = await ownPostgres();
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'always' };
  const shop = await startShop(env);
  const counts = {};
  const messages = new Set();
  let running = true;
  const phase = { now: 'before' };
  const load = (async () => {
    while (running) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(shop.url, 'GET', '/api/products/shop?gender=women&search=dress').catch(() => ({ status: 0, body: null }))),
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
  const env = { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'faults-data-')), JWT_SECRET: 'faults-secret-that-is-long-enough-000000', SEED_DEMO: 'always' };
  const shop = await startShop(env);
  const inFlight = Array.from({ length: 50 }, () => call(shop.url, 'GET', '/api/products?limit=100').then((a) => a.status, () => 0));
  await sleep(5);
  shop.child.kill('SIGTERM');
  const readyDuring = await call(shop.url, 'GET', '/api/ready').then((a) => a.status, () => 'refused');
  const statuses = await Promise.all(inFlight);
  const exit = await shop.exited;
  db.stop();
  const tally = statuses.reduce((acc, status) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }), {});
  results.sigterm = { inFlight: statuses.length, statuses: tally, readyDuring, exit };
}

await sigkillRun();
console.log('SIGKILL under order load:', results.sigkill);
await postgresRestartRun();
console.log('PostgreSQL stopped and started under load:', results.postgresRestart);
await sigtermRun();
console.log('SIGTERM under load:', results.sigterm);

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/faults.json'), `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
const ok = results.sigkill.lost === 0 && results.sigkill.halfWritten === 0 && results.postgresRestart.readyAfter === 200 && results.sigterm.exit.code === 0;
console.log(ok ? 'faults: all held' : 'faults: SOMETHING DID NOT HOLD');
process.exit(ok ? 0 : 1);
