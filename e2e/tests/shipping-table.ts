// The delivery table is the shop's one table: a journey that changes it (the admin's Delivery page, the storefront's
// fees by governorate) holds it alone — a lock directory in the run's data directory, shared by the runner's
// workers — and puts it back as it found it, so journeys running side by side never see each other's prices.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { call, type Account } from './api.ts';

const STALE_MS = 5 * 60_000;

function lockDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return path.join(dataDir, 'shipping-table.lock');
}

async function lock(): Promise<void> {
  const dir = lockDir();
  for (const started = Date.now(); Date.now() - started < STALE_MS; ) {
    try {
      mkdirSync(dir);
      return;
    } catch {
      // held by another worker; one left behind by a killed worker goes after a while
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('the delivery table stayed locked by another journey');
}

/** Runs `journey` holding the delivery table, then puts the table back as it was (even when the journey fails). */
export async function withShippingTable<T>(request: APIRequestContext, admin: Account, journey: () => Promise<T>): Promise<T> {
  await lock();
  try {
    const before = await call(request, 'getShipping');
    try {
      return await journey();
    } finally {
      await call(request, 'updateShipping', { body: before, token: admin.token });
    }
  } finally {
    rmSync(lockDir(), { recursive: true, force: true });
  }
}
