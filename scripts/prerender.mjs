/**
 * Pre-renders the home and browse pages' HTML at build time (client/app/prerender.tsx, built for Node by
 * `vite build --ssr` into dist/prerender) into dist/client/.vite/prerendered.json, which the
 * server puts into index.html's #root for `/` (server/plugins/client-app.ts), once per language:
 * English under the page's path, another language under "<locale> <path>" (prerenderedKey).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Public pages whose first render does not depend on the URL's query or any answer. */
const PAGES = ['/', '/browse'];
/** shared/i18n/locales.ts's LOCALES (this script runs without TypeScript). */
const LOCALES = ['en', 'pt-BR', 'de', 'ar'];

const { prerender } = await import(pathToFileURL(path.resolve('dist/prerender/prerender.js')).href);
const pages = {};
for (const locale of LOCALES)
  for (const page of PAGES)
    pages[locale === 'en' ? page : `${locale} ${page}`] = await prerender(page, undefined, locale);
await mkdir('dist/client/.vite', { recursive: true });
await writeFile('dist/client/.vite/prerendered.json', JSON.stringify(pages));
console.info(
  `pre-rendered ${PAGES.map((page) => `${page} (${(pages[page].length / 1024).toFixed(1)} KB)`).join(', ')} in ${LOCALES.join(', ')}`,
);
