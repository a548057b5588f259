// The import-boundary rules of eslint.config.js, shown on snippets placed at real paths: an import that
// crosses a layer fails `npm run lint`, the allowed ways pass. The imported files must exist to be checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

/** The boundary errors ESLint reports for `import` lines written into a file at `filePath`. */
async function boundaryErrors(filePath, ...imports) {
  const code = imports.map((from, index) => `import * as imported${index} from '${from}';\nconsole.log(imported${index});\n`).join('');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => BOUNDARY_RULES.has(message.ruleId)).map((message) => message.message);
}

describe('web layers', () => {
  it('a feature importing another feature fails lint', async () => {
    const errors = await boundaryErrors('apps/web/src/features/cart/components/x.tsx', '../../catalog/api/get-product.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Features do not import each other');
  });

  it('a feature may import its own files, shared components and lib', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/cart/components/x.tsx',
      '../api/cart-mutations.ts',
      '../../../components/wishlist-button.tsx',
      '../../../lib/cart.ts',
    );
    expect(errors).toEqual([]);
  });

  it('components and lib do not import features or the app shell', async () => {
    expect(await boundaryErrors('apps/web/src/components/x.tsx', '../features/catalog/api/get-product.ts')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/lib/x.ts', '../app/router.tsx')).toHaveLength(1);
  });

  it('the app shell may compose features', async () => {
    expect(await boundaryErrors('apps/web/src/app/x.tsx', '../features/catalog/components/shop-page.tsx')).toEqual([]);
  });

  it("the browser's code does not import the server renderer's pages; the renderer does", async () => {
    expect(await boundaryErrors('apps/web/src/app/router.tsx', './server/pages.ts')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/main.tsx', './app/server/page-head.ts')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/features/catalog/components/x.tsx', '../../../app/server/pages.ts')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/app/server/entry-server.tsx', './pages.ts', '../router.tsx')).toEqual([]);
  });
});

describe('api layers', () => {
  it('db/ imports nothing above it', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/db/x.ts',
      '../modules/errors.ts',
      '../lib/route.ts',
      '../plugins/app/db.ts',
      '../routes/health/index.ts',
      '../scripts/seed.ts',
      '../app.ts',
    );
    expect(errors).toHaveLength(6);
    expect(errors[0]).toContain('The database layer (schema, migrations, the client) imports nothing above it');
    expect(await boundaryErrors('apps/api/src/db/x.ts', './schema.ts', './errors.ts', '../config.ts')).toEqual([]);
  });

  it('modules import no lib, plugin, route, script or entry; they use db/, config and each other', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/orders/x.ts',
      '../../lib/route.ts',
      '../../plugins/app/mail.ts',
      '../../routes/orders/index.ts',
      '../../scripts/seed.ts',
      '../../app.ts',
    );
    expect(errors).toHaveLength(5);
    expect(errors[0]).toContain("Modules are the shop's domain and know nothing of HTTP");
    expect(await boundaryErrors('apps/api/src/modules/orders/x.ts', '../../db/schema.ts', '../cart/cart.ts', '../errors.ts', '../../config.ts')).toEqual([]);
  });

  it('modules import no Fastify', async () => {
    const errors = await boundaryErrors('apps/api/src/modules/orders/x.ts', 'fastify', 'fastify-plugin', '@fastify/static');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('Modules know nothing of HTTP: no Fastify here');
    expect(await boundaryErrors('apps/api/src/routes/orders/x.ts', 'fastify')).toEqual([]);
  });

  it('the order code imports no payment adapter, only the port and the payments module', async () => {
    const errors = await boundaryErrors('apps/api/src/modules/orders/x.ts', '../payments/adapters/paymob.ts', '../payments/adapters/paymob-client.ts', '../payments/adapters/stripe.ts');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('The order code reaches payment providers through their port');
    expect(await boundaryErrors('apps/api/src/modules/orders/x.ts', '../payments/port.ts', '../payments/payments.ts', '../payments/refunds.ts')).toEqual([]);
    // the payments module and the plugin that chooses the provider may
    expect(await boundaryErrors('apps/api/src/modules/payments/x.ts', './adapters/paymob.ts')).toEqual([]);
  });

  it('lib imports no plugin, route, script or entry; it may read the modules', async () => {
    const errors = await boundaryErrors('apps/api/src/lib/x.ts', '../plugins/app/auth.ts', '../routes/cart/index.ts', '../scripts/seed.ts', '../server.ts');
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain("lib holds the HTTP edge's helpers");
    expect(await boundaryErrors('apps/api/src/lib/x.ts', '../modules/errors.ts', './vary.ts')).toEqual([]);
  });

  it('plugins never import routes (nor scripts or the entries)', async () => {
    const errors = await boundaryErrors('apps/api/src/plugins/app/x.ts', '../../routes/payments/index.ts', '../../scripts/seed.ts', '../../app.ts');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('Plugins never import routes');
    expect(await boundaryErrors('apps/api/src/plugins/app/x.ts', '../../modules/payments/adapters/paymob.ts', '../../lib/vary.ts', './db.ts')).toEqual([]);
  });

  it('plugins query no table', async () => {
    const errors = await boundaryErrors('apps/api/src/plugins/app/x.ts', '../../db/schema.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Plugins query no table');
    expect(await boundaryErrors('apps/api/src/plugins/app/x.ts', '../../db/client.ts')).toEqual([]);
  });

  it('routes run no queries: they import nothing of db/', async () => {
    const errors = await boundaryErrors('apps/api/src/routes/orders/x.ts', '../../db/schema.ts', '../../db/client.ts');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Routes run no queries');
    expect(await boundaryErrors('apps/api/src/routes/orders/x.ts', '../../modules/orders/orders.ts', '../../lib/route.ts', '../../plugins/app/auth.ts')).toEqual([]);
  });

  it('routes never import scripts or the entries', async () => {
    const errors = await boundaryErrors('apps/api/src/routes/orders/x.ts', '../../scripts/seed.ts', '../../app.ts', '../../bootstrap.ts');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('Routes never import the entries or scripts/');
  });

  it('routes never import each other, only their own folder', async () => {
    const errors = await boundaryErrors('apps/api/src/routes/orders/x.ts', '../users/index.ts', '../products/product-form.ts');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Routes do not import each other');
    expect(await boundaryErrors('apps/api/src/routes/products/x.ts', './product-form.ts')).toEqual([]);
  });

  it('scripts and the entries may use every layer', async () => {
    const everyLayer = ['../db/schema.ts', '../modules/errors.ts', '../lib/route.ts', '../plugins/app/db.ts', '../routes/health/index.ts'];
    expect(await boundaryErrors('apps/api/src/scripts/x.ts', ...everyLayer, '../app.ts')).toEqual([]);
    expect(await boundaryErrors('apps/api/src/x.ts', ...everyLayer.map((from) => from.replace('../', './')), './scripts/seed.ts')).toEqual([]);
  });
});

