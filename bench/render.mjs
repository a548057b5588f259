// The markdown of results/bench.md, from the merged results of bench.json.
import { checkoutColumns, pairColumns, pairRows, poolColumns, workersColumns } from './api.mjs';
import { table } from './lib/common.mjs';
import { lighthouseColumns } from './lighthouse.mjs';
import { startupColumns } from './startup.mjs';
import { renderTargets, targets } from './targets.mjs';
import { ORIGINAL, weightColumns } from './weight.mjs';

export function withFailureText(result) {
  const text = Object.entries(result.failures ?? {}).map(([what, n]) => `${what}: ${n}`).join(', ');
  return { ...result, failureText: text || 'none' };
}

/** A checkout row's CPU per order (lib/cpu.mjs) as one cell. */
export function withCpuText(row) {
  const per = row.cpuMsPerOrder;
  return { ...row, cpuText: per ? `${per.server} + ${per.postgres} + ${per.bench}` : '' };
}

export function renderBenchMarkdown(merged) {
  const s = merged.sections;
  const parts = [
    '# Benchmark results (`npm run bench`)',
    '',
    `Written by bench/run.mjs; updated ${merged.updatedAt}. Machine: ${merged.machine.cpus} × ${merged.machine.cpuModel}, ${merged.machine.memoryGB} GB, Node ${merged.machine.node}, PostgreSQL ${merged.machine.postgres ?? '?'}.`,
    'Each section shows the command that produced it, when, and the load average (1/5/15 min) of the machine just before it ran.',
    '',
  ];
  const section = (title, data, body) => {
    if (!data) return;
    parts.push(`## ${title}`, '', `\`${data.command}\` · ${data.measuredAt} · load before: ${data.loadAverageBefore}`, '', body, '');
  };
  section('Storefront weight (first load, from the production build)', s.weight, s.weight && [
    table(weightColumns, s.weight.pages).markdown,
    '',
    `Original app: ${ORIGINAL.jsGzipKB} kB JS and ${ORIGINAL.cssGzipKB} kB CSS (gzip) on every page. Files found from: ${s.weight.source}.`,
    `Largest files on the home page: ${s.weight.largestOnHome.map((f) => `${f.file} ${f.gzipKB} kB gzip`).join(', ')}. Pre-compressed (.br/.gz) files in dist/assets: ${s.weight.precompressedFiles}.`,
  ].join('\n'));
  section('Lighthouse (mobile, median of the runs)', s.lighthouse, s.lighthouse && [
    table(lighthouseColumns, s.lighthouse.pages).markdown,
    '',
    `${s.lighthouse.settings}; ${s.lighthouse.runs} runs per page; Lighthouse's benchmarkIndex of the machine: ${s.lighthouse.pages.map((p) => p.benchmarkIndex).join(' / ')}.`,
    '',
    ...s.lighthouse.pages.flatMap((p) => {
      const lost = Object.entries(p.failures ?? {}).flatMap(([category, audits]) => audits.map((a) => `${category}: ${a.title}${a.display ? ` (${a.display})` : ''}`));
      return lost.length ? [`- ${p.page}: ${lost.join('; ')}`] : [];
    }),
  ].join('\n'));
  section(`Server-rendered pages beside a bare node:http server (${s.pages?.connections} connections, ${s.pages?.durationSeconds} s each)`, s.pages, s.pages && [
    table(pairColumns.filter((column) => !column.key.startsWith('uncached') && !column.key.endsWith('Cpu')), pairRows(s.pages.results)).markdown,
    '',
    '"shop" reads one page over and over (rendered once, then answered from the page cache); "bare" is a node:http server in its own process answering the same HTML bytes.',
  ].join('\n'));
  const pairs = [...(s.apiEmbedded?.results ?? []), ...(s.apiPostgres?.results ?? [])];
  if (pairs.length) {
    section(`Catalog reads beside a bare node:http server (${s.apiEmbedded?.connections ?? s.apiPostgres?.connections} connections, ${s.apiEmbedded?.durationSeconds ?? s.apiPostgres?.durationSeconds} s each)`, s.apiEmbedded ?? s.apiPostgres, [
      table(pairColumns, pairRows(pairs)).markdown,
      '',
      '"shop" reads one URL over and over (served from the in-process catalog cache after the first answer); "uncached" sends `Cache-Control: no-cache` and a unique `_=` parameter with every request, so each one goes through the route and the database; "bare" is a node:http server in its own process answering the same bytes with the same content type. The CPU columns (bench/lib/cpu.mjs, from /proc) divide what the run cost the server process of the shop, the backends of PostgreSQL and the load generator in the bench by the requests answered: on 2 cores, 2 s of CPU a second is all there is.',
    ].join('\n'));
  }
  section('Checkout on the embedded default and on PostgreSQL', s.checkout ?? s.checkoutEmbedded, (s.checkout || s.checkoutEmbedded) && [
    table(checkoutColumns, [s.checkoutEmbedded?.result, s.checkout?.result].filter(Boolean).map((result) => withCpuText(withFailureText(result)))).markdown,
    '',
    'Each customer, in a loop: add two products to the cart, then place a cash order with an Idempotency-Key, as the storefront does. CPU per order: the run\'s CPU (server process, PostgreSQL\'s backends, the bench) over the orders placed, the loop\'s three requests included.',
  ].join('\n'));
  section('Checkout with a governorate fee and a discount code (issue 29)', s.checkoutPriced, s.checkoutPriced && [
    table(checkoutColumns, [s.checkout?.result, s.checkoutPriced.result].filter(Boolean).map((result) => withCpuText(withFailureText(result)))).markdown,
    '',
    `The same loop on the same server, each order to Aswan (EGP 85 delivery, EGP 15 cash fee) with a 10% code: ${s.checkoutPriced.ratio}x the plain run's orders per second (issue 29 asks within 10%, 0.9x or more).`,
  ].join('\n'));
  section('Checkout on PostgreSQL by pool size (DB_POOL_MAX)', s.checkoutPool, s.checkoutPool && [
    table(poolColumns, s.checkoutPool.rows.map(withFailureText)).markdown,
    '',
    'The same checkout run against one server per pool size, one after the other, on the same database.',
  ].join('\n'));
  section('Catalog reads with 1 and 2 worker processes (PostgreSQL)', s.workers, s.workers && table(workersColumns, s.workers.rows).markdown);
  section('Embedded default: start to first page, peak memory', s.startup, s.startup && [
    table(startupColumns, s.startup.rows).markdown,
    '',
    'The peak is the shop process\'s own (VmHWM) plus the peak of its embedded PostgreSQL\'s processes together (their PSS: shared pages divided among the processes that map them), sampled every 20 ms while starting: an upper bound of the two at once.',
  ].join('\n'));
  parts.push('## Targets (issue 6, Reach)', '', renderTargets(targets(merged)).markdown, '');
  return parts.join('\n');
}

