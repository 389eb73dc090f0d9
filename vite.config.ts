import { defineConfig } from 'vite';

// The dashboard is a single-page app built to dist/, which the server serves at `/`.
export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/healthz': 'http://127.0.0.1:8787' } },
});
