// Lighthouse (mobile settings, Lighthouse's defaults) for the home, shop and a product page, 3 runs each, in
// Chromium (Debian's where installed, else the packaged one the e2e journeys use); every figure is the median of the runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { log, median, round } from './lib/common.mjs';

import { findChromium } from '../e2e/chromium.mjs';

/**
 * CHROME_PATH, else Debian's full browser where it is installed (the figures so far were taken in it), else the one
 * the e2e journeys use (e2e/chromium.mjs: the headless shell @sparticuz/chromium ships).
 */
async function chromium() {
  const chosen = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const found = await findChromium(chosen ? { CHROMIUM_PATH: chosen } : process.env);
  if ('missing' in found) throw new Error(found.missing);
  return found;
}
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Audits that lost points in a category, for the findings: id, title and up to three offending items. */
function failures(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      display: audit.displayValue,
      // some audits' details hold no list of items (an object of their own): none then
      items: (Array.isArray(audit.details?.items) ? audit.details.items : []).slice(0, 3).map((item) => item.node?.snippet ?? item.node?.selector ?? item.url ?? item.source?.url ?? item.description ?? JSON.stringify(item).slice(0, 160)),
    }));
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    transferKB: round((audit('total-byte-weight') ?? NaN) / 1000, 1),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    runtimeError: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

export async function runLighthouse(pages) {
  const browser = await chromium();
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: FLAGS,
    userDataDir,
    logLevel: 'silent',
    envVars: { ...process.env, ...browser.env },
  });
  const results = [];
  try {
    for (const page of pages) {
      const runs = [];
      let lastFailures = null;
      for (let i = 0; i < RUNS; i++) {
        const answer = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        const lhr = answer.lhr;
        runs.push(summarise(lhr));
        lastFailures = Object.fromEntries(CATEGORIES.map((category) => [category, failures(lhr, category)]));
        log(`lighthouse ${page.name} run ${i + 1}: perf ${runs.at(-1).performance} a11y ${runs.at(-1).accessibility} bp ${runs.at(-1).bestPractices} seo ${runs.at(-1).seo}`);
      }
      const pick = (key) => median(runs.map((run) => run[key]));
      results.push({
        page: page.name,
        copy: Boolean(page.copy),
        url: page.path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: round(pick('lcpMs'), 0),
        tbtMs: round(pick('tbtMs'), 0),
        cls: round(pick('cls'), 3),
        fcpMs: round(pick('fcpMs'), 0),
        transferKB: pick('transferKB'),
        performanceRuns: runs.map((run) => run.performance).join(' / '),
        benchmarkIndex: round(pick('benchmarkIndex'), 0),
        lcpElement: runs.at(-1).lcpElement,
        runtimeErrors: runs.map((run) => run.runtimeError).filter(Boolean),
        failures: lastFailures,
      });
    }
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return results;
}

export const lighthouseColumns = [
  { key: 'page', title: 'page', align: 'left' },
  { key: 'performance', title: 'perf' },
  { key: 'performanceRuns', title: 'perf runs', align: 'left' },
  { key: 'accessibility', title: 'a11y' },
  { key: 'bestPractices', title: 'best pr.' },
  { key: 'seo', title: 'SEO' },
  { key: 'fcpMs', title: 'FCP ms' },
  { key: 'lcpMs', title: 'LCP ms' },
  { key: 'tbtMs', title: 'TBT ms' },
  { key: 'cls', title: 'CLS' },
  { key: 'transferKB', title: 'transfer kB' },
];
