import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The web app lives in src/web; the server serves dist/web in production and proxies nothing:
// in development `npm run dev` runs Vite in middleware mode inside the API server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
    // The bundle benchmark reads each route's chunks from the manifest.
    manifest: true,
  },
});
