import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

// The production build runs on Preact's compat layer instead of react-dom (decision 014: it is what lets the home
// page's first-load JavaScript fit in 90 kB gzip); `vite` (development) keeps React, for its fast refresh.
const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/preact-react.js', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  // the server's page renderer is one file: React Router and the rest are bundled in, so they use the same Preact
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': api, '/images': api },
  },
  preview: {
    port: 4173,
    proxy: { '/api': api, '/images': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // the server reads it to name a server-rendered page's chunk and CSS (app/server/entry-server.tsx)
    manifest: true,
    // keep the error chunk list honest: report gzip sizes
    reportCompressedSize: true,
    // A lazy screen's chunk names the chunks and CSS it needs, so the browser fetches them beside it. The dashboard's
    // screens (their chunks named dashboard-*) keep only their CSS there: their lists of chunks sat in every page's
    // first chunk for shoppers who never open the dashboard (issue 42's first-load budget); staff fetch a screen's
    // chunks one step later, from the layout the dashboard has loaded already.
    modulePreload: {
      resolveDependencies: (filename, deps) => (filename.startsWith('assets/dashboard-') ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rollupOptions: {
      // Meta's pixel is an entry of its own, which the server adds to a page only after the shopper's analytics
      // consent (src/meta-pixel.ts, decision 062): no page's first load carries it
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'meta-pixel': fileURLToPath(new URL('./src/meta-pixel.ts', import.meta.url)),
      },
      output: {
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/src/features/admin/') ? 'assets/dashboard-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
}));
