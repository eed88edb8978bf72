import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Modules only a member's pages use, most of them through the header's member part
 * (client/app/layout/member-chrome.tsx, which is loaded on demand), in one chunk: left alone,
 * Rolldown made a dozen chunks of a few hundred bytes of them, which cost every member page 2-3
 * KB gzip more. Nothing a visitor's page or the start chunk imports may be here, or it would
 * fetch the whole chunk (e2e/budget.spec.ts checks). No module loaded with `import()` either:
 * Rolldown 1.2 then loses its namespace ("member_chrome_exports is not defined").
 */
const MEMBER_ONLY = new RegExp(
  [
    '/client/app/layout/(member-links|account-button)\\.',
    '/client/features/notifications/(api/|components/(notification-bell|bell-button)\\.)',
    '/client/features/swaps/(seen-offers|components/offers-indicator)\\.',
    '/client/features/events/',
    '/client/features/(circles/api/circle|rounds/api/round)-keys\\.',
    '/lucide-react/dist/esm/icons/(bell|sparkles)\\.',
  ].join('|'),
);

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
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
    // The pre-render draws visitors' pages on the server: no member chunk there.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'member-only', test: MEMBER_ONLY, includeDependenciesRecursively: false },
              ],
            },
          },
        },
    // Which chunk each page is in: the server preloads the first page's (client-app.ts).
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
}));
