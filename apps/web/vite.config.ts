import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
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
    // The service worker (src/service-worker/sw.ts, decision 0043), built with the list of the files
    // it keeps for offline use: the page and every page's code and CSS. The manifest is the
    // server's (GET /manifest.webmanifest, from the institute's settings); the app registers the
    // worker itself once the page has shown (src/lib/offline/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
        sourcemap: false,
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Not the worker itself, nor the door scanner's WebAssembly (a megabyte only the door uses).
        globIgnores: ['sw.js', '**/*.map', '**/*.br', '**/*.gz', '**/*.wasm'],
        // The hashed files name their version; only index.html and the icons need a revision.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
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
      // The installable app's manifest and icons, drawn by the server from the institute's settings.
      '/manifest.webmanifest': { target: 'http://localhost:3000', changeOrigin: false },
      '/app-icons': { target: 'http://localhost:3000', changeOrigin: false },
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
