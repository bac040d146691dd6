import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';
import { pureContractValues } from './build/pure-contract-values.ts';
import { reportRouteWeights } from './build/route-weights.ts';

export default defineConfig({
  // React with fast refresh in the dev server; source maps go to sourcemaps/ (never served); text
  // files get brotli and gzip copies; what each route loads is printed and written to
  // reports/route-weights.json for the budget check.
  plugins: [
    react(),
    tailwindcss(),
    pureContractValues(fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url))),
    precompress(fileURLToPath(new URL('./sourcemaps', import.meta.url))),
    reportRouteWeights(
      fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)),
      fileURLToPath(new URL('./reports/route-weights.json', import.meta.url)),
    ),
  ],
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
    rolldownOptions: {
      // "use client" marks a module for React's server components, which this app does not use.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
});
