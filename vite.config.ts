import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The dashboard is a single-page app built to dist/, which the server serves at `/`.
export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each file, made once at build: the server sends the one the
    // browser accepts (@fastify/static preCompressed) instead of compressing on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  // The budget that matters is initial JS ≤ 200 KB gzip; recharts alone passes Vite's raw 500 KB hint.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/healthz': 'http://127.0.0.1:8787' } },
});
