// The import-boundary rules of eslint.config.js, shown on snippets placed at real paths: an import that
// crosses a layer fails `npm run lint`, the allowed ways pass. The imported files must exist to be checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `import` lines written into a file at `filePath`. */
async function boundaryErrors(filePath, ...imports) {
  const code = imports.map((from, index) => `import * as imported${index} from '${from}';\nconsole.log(imported${index});\n`).join('');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
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
  it('db/ importing routes or plugins fails lint', async () => {
    const errors = await boundaryErrors('apps/api/src/db/x.ts', '../routes/users/repository.ts', '../plugins/app/storage.ts');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('The database layer does not import routes or plugins');
  });

  it('db/ may use accounts, storage and lib', async () => {
    expect(await boundaryErrors('apps/api/src/db/x.ts', '../accounts/users.ts', '../storage/images.ts', '../lib/ids.ts')).toEqual([]);
  });

  it("a route may import another route's repository, and nothing else of it", async () => {
    expect(await boundaryErrors('apps/api/src/routes/orders/x.ts', '../users/repository.ts', './repository.ts')).toEqual([]);
    expect(await boundaryErrors('apps/api/src/routes/orders/x.ts', '../users/index.ts')).toHaveLength(1);
  });
});

describe('shop-core', () => {
  it('imports nothing from the apps', async () => {
    expect(await boundaryErrors('packages/shop-core/src/x.ts', '../../../apps/api/src/lib/ids.ts')).toHaveLength(1);
  });
});
