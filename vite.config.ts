import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress.ts';

// The web app lives in src/web; `npm start` builds it into dist/web, which the server serves.
// `npm run dev` (scripts/dev.ts) serves it from Vite with hot module replacement instead, and
// forwards the server's paths to the API running beside it.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
    // The bundle benchmark reads each route's chunks from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page needs before it renders (React, the router, the API client and its
              // error catalogue), in one file: left to the splitter it is cut into pieces along
              // the lazy pages' imports, which costs compression. Not the query library: a group
              // takes every module it matches, and the pages' hooks (mutations, infinite and
              // parallel queries) would then all load with the first page.
              name: 'app-core',
              test: /node_modules\/(react|react-dom|scheduler|react-router|@radix-ui\/react-(slot|compose-refs)|clsx|tailwind-merge)\/|src\/shared\/errors\/|src\/web\/lib\/(cn|api-client|error-log)\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // Our modules do nothing when imported but define things (the entry renders), so a
        // feature's public entry (features/<name>/index.ts) costs only what is used from it.
        moduleSideEffects: [
          { test: /\/src\/web\/main\.tsx$/, sideEffects: true },
          { test: /\/src\/(web|shared)\/.+\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
});
