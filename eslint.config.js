// `npm run lint` runs this after the typecheck. Besides typescript-eslint's recommended rules it holds the
// layers in place (STYLE.md, docs/architecture.md): in the storefront, features do not import each other and shared
// code does not import features; in the API, each layer imports only those below it (db, modules, lib, plugins,
// routes) and routes do not import each other; the two apps never import each other, and shop-core imports nothing
// from them. scripts/lint-boundaries.test.mjs shows each rule failing on a snippet that breaks it.
// Type-aware rules are left off: they would make lint several times slower for little the typecheck misses.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const web = 'apps/web/src';
const api = 'apps/api/src';
/** The API's entry files: only they and scripts/ stand above routes. */
const apiEntries = ['app.ts', 'server.ts', 'bootstrap.ts', 'backup-schedule.ts'].map((file) => `${api}/${file}`);

export const boundaryZones = [
  // A feature is one area of the shop; what two features share lives in components/ or lib/, and pages that
  // combine features are put together in app/.
  ...folders(`${web}/features`).map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to src/components or src/lib, or compose them in src/app.',
  })),
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared components and lib do not depend on features or on the app shell.',
  },
  // The server renderer's half of a page (its reads and its head) is the server's alone: imported from the browser's
  // code, it would be in every visitor's JavaScript.
  {
    target: [`${web}/*.tsx`, `${web}/!(app)/**`, `${web}/app/!(server)`, `${web}/app/!(server)/**`].map((glob) => path.join(root, glob)),
    from: `${web}/app/server`,
    message: 'Only the server renderer imports src/app/server: the browser would load it on every first visit.',
  },
  // The API's layers, from the ground up: db (schema, migrations, the client) < modules (the shop's domain) < lib (the
  // HTTP edge's helpers) < plugins < routes < the entries (app.ts, server.ts, bootstrap.ts, backup-schedule.ts).
  // scripts/ (the seed, demo data, command-line tools) stands on top beside the entries and may use any of them.
  {
    target: `${api}/db`,
    from: [`${api}/modules`, `${api}/lib`, `${api}/plugins`, `${api}/routes`, `${api}/scripts`, ...apiEntries],
    message: 'The database layer (schema, migrations, the client) imports nothing above it.',
  },
  {
    target: `${api}/modules`,
    from: [`${api}/lib`, `${api}/plugins`, `${api}/routes`, `${api}/scripts`, ...apiEntries],
    message:
      "Modules are the shop's domain and know nothing of HTTP: they never import lib, plugins, routes or scripts. What a workflow needs from outside comes in as its context (a port the plugins provide).",
  },
  // An outside service sits behind its port (STYLE.md): the order code never reads a provider's own fields.
  {
    target: `${api}/modules/orders`,
    from: `${api}/modules/payments/adapters`,
    message: "The order code reaches payment providers through their port (modules/payments/port.ts) only, never an adapter: a provider's fields stay in its adapter.",
  },
  {
    target: `${api}/lib`,
    from: [`${api}/plugins`, `${api}/routes`, `${api}/scripts`, ...apiEntries],
    message: "lib holds the HTTP edge's helpers for routes and plugins: it never imports plugins, routes or scripts.",
  },
  {
    target: `${api}/plugins`,
    from: [`${api}/routes`, `${api}/scripts`, ...apiEntries],
    message: 'Plugins never import routes: what a plugin and a route share belongs in a module.',
  },
  {
    target: `${api}/plugins`,
    from: `${api}/db/schema.ts`,
    message: 'Plugins query no table: they call the module that owns it.',
  },
  {
    target: `${api}/routes`,
    from: `${api}/db`,
    message: 'Routes run no queries: they parse the request, call a module (which owns its tables) and answer.',
  },
  {
    target: `${api}/routes`,
    from: [`${api}/scripts`, ...apiEntries],
    message: 'Routes never import the entries or scripts/, which stand above them.',
  },
  // A route folder is one URL's calls: what two routes share is a module's or lib's.
  ...folders(`${api}/routes`).map((route) => ({
    target: `${api}/routes/${route}`,
    from: path.join(root, `${api}/routes/!(${route})/**`),
    message: 'Routes do not import each other: what two routes share belongs in a module (or, for the HTTP side, in lib).',
  })),
  // The API loads the storefront's built renderer by its path at run time (routes/pages), not by an import.
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'The storefront never imports the API: what both need is in shop-core.',
  },
  {
    target: 'apps/api',
    from: 'apps/web',
    message: "The API never imports the storefront: it loads the storefront's build by its path at run time; what both need is in shop-core.",
  },
  {
    target: 'packages/shop-core',
    from: 'apps',
    message: 'shop-core is shared by both apps and imports nothing from them.',
  },
];

const orderStatusMessage =
  "An order's status is written by its lifecycle only (modules/orders/lifecycle.ts: openOrder, moveTo), along shop-core's table of moves, with its history and its event.";
/** The ways to write `orders.status` outside the lifecycle: drizzle's `.update(orders).set({ status })`, `.insert(orders).values({ status })`, raw SQL. */
export const orderStatusWriters = [
  "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='orders'] Property[key.name='status']",
  "CallExpression[callee.property.name='values'][callee.object.callee.property.name='insert'][callee.object.arguments.0.name='orders'] Property[key.name='status']",
  'TemplateElement[value.raw=/update\\s+"?orders"?\\s[^;]*\\bset\\b[^;]*\\bstatus\\s*=/i]',
  "TaggedTemplateExpression[tag.name='sql'][quasi.quasis.0.value.raw=/^\\s*update\\s*$/i][quasi.expressions.0.name='orders'][quasi.quasis.1.value.raw=/\\bstatus\\s*=/i]",
].map((selector) => ({ selector, message: orderStatusMessage }));

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'coverage/', 'e2e/screenshots/', 'e2e/test-results/', 'e2e/playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  // An order's status has one writer, its lifecycle (decision 058): no other file of the API sets `status` in an update or
  // insert of the orders table, in drizzle's builder or in raw SQL. scripts/ (demo data, made as it was) and the
  // migrations stand outside; scripts/lint-boundaries.test.mjs shows the rule failing and passing.
  {
    files: [`${api}/**/*.ts`],
    ignores: [`${api}/modules/orders/lifecycle.ts`, `${api}/scripts/**`],
    rules: { 'no-restricted-syntax': ['error', ...orderStatusWriters] },
  },
  // Modules take no Fastify instance, request or reply: a workflow gets the ports it uses as its context.
  {
    files: [`${api}/modules/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/*'],
              message: 'Modules know nothing of HTTP: no Fastify here. A workflow takes its context (db, mail, payments, ...) as a parameter.',
            },
          ],
        },
      ],
    },
  },
);
