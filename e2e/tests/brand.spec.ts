// Issue 28, the brand's own shop: the admin renames the shop, uploads a logo, changes the accent colour (a colour too
// light is refused and the nearest darker one offered), turns the announcement on and rewrites the Returns page, from
// the dashboard's Settings, in English and in Arabic, at phone and desktop size. The storefront's header, footer,
// titles and Open Graph tags, the Returns page and the next order's mail show it; axe finds nothing on the settings
// screen or on the changed storefront.
//
// Every page of every other journey shows the shop's name, logo and colour: this file runs in a project of its own
// after all of them (playwright.config.ts), its tests one after the other, and puts the settings back as it found them.
// Alone: npx playwright test --project brand --no-deps
import sharp from 'sharp';
import { devices, type Page } from '@playwright/test';
import { nearestAccent } from '@shop/core/colour';
import type { Lang } from '@shop/core/locale';
import type { Settings } from '@shop/core/contract/settings';
import { adminAccount, addToCart, call, catalogWithCustomer, placeCashOrder, runTag, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { catalogNames, expectArabicPage } from './english-left.ts';
import { expect, expectToast, productPath, test, useLanguage } from './fixtures.ts';
import { latestMail } from './outbox.ts';

const WORDS = {
  en: {
    settings: 'Settings', name: 'Shop name', nameAr: 'Shop name in Arabic', logo: 'Upload a logo', colour: 'Colour (hex)',
    showAnnouncement: 'Show the announcement bar', announcement: 'Announcement', announcementAr: 'Announcement in Arabic',
    returns: 'Returns', returnsAr: 'Returns in Arabic', save: 'Save settings', uploaded: 'Logo has been uploaded', saved: 'Settings have been saved',
    nearest: /^Use #[0-9a-f]{6}, the nearest darker one$/, tooLight: 'Accent colour #ffcc00 is too light', home: 'Clothing for men and women in Egypt',
  },
  ar: {
    settings: 'الإعدادات', name: 'اسم المتجر', nameAr: 'اسم المتجر بالعربية', logo: 'رفع شعار', colour: 'اللون (سداسي عشري)',
    showAnnouncement: 'إظهار شريط الإعلان', announcement: 'الإعلان', announcementAr: 'الإعلان بالعربية',
    returns: 'الاسترجاع', returnsAr: 'الاسترجاع بالعربية', save: 'حفظ الإعدادات', uploaded: 'تم رفع الشعار', saved: 'تم حفظ الإعدادات',
    nearest: /^استخدم #[0-9a-f]{6}، أقرب لون أغمق$/, tooLight: 'لون التمييز #ffcc00 فاتح جدًا', home: 'ملابس للرجال والنساء في مصر',
  },
} as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** A logo as the owner's designer would send it: a PNG, or an SVG (drawn to pixels by the server). */
async function logoFile(kind: 'png' | 'svg', colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect width="240" height="80" rx="12" fill="${colour}"/><circle cx="40" cy="40" r="24" fill="#ffffff"/></svg>`;
  if (kind === 'svg') return { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) };
  return { name: 'logo.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

let before: Settings;
test.beforeAll(async ({ request }) => {
  before = await call(request, 'getSettings');
});
test.afterAll(async ({ request }) => {
  const admin = await adminAccount(request);
  await call(request, 'updateSettings', { body: before, token: admin.token });
});

/** The page names the shop in its <title>, og:site_name and og:title. */
async function expectNamed(page: Page, name: string, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
}

// the sizes of the other journeys' phone and desktop projects
const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['iPhone 13'];
const SIZES = [
  { label: 'a phone', use: { userAgent, deviceScaleFactor, isMobile, hasTouch, viewport: { width: 375, height: 812 } } },
  { label: 'a desktop', use: { viewport: { width: 1280, height: 800 } } },
];

for (const size of SIZES) {
  test.describe(`on ${size.label}`, () => {
    test.use(size.use);

    for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
      test(`the admin brands the shop from the dashboard, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL }, testInfo) => {
        test.setTimeout(180_000);
        const words = WORDS[lang];
        const tag = runTag(testInfo).slice(-6);
        const name = `Sahara ${tag}`;
        const nameAr = `ساهارا ${tag}`;
        const local = lang === 'ar' ? nameAr : name;
        const announcement = { en: `Free delivery this week ${tag}`, ar: `توصيل مجاني هذا الأسبوع ${tag}` };
        const accent = nearestAccent('#ffcc00');
        const { products, customer } = await catalogWithCustomer(request, runTag(testInfo));
        const admin = await adminAccount(request);
        await useSession(context, baseURL!, admin);
        await useLanguage(context, baseURL!, lang);
        const problems: string[] = [];
        const current = await call(request, 'getSettings');

        // the account hub's Settings tile leads to the screen
        await page.goto(`/account/${encodeURIComponent(admin.username)}`);
        await page.getByRole('link', { name: new RegExp(`^${words.settings}`) }).click();
        await expect(page.getByRole('heading', { level: 1, name: words.settings })).toBeVisible();
        await expect(page.getByRole('textbox', { name: words.name, exact: true })).toHaveValue(current.name);
        problems.push(...(await audit(page, `settings (${lang})`)));

        await page.getByRole('textbox', { name: words.name, exact: true }).fill(name);
        await page.getByRole('textbox', { name: words.nameAr, exact: true }).fill(nameAr);

        // the logo is stored as soon as it is chosen
        await page.getByLabel(words.logo).setInputFiles(await logoFile(lang === 'en' ? 'png' : 'svg', '#1d3557'));
        await expectToast(page, words.uploaded);
        await expect(page.locator('.settings-logo__preview img')).toHaveAttribute('src', /\/images\/logo-[0-9a-f-]+\.png$/);

        // a colour white text cannot be read on is refused before saving, and the nearest darker one offered
        const colour = page.getByRole('textbox', { name: words.colour, exact: true });
        await colour.fill('#ffcc00');
        await expect(page.locator('.settings-colour__problem')).toContainText(words.tooLight);
        await page.getByRole('button', { name: words.nearest }).click();
        await expect(colour).toHaveValue(accent);
        await expect(page.locator('.settings-colour__problem')).toHaveCount(0);

        await page.getByLabel(words.showAnnouncement).check();
        await page.getByRole('textbox', { name: words.announcement, exact: true }).fill(announcement.en);
        await page.getByRole('textbox', { name: words.announcementAr, exact: true }).fill(announcement.ar);
        await page.getByRole('textbox', { name: words.returns, exact: true }).fill(`Send it back **within 14 days** ${tag}.\n\n- Unworn\n- With its tags`);
        await page.getByRole('textbox', { name: words.returnsAr, exact: true }).fill(`أعده **خلال ١٤ يومًا** ${tag}.\n\n- غير ملبوس\n- ببطاقاته`);
        problems.push(...(await audit(page, `settings filled (${lang})`)));
        // the Arabic dashboard is Arabic through and through (the image formats keep their names)
        // (names the journeys wrote: this one's, and what the shop was called before it)
        if (lang === 'ar') await expectArabicPage(page, [name, tag, current.name, current.nameAr, current.announcement.textAr], [/\b(PNG|JPEG|WebP|GIF|SVG)\b/g]);
        await page.getByRole('button', { name: words.save }).click();
        await expectToast(page, words.saved);
        const saved = await call(request, 'getSettings');
        expect(saved).toMatchObject({ name, nameAr, accentColor: accent, announcement: { enabled: true, text: announcement.en, textAr: announcement.ar } });

        // the storefront, drawn by the server: the logo, the announcement in the accent colour, the name in the head
        await page.goto('/');
        const logo = page.getByRole('banner').getByRole('link', { name });
        await expect(logo.locator('img')).toHaveAttribute('src', saved.logoUrl!);
        await expect.poll(() => logo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        const bar = page.locator('.announcement');
        await expect(bar).toHaveText(announcement[lang]);
        await expect(bar).toHaveCSS('background-color', rgb(accent));
        await expectNamed(page, local, new RegExp(`^${escape(local)} · ${words.home}$`));
        await expect(page.getByRole('contentinfo')).toContainText(local);
        problems.push(...(await audit(page, `home (${lang})`)));
        // (the run's tag in the names is the test's own Latin)
        if (lang === 'ar') await expectArabicPage(page, async () => [...(await catalogNames(request)), tag]);

        const product = products[0]!;
        await page.goto(productPath(product.name));
        await expectNamed(page, local, new RegExp(` · ${escape(local)}$`));

        // the Returns page, linked from the footer
        await page.getByRole('contentinfo').getByRole('link', { name: words.returns, exact: true }).click();
        await expect(page).toHaveURL(/\/pages\/returns$/);
        await expect(page.getByRole('heading', { level: 1, name: words.returns })).toBeVisible();
        await expect(page.locator('.shop-text strong')).toHaveText(lang === 'en' ? 'within 14 days' : 'خلال ١٤ يومًا');
        await expect(page.locator('.shop-text li')).toHaveCount(2);
        problems.push(...(await audit(page, `returns (${lang})`)));
        // the same page as the server draws it: its title and description
        await page.reload();
        await expectNamed(page, local, new RegExp(`^${words.returns} · ${escape(local)}$`));

        // the next order's mail: the new name, from it, with the logo
        await addToCart(request, customer, product, 1);
        await placeCashOrder(request, customer, [{ product, quantity: 1 }]);
        const mail = await latestMail(customer.email, new RegExp(`^Your ${escape(name)} order #\\d+ is placed$`));
        expect(mail.from?.value[0]?.name).toBe(name);
        expect(String(mail.html)).toMatch(new RegExp(`<img src="https?://[^"]+${escape(saved.logoUrl!)}" alt="${escape(name)}"`));

        report(problems);
      });
    }
  });
}
