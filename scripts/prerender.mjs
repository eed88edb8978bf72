/**
 * Pre-renders the home and browse pages' HTML at build time (client/app/prerender.tsx, built for Node by
 * `vite build --ssr` into dist/prerender) into dist/client/.vite/prerendered.json, which the
 * server puts into index.html's #root for `/` (server/plugins/client-app.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Public pages whose first render does not depend on the URL's query or any answer. */
const PAGES = ['/', '/browse'];

const { prerender } = await import(pathToFileURL(path.resolve('dist/prerender/prerender.js')).href);
const pages = {};
for (const page of PAGES) pages[page] = await prerender(page);
await mkdir('dist/client/.vite', { recursive: true });
await writeFile('dist/client/.vite/prerendered.json', JSON.stringify(pages));
console.info(
  `pre-rendered ${PAGES.map((page) => `${page} (${(pages[page].length / 1024).toFixed(1)} KB)`).join(', ')}`,
);
