// Issue 14: the whole cash order by keyboard alone, at phone and desktop size. The mouse is never used: only
// Tab, Shift+Tab, Enter, Space and typing. After every key the focus must be somewhere meaningful (a control,
// a heading or `main`, never <body>) and not hidden under the sticky header.
import type { Page } from '@playwright/test';
import type { Product } from '@shop/core/contract/catalog';
import { addToCart, call, catalogWithCustomer, runTag } from './api.ts';
import { appReady, expect, test, toasts } from './fixtures.ts';
import { tabTo, type TabOptions } from './page-steps.ts';

interface FocusState {
  ok: boolean;
  what: string;
  top: number;
  headerBottom: number;
  exempt: boolean;
}

/** Where the focus is, and whether the sticky header covers it (the header's own controls, dialogs and the skip link are above it). */
function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const header = document.querySelector('header')!.getBoundingClientRect();
    if (!element || element === document.body || element === document.documentElement) {
      return { ok: false, what: 'body', top: 0, headerBottom: header.bottom, exempt: true };
    }
    const meaningful = element.matches('a[href], button, input, select, textarea, summary, [role="tab"], [role="radio"], h1, h2, h3, main, dialog');
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
    const exempt = Boolean(element.closest('header, dialog[open], .skip-link, .Toastify'));
    return { ok: meaningful && element.isConnected, what, top: element.getBoundingClientRect().top, headerBottom: header.bottom, exempt };
  });
}

async function expectFocusSane(page: Page, step: string) {
  const state = await focusState(page);
  expect(state.ok, `${step}: the focus is on ${state.what}`).toBe(true);
  if (state.exempt) return;
  // the page may still be scrolling (smoothly) to what got the focus, slowly on a loaded machine
  await expect
    .poll(async () => { const now = await focusState(page); return now.top - now.headerBottom; }, { message: `${step}: ${state.what} is under the sticky header`, timeout: 6000 })
    .toBeGreaterThanOrEqual(-1);
}

/** tabTo's options for a step of this journey: after each press the focus is sane (expectFocusSane). */
function keys(page: Page, step: string, options: { back?: boolean } = {}): TabOptions {
  return { ...options, step, afterPress: (presses) => expectFocusSane(page, `${step} (key ${presses})`) };
}

async function press(page: Page, key: string, step: string) {
  await page.keyboard.press(key);
  await expectFocusSane(page, step);
}

