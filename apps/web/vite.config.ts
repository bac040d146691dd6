import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';

export default defineConfig({
  // Source maps go to sourcemaps/ (never served); text files get brotli and gzip copies.
  plugins: [react(), tailwindcss(), precompress(fileURLToPath(new URL('./sourcemaps', import.meta.url)))],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
});
