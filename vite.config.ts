import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Maps stay on the server (for reading a reported stack trace); no file points to them and
    // server/plugins/client-app.ts never serves them.
    sourcemap: 'hidden',
    // No inline scripts: the CSP allows only first-party script files.
    modulePreload: {
      polyfill: false,
      // A language's parts module (shared/i18n/compiled/<locale>.parts.ts) needs only the entry
      // chunk, loaded before anything imports it: listing it as a dependency would put every
      // language's file names in the start chunk, which the home page's budget feels.
      resolveDependencies: (file, deps) => (/\.parts-[\w-]+\.js$/.test(file) ? [] : deps),
    },
    // Which chunk each page is in: the server preloads the first page's (client-app.ts).
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