test('a customer orders by keyboard alone, and the focus is never lost or hidden', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const tag = runTag(testInfo);
  const { products, customer } = await catalogWithCustomer(request, tag);
  const [shirt, trousers] = products as [Product, Product];
  // something already waits in the cart, so a line can be removed on the way
  await addToCart(request, customer, trousers, 1);
  const polite = page.locator('[role="status"][aria-live="polite"]');
  const assertive = page.locator('[role="alert"][aria-live="assertive"]');
  // the titles end with the shop's name, as its settings have it
  const { name: shop } = await call(request, 'getSettings');

  await page.goto('/');
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appReady(page);

  // log in from the navbar; the modal gives the focus to My Account once it closes itself
  const banner = page.getByRole('banner');
  await tabTo(page, banner.getByRole('button', { name: 'Login' }), keys(page, 'to Login'));
  await press(page, 'Enter', 'open the login modal');
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Email')).toBeVisible();
  await tabTo(page, modal.getByLabel('Email'), keys(page, 'to the email field'));
  await page.keyboard.type(customer.email);
  await press(page, 'Tab', 'to the password field');
  await expect(modal.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(customer.password);
  await press(page, 'Enter', 'log in');
  await expect(modal).toBeHidden();
  await expect(banner.getByRole('link', { name: 'My Account' })).toBeFocused();
  await expectFocusSane(page, 'after logging in');

  // find the shirt with the search panel, then open it
  await tabTo(page, banner.getByRole('button', { name: 'Search' }), keys(page, 'to Search', { back: true }));
  await press(page, 'Enter', 'open the search panel');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
  await page.keyboard.type(shirt.name);
  await press(page, 'Enter', 'search');
  await expect(page).toHaveURL(/\/shop\/search\?search=/);
  await expect(page.getByRole('dialog', { name: 'Search products' })).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();
  await expect(polite).toContainText(shop);
  const result = page.getByRole('main').getByRole('link', { name: shirt.name }).first();
  await tabTo(page, result, keys(page, 'to the search result'));
  await press(page, 'Enter', 'open the product');
  await expect(page.getByRole('heading', { level: 1, name: shirt.name })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  await expect(polite).toHaveText(`${shirt.name} · ${shop}`);

  // two of them, then Add to cart: the busy button keeps the focus
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  await tabTo(page, increase, keys(page, 'to Increase quantity'));
  await press(page, 'Enter', 'quantity 2');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  const addButton = page.getByRole('button', { name: 'Add to cart' });
  await tabTo(page, addButton, keys(page, 'to Add to cart'));
  await press(page, 'Enter', 'Add to cart');
  await expect(banner.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(addButton).toBeFocused();
  // back up the page with Shift+Tab: nothing hides under the header on the way
  await tabTo(page, banner.getByRole('link', { name: /^Cart/ }), keys(page, 'back to the cart link', { back: true }));
  await press(page, 'Enter', 'open the cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();

  // update the shirt's line: the focus stays on its quantity once Update goes away
  const shirtLine = page.getByRole('group', { name: `Quantity of ${shirt.name}` });
  await tabTo(page, shirtLine.getByRole('button', { name: 'Increase quantity' }), keys(page, 'to the line\'s Increase quantity'));
  await press(page, 'Space', 'quantity 3');
  await tabTo(page, page.getByRole('button', { name: 'Update' }), keys(page, 'to Update'));
  await press(page, 'Enter', 'Update');
  await expect(toasts(page).filter({ hasText: 'Item has been updated' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(shirtLine.getByRole('spinbutton', { name: 'Quantity' })).toBeFocused();
  await expect(shirtLine.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
  await expectFocusSane(page, 'after Update');

  // remove the trousers: the focus goes to the line left in the list
  await tabTo(page, page.getByRole('button', { name: `Remove ${trousers.name} from cart` }), keys(page, 'to Remove', { back: true }));
  await press(page, 'Enter', 'Remove');
  await expect(toasts(page).filter({ hasText: 'Product has been deleted from your cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: trousers.name })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: shirt.name })).toBeFocused();
  await expectFocusSane(page, 'after Remove');

  // check out with an empty form: the first of SPEC's messages, said aloud, and the focus is kept
  await tabTo(page, page.getByRole('link', { name: 'Check out' }), keys(page, 'to Check out'));
  await press(page, 'Enter', 'open the checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await tabTo(page, placeOrder, keys(page, 'to Place order'));
  await press(page, 'Enter', 'submit the empty form');
  await expect(toasts(page).filter({ hasText: 'Please write your first name' })).toBeVisible();
  await expect(assertive).toHaveText('Please write your first name');
  await expectFocusSane(page, 'after the empty submit');

  // fill it in, backwards to First name and forwards again
  await tabTo(page, page.getByLabel('First name'), keys(page, 'to First name', { back: true }));
  await page.keyboard.type('Mona');
  await press(page, 'Tab', 'to Second name');
  await page.keyboard.type('Adel');
  await press(page, 'Tab', 'to Phone');
  await page.keyboard.type('01001234567');
  await tabTo(page, page.getByLabel('City'), keys(page, 'to City'));
  await page.keyboard.type('Dokki');
  await press(page, 'Tab', 'to Address');
  await page.keyboard.type('12 Tahrir Street');
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await tabTo(page, placeOrder, keys(page, 'to Place order again'));
  await press(page, 'Enter', 'place the cash order');
  await expect(page).toHaveURL(/\/my-orders\/[^/]+$/);
  await expect(toasts(page).filter({ hasText: 'Your order has been placed' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  await expectFocusSane(page, 'after the order');
});

test('closing an overlay gives the focus back to what opened it, however it closes', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await appReady(page);
  const banner = page.getByRole('banner');
  const overlays = [
    { opener: banner.getByRole('button', { name: 'Login' }), dialog: page.getByRole('dialog'), close: 'Close' },
    { opener: banner.getByRole('button', { name: 'Open menu' }), dialog: page.getByRole('dialog', { name: 'Menu' }), close: 'Close menu' },
    { opener: banner.getByRole('button', { name: 'Search' }), dialog: page.getByRole('dialog', { name: 'Search products' }), close: 'Close search' },
  ];
  for (const { opener, dialog, close } of overlays) {
    for (const way of ['X', 'Escape', 'backdrop'] as const) {
      await opener.focus();
      await expect(opener).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      // where it has come to rest (it slides or fades in)
      await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      const box = (await dialog.boundingBox())!;
      const viewport = page.viewportSize()!;
      // a click on the backdrop: the screen's bottom corner, when the overlay leaves it uncovered (a phone's menu
      // covers the whole screen: it has no backdrop to click, and closes by its X or Escape)
      const corner = { x: viewport.width - 2, y: viewport.height - 2 };
      if (way === 'backdrop' && box.x + box.width > corner.x && box.y + box.height > corner.y) {
        await page.keyboard.press('Escape');
      } else if (way === 'X') {
        await tabTo(page, dialog.getByRole('button', { name: close, exact: true }), keys(page, `to ${close}`));
        await page.keyboard.press('Enter');
      } else if (way === 'Escape') {
        await page.keyboard.press('Escape');
      } else {
        await page.mouse.click(corner.x, corner.y);
      }
      await expect(dialog).toBeHidden();
      await expect(opener, `${await opener.textContent()} after closing by ${way}`).toBeFocused();
    }
  }
});

test('the New products arrows keep the focus when they reach an end', async ({ page }) => {
  // the arrows are shown from 768 px up (a phone swipes the row): a touch device that wide uses them too
  const viewport = page.viewportSize()!;
  if (viewport.width < 768) await page.setViewportSize({ width: 768, height: viewport.height });
  await page.goto('/');
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await appReady(page);
  // the New products rail's (the Bestsellers rail above it has its own)
  const rail = page.getByRole('region', { name: 'New products' });
  const next = rail.getByRole('button', { name: 'Next products' });
  const previous = rail.getByRole('button', { name: 'Previous products' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await tabTo(page, next, keys(page, 'to Next products'));
  for (let presses = 0; presses < 12 && (await next.getAttribute('aria-disabled')) !== 'true'; presses += 1) {
    await press(page, 'Enter', 'Next products');
    await page.waitForTimeout(600);
  }
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toBeFocused();
  await tabTo(page, previous, keys(page, 'to Previous products', { back: true }));
  await press(page, 'Enter', 'Previous products');
  await expect(next).toHaveAttribute('aria-disabled', 'false');
});
