// Paths, small statistics, the printed tables and the results files every benchmark shares.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(benchDir, '..');
export const resultsDir = path.join(benchDir, 'results');
export const at = (...parts) => path.join(root, ...parts);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
export const kB = (bytes) => round(bytes / 1000, 1);

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A plain-text table for the terminal and a markdown table for the results file, from one list of rows. */
export function table(columns, rows) {
  const cells = rows.map((row) => columns.map((column) => format(row[column.key])));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((row) => row[i].length)));
  const line = (values) => values.map((value, i) => (columns[i].align === 'left' ? value.padEnd(widths[i]) : value.padStart(widths[i]))).join('  ');
  const text = [line(columns.map((c) => c.title)), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
  const markdown = [
    `| ${columns.map((c) => c.title).join(' | ')} |`,
    `| ${columns.map((c) => (c.align === 'left' ? '---' : '---:')).join(' | ')} |`,
    ...cells.map((row) => `| ${row.map((value) => value.replaceAll('|', '\\|')).join(' | ')} |`),
  ].join('\n');
  return { text, markdown };
}

function format(value) {
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return '–';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return String(value);
}

export function machine() {
  let postgres = null;
  try {
    postgres = execSync('psql -h 127.0.0.1 -U postgres -d test -Atc "show server_version"', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // psql is only used to label the results
  }
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGB: round(os.totalmem() / 1e9, 1),
    node: process.version,
    postgres,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
  };
}

/**
 * Results are merged by section, so running one measure (`--only api`) keeps the others' last figures;
 * each section carries its own date.
 */
export function saveResults(name, sections, renderMarkdown) {
  mkdirSync(resultsDir, { recursive: true });
  const jsonFile = path.join(resultsDir, `${name}.json`);
  const previous = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : { sections: {} };
  const merged = { updatedAt: new Date().toISOString(), machine: machine(), sections: { ...previous.sections, ...sections } };
  writeFileSync(jsonFile, `${JSON.stringify(merged, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}.md`), renderMarkdown(merged));
  return merged;
}

export function parseArgs(argv) {
  // from the root, `npm run bench -- --only=x` would reach npm, not this script: the same settings come as variables too
  const args = {
    only: process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null,
    build: !['1', 'true'].includes(process.env.BENCH_NO_BUILD ?? ''),
  };
  for (const arg of argv) {
    if (arg.startsWith('--only=')) args.only = new Set(arg.slice('--only='.length).split(','));
    else if (arg === '--no-build') args.build = false;
    else if (arg.startsWith('--')) {
      const [key, value] = arg.slice(2).split('=');
      args[key] = value ?? true;
    }
  }
  return args;
}