describe('the two apps', () => {
  it('the storefront never imports the API', async () => {
    const errors = await boundaryErrors('apps/web/src/lib/x.ts', '../../../api/src/modules/errors.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The storefront never imports the API');
  });

  it('the API never imports the storefront', async () => {
    const errors = await boundaryErrors('apps/api/src/routes/pages/x.ts', '../../../../web/src/app/server/pages.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('The API never imports the storefront');
  });
});

describe('shop-core', () => {
  it('imports nothing from the apps', async () => {
    expect(await boundaryErrors('packages/shop-core/src/x.ts', '../../../apps/api/src/modules/errors.ts')).toHaveLength(1);
  });
});

describe("an order's status has one writer", () => {
  /** The errors of the status rule on `code` written into a file at `filePath`. */
  async function statusWrites(filePath, code) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  }
  const writes = [
    "await tx.update(orders).set({ status: 'shipped' }).where(eq(orders.id, id));",
    "await tx.insert(orders).values({ id, status: 'accepted', lines: [] });",
    "await tx.execute(sql`update orders set paid = true, status = 'accepted' where id = ${id}`);",
    "await tx.execute(sql`update ${orders} set status = 'canceled' where id = ${id}`);",
  ];

  it('no file but the lifecycle sets orders.status, in the builder or in SQL', async () => {
    for (const file of ['apps/api/src/modules/orders/move-order.ts', 'apps/api/src/modules/payments/x.ts', 'apps/api/src/routes/orders/x.ts']) {
      for (const write of writes) {
        const errors = await statusWrites(file, write);
        expect(errors, `${file}: ${write}`).toHaveLength(1);
        expect(errors[0]).toContain("An order's status is written by its lifecycle only");
      }
    }
  });

  it("the lifecycle may; other columns of orders and other tables' statuses may be written anywhere", async () => {
    for (const write of writes) expect(await statusWrites('apps/api/src/modules/orders/lifecycle.ts', write)).toEqual([]);
    const others = [
      "await tx.update(orders).set({ paymentReference: ref }).where(eq(orders.id, id));",
      "await tx.update(payments).set({ status: 'refunding' }).where(eq(payments.id, id));",
      "await tx.insert(reviews).values({ id, status: 'published' });",
      "await tx.execute(sql`update payments set status = 'failed' where order_id = ${id}`);",
      "await db.select({ status: orders.status }).from(orders);",
    ];
    for (const write of others) expect(await statusWrites('apps/api/src/modules/orders/settle-payment.ts', write), write).toEqual([]);
  });
});
