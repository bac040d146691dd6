import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { reportRouteWeights } from './build/route-weights';

export default defineConfig({
  // Source maps go to sourcemaps/ (never served); text files get brotli and gzip copies; what each
  // route loads is printed and written to reports/route-weights.json for the budget check.
  plugins: [
    react(),
    tailwindcss(),
    precompress(fileURLToPath(new URL('./sourcemaps', import.meta.url))),
    reportRouteWeights(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)), fileURLToPath(new URL('./reports/route-weights.json', import.meta.url))),
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
      // Building a zod schema has no effect beyond its value: a page that imports a constant from
      // a contract module does not load the schemas beside it, nor zod for them.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
