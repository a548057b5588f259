import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app/styles.css';
import type { PageData } from './app/page-data.ts';
import { createRouter, routes } from './app/router.tsx';
import { primeQueries } from './lib/query.ts';
import { startLanguage } from './lib/i18n.ts';
import { primeBrandFromShell } from './lib/settings.ts';

const root = document.getElementById('root')!;
// A page the server rendered carries what it was rendered from (a JSON data block, which the CSP does not run).
const carried = document.getElementById('page-data')?.textContent;

// Not a top-level await: with one, the bundler would split every module the lazy pages share out of the entry.
async function hydrate(carried: string) {
  const page = JSON.parse(carried) as PageData;
  primeQueries(page.queries);
  // React Router reads its state (a 404's error) from here, as its own server rendering would leave it
  (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = page.router;
  // the page's lazy chunk is loaded before hydrating, so the first render is the one the server made
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  // a task of its own: the scripts' evaluation and the hydration are two shorter tasks, not one long one that holds
  // a phone's first tap
  await new Promise((resolve) => setTimeout(resolve, 0));
  hydrateRoot(root, <StrictMode><RouterProvider router={createRouter()} /></StrictMode>);
}

// the language first: an Arabic visit loads its catalog (a chunk English pages never fetch) before any render
void startLanguage().then(() => {
  if (carried) {
    void hydrate(carried);
  } else {
    // the shell of a page the browser draws carries the brand's settings (the API writes them in)
    primeBrandFromShell();
    createRoot(root).render(<StrictMode><RouterProvider router={createRouter()} /></StrictMode>);
  }
});
