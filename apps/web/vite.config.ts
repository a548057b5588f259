import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
