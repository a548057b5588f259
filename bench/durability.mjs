// What a power-cut-proof embedded database would cost, in orders per second (docs/reliability.md, "Durability").
// PGlite starts PostgreSQL with -F (fsync off), and even with fsync on its Node file system has no fsync: fdatasync
// is an empty stub and NODEFS streams define no fsync, so nothing reaches the disk before a commit returns. Here the
// second run turns fsync on, makes WAL writes use fsync(), and gives NODEFS a real fsync (fs.fsyncSync): what an
// order commit costs when it is on the disk before it is acknowledged. The shop does not ship that patch (it reaches
// into emscripten internals); PostgreSQL is what to run when a power cut must not lose orders.
// Each "order" is the checkout's transaction: claim the idempotency key, write the order row, empty the cart.
import { fsyncSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const ORDERS = Number(process.env.ORDERS ?? 500);
const base = process.env.BENCH_DIR ?? tmpdir(); // the disk to measure: set BENCH_DIR to the shop's DATA_DIR disk

async function run(durable) {
  const dir = mkdtempSync(path.join(base, 'durability-'));
  const startParams = durable
    ? [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on']
    : PGlite.defaultStartParams;
  const db = await PGlite.create(dir, { startParams });
  let fsyncs = 0;
  if (durable) {
    const streamOps = db.mod.FS.lookupPath(db.mod.FS.cwd()).node.stream_ops;
    streamOps.fsync = (stream) => {
      fsyncs++;
      fsyncSync(stream.nfd);
      return 0;
    };
  }
  const settings = (await db.query(`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`)).rows[0];
  await db.exec(`
    create table idempotency_keys (key text primary key, created_at timestamptz not null default now());
    create table orders (id bigserial primary key, user_id int not null, lines jsonb not null, total_piastres int not null, created_at timestamptz not null default now());
    create table cart_items (id bigserial primary key, user_id int not null, product_id int not null, quantity int not null);
    insert into cart_items (user_id, product_id, quantity) select g, 1, 1 from generate_series(1, ${ORDERS}) g;
  `);
  const lines = JSON.stringify([{ product: { _id: 'p1', name: 'Linen shirt', price: 449.9 }, quantity: 1, unitPiastres: 38242 }]);
  const started = performance.now();
  for (let user = 1; user <= ORDERS; user++) {
    await db.transaction(async (tx) => {
      await tx.query('insert into idempotency_keys (key) values ($1)', [`key-${user}`]);
      await tx.query('insert into orders (user_id, lines, total_piastres) values ($1, $2, 41242)', [user, lines]);
      await tx.query('delete from cart_items where user_id = $1', [user]);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  return { durable, fsync: settings.fsync, walSyncMethod: settings.method, orders: ORDERS, ordersPerSecond: Math.round(ORDERS / seconds), fsyncCalls: fsyncs };
}

const shipped = await run(false);
const durable = await run(true);
const result = { at: new Date().toISOString(), disk: base, shipped, durable, costPercent: Math.round((1 - durable.ordersPerSecond / shipped.ordersPerSecond) * 100) };
console.log(result);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results/durability.json'), `${JSON.stringify(result, null, 2)}\n`);
