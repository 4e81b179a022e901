import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/console', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/console', import.meta.url));
const apiTarget = process.env.GATEHOUSE_API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
