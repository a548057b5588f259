// Issue 25, security item 2: the data directory (token secret, database password, customers' mail with live
// password-reset links, product pictures, backups, the database) is the shop's alone: folders 0700, files 0600. A
// folder left open by an older version is closed at start, and what the shop writes afterwards is born closed.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { createAdmin, createCategory, createUser, getTestContext, multipart } from '../helpers.ts';
import { openToOthers, startShop } from '../shop-process.ts';


describe('the data directory', () => {
  it('is closed to other users at start, and what the shop writes into it later is too', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-modes-'));
    // as an older version left it: everything readable by every local user
    chmodSync(dataDir, 0o755);
    // (no images folder: the start makes it, and must make it closed)
    for (const folder of ['outbox', 'pglite-moved-2026-11-01/base/1']) mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, 'outbox', 'old-reset-link.eml'), 'reset link', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'pglite-moved-2026-11-01', 'base', '1', '1259'), 'rows', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
    expect(openToOthers(dataDir).length).toBeGreaterThan(5);

    // on the run's database, so the tokens of the test's accounts work on it
    const { config } = await getTestContext();
    const shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: inject('testDatabaseUrl'), JWT_SECRET: config.jwtSecret, SEED_DEMO: 'never' });
    try {
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);

      // a password-reset mail (a live link) and an uploaded picture, written after the start
      const customer = await createUser();
      const reset = await fetch(`${shop.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: customer.user.email }),
      });
      expect(reset.status).toBe(200);
      const admin = await createAdmin();
      const category = await createCategory({ gender: 'men' });
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c96' } }).png().toBuffer();
      const form = await multipart(
        { name: `Modes Shirt ${Date.now()}`, description: 'Cotton.', price: '100', disCountPrecent: '0', gender: 'men', category: category.title },
        [{ data: png, filename: 'front.png', type: 'image/png' }],
      );
      const added = await fetch(`${shop.url}/api/products/add-product`, { method: 'POST', headers: { ...admin.auth, ...form.headers }, body: form.payload });
      expect(added.status).toBe(201);
      // (an order's mail owed by an earlier shop on the run's database may land here too: its job is this shop's now)
      const mail = async () => readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml') && !name.includes('-order-'));
      await expect.poll(async () => (await mail()).length, { timeout: 10_000 }).toBe(2);
      expect(readdirSync(path.join(dataDir, 'images')).length).toBeGreaterThan(1);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
