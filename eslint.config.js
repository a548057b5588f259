// `npm run lint` runs this after the typecheck. Besides typescript-eslint's recommended rules it holds the
// layers in place (STYLE.md): features do not import each other, shared code does not import features,
// the database layer does not import routes or plugins, and shop-core imports nothing from the apps.
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
  {
    target: `${api}/db`,
    from: [`${api}/routes`, `${api}/plugins`],
    message: 'The database layer does not import routes or plugins.',
  },
  // Routes share data access through each other's repository.ts, and nothing else of another route's folder.
  ...folders(`${api}/routes`).map((route) => ({
    target: `${api}/routes/${route}`,
    from: path.join(root, `${api}/routes/!(${route})/**`),
    except: [path.join(root, `${api}/routes/*/repository.ts`)],
    message: "A route imports another route's repository.ts only; anything else they share moves out of routes/.",
  })),
  {
    target: 'packages/shop-core',
    from: 'apps',
    message: 'shop-core is shared by both apps and imports nothing from them.',
  },
];

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
);
