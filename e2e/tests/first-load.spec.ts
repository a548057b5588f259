import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureWeight } from '../../bench/weight.mjs';

// Issue 42's budget of the JavaScript a page loads before it is the browser's (gzip, level 9, as `npm run bench`
// weighs it, from the build this run serves): what Lighthouse's total blocking time on a phone grows with. A page
// over it fails here, not a month later in a bench run; a feature that is not on the first screen is a lazy chunk.
const BUDGET = { 'home (/)': 63_000, 'product (/products/x)': 70_000 } as const;

// One measure of the build is enough: the phone project runs this file, the desktop one does not list it
// (playwright.config.ts, DESKTOP).

test('first-load JavaScript stays within budget: home <= 63 kB and product <= 70 kB gzip', () => {
  const { source, pages } = measureWeight(path.resolve(import.meta.dirname, '../../apps/web/dist'));
  expect(source).toBe('vite manifest');
  for (const [page, limit] of Object.entries(BUDGET)) {
    const weight = pages.find((measured) => measured.page === page);
    expect(weight, page).toBeDefined();
    expect(weight!.jsGzipBytes, `${page}: ${weight!.files.filter((file) => file.endsWith('.js')).join(', ')}`).toBeLessThanOrEqual(limit);
  }
});
