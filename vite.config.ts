import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dashboard is a single-page app built to dist/, which the server serves at `/`.
export default defineConfig({
  plugins: [react()],
  // The budget that matters is initial JS ≤ 200 KB gzip; recharts alone passes Vite's raw 500 KB hint.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/healthz': 'http://127.0.0.1:8787' } },
});
