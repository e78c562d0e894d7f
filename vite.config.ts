import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.JOBSCOUT_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 300,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/instructions.pdf': apiTarget,
    },
  },
});
