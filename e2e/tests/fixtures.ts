// Every journey fails on a console error or a failed request, and can save a screenshot per screen (with
// E2E_SCREENSHOTS=1: a full-page shot of a phone at 3x is costly, and nothing reads them but a person reviewing the look).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { LANG_COOKIE, type Lang } from '@shop/core/locale';

const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');

export const test = base.extend<{
  failOnConsoleErrors: void;
  shot: (name: string) => Promise<void>;
  /** console errors a test provokes on purpose, e.g. Chromium's line for a 415 the page handles */
  expectedConsoleErrors: RegExp[];
}>({
  expectedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors, javaScriptEnabled }, use) => {
      const problems: string[] = [];
      // a page the server answers 404 (an unknown address or product) is the error screen meant, not a failure;
      // Chromium still logs its status as a console error
      const notFoundPages = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) notFoundPages.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        if (/status of 404/.test(message.text()) && notFoundPages.has(message.location().url)) return;
        problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? '';
        // navigations away from a page abort its pending requests; that is not a failure of the shop
        if (failure.includes('ERR_ABORTED')) return;
        // with JavaScript off, Chromium refuses the page's scripts (reported as "csp")
        if (!javaScriptEnabled && request.resourceType() === 'script' && failure === 'csp') return;
        problems.push(`request failed: ${request.url()} ${failure}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 500) problems.push(`server error: ${response.status()} ${response.url()}`);
      });
      await use();
      expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
  shot: async ({ page }, use, testInfo) => {
    await use(async (name: string) => {
      if (process.env.E2E_SCREENSHOTS !== '1') return;
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotDir, `${testInfo.project.name}-${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/**
 * Waits until the app has taken the server's page over (the layout marks <html> data-ready): before that, its buttons
 * are drawn but do nothing when pressed.
 */
export async function appReady(page: Page) {
  await expect(page.locator('html[data-ready]')).toBeAttached();
}

/** The toasts on screen. */
export function toasts(page: Page) {
  // the toasts are what the eye sees; screen readers hear them from the announcer's live regions
  return page.getByRole('region', { name: /^(Notifications|الإشعارات)/ }).locator('.Toastify__toast');
}

/** A toast with this sentence shows; it is then closed by a click, so the next check sees a fresh one. */
export async function expectToast(page: Page, text: string) {
  const toast = toasts(page).filter({ hasText: text });
  await expect(toast).toBeVisible();
  // on a busy machine it can close by itself while the click waits for it to stop moving: gone either way
  await toast.click({ timeout: 10_000 }).catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('button', { name: /log ?in/i }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill(account.email);
  await dialog.getByLabel(/password/i).fill(account.password);
  await dialog.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(dialog).toBeHidden();
}

/** The shop's language for this browser: the lang cookie, which wins over the browser's own. */
export async function useLanguage(context: BrowserContext, baseURL: string, lang: Lang) {
  await context.addCookies([{ name: LANG_COOKIE, value: lang, url: baseURL }]);
}

/** A product's page: its name, encoded (names hold spaces, & and Arabic letters). */
export function productPath(name: string): string {
  return `/products/${encodeURIComponent(name)}`;
}

/** The navbar's My Account link (pages below the hub have a back link with the same words). */
export function accountLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: 'My Account', exact: true });
}

export function cartLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart/ });
}

/** Opens the side panel from the navbar; answers the panel. */
export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}
