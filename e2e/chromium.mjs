// Which Chromium the journeys run in: CHROMIUM_PATH if set, else the headless Chromium that the @sparticuz/chromium
// package ships inside its npm tarball (built for serverless hosts; unpacked into the temp folder on first use, with
// the NSS libraries and fonts it brings), so `npm ci` is enough on x64 Linux, else Debian's /usr/bin/chromium. The
// packaged one first: it is a headless shell, and the journeys cost a fifth less CPU in it than in Debian's full
// browser (measured: 72 against 93 CPU-seconds for the same four files), which CI's 20 minutes need.
// Plain JavaScript: scripts/test.mjs checks with it before the e2e step, and playwright.config.ts launches with it.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MISSING_CHROMIUM = 'e2e needs Chromium: apt-get install -y chromium (or set CHROMIUM_PATH)';

/** The browser to launch and the environment it needs, or why there is none. */
export async function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return existsSync(env.CHROMIUM_PATH) ? { executablePath: env.CHROMIUM_PATH, env: {} } : { missing: `e2e needs Chromium: CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist` };
  }
  const packaged = await packagedChromium();
  if (packaged) return packaged;
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', env: {} };
  return { missing: MISSING_CHROMIUM };
}

async function packagedChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let entry;
  try {
    entry = fileURLToPath(import.meta.resolve('@sparticuz/chromium'));
  } catch {
    return null;
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  // The package unpacks its own libraries only on Amazon Linux; elsewhere we unpack them too (pinned version).
  const { inflate } = await import(pathToFileURL(path.join(path.dirname(entry), 'lambdafs.js')).href);
  const bin = path.join(path.dirname(entry), '..', '..', 'bin');
  const [executablePath, al2023] = await Promise.all([chromium.executablePath(bin), inflate(path.join(bin, 'al2023.tar.br'))]);
  return { executablePath, env: { LD_LIBRARY_PATH: path.join(al2023, 'lib'), FONTCONFIG_PATH: path.join(tmpdir(), 'fonts') } };
}
