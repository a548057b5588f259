// `npm start`: build what is missing or out of date, then serve the shop (API and storefront on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const at = (...parts) => path.join(root, ...parts);

if (!buildIfStale()) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/api/dist/server.js')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
