import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets cached for a year, index.html for every other GET so the
 * client router can take over. Unknown /api paths stay JSON 404s.
 */
/** Source maps would hand out the client's whole source: kept on disk, never served. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;
/** Vite's build manifest (which chunk each page is in) is read here, not served. */
const BUILD_MANIFEST = /^\/\.vite(\/|$)/i;

/**
 * The pages a first visit most often lands on, by the page module client/app/router.tsx loads
 * for them. Their chunks are preloaded with the page (issue 19 §4) so that the browser fetches
 * them beside the main bundle instead of after it.
 */
const FIRST_PAGES: Array<[RegExp, string]> = [
  [/^\/$/, 'app/pages/home-page.tsx'],
  [/^\/(browse|home)$/, 'app/pages/browse-page.tsx'],
  [/^\/item\/[^/]+$/, 'app/pages/item-detail-page.tsx'],
  [/^\/(auth|login)$/, 'app/pages/auth-page.tsx'],
  [/^\/(how-it-works|help|contact|disclaimer|terms)$/, 'app/pages/static-pages.tsx'],
];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * index.html for `pathname`: with `<link rel="modulepreload">` for the page's chunk and the
 * chunks it imports that index.html does not preload already. `manifest` is Vite's.
 */
export function pageHtml(
  indexHtml: string,
  manifest: Record<string, ManifestChunk> | undefined,
  pathname: string,
): string {
  const page = FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!manifest || !page || !manifest[page]) return indexHtml;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  const links = [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return links.length ? indexHtml.replace('</head>', `${links.join('')}</head>`) : indexHtml;
}

function readManifest(clientDir: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

export async function registerClientApp(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname) && !BUILD_MANIFEST.test(pathname),
      // The build writes .br and .gz beside each asset (scripts/compress-client.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const indexHtml = hasClient ? readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  const manifest = hasClient ? readManifest(clientDir) : undefined;
  const pages = new Map<string, string>();

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/i.test(pathname) &&
      !SOURCE_MAP.test(pathname);
    if (isPage && hasClient) {
      const key = FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
      let html = pages.get(key);
      if (html === undefined) {
        html = pageHtml(indexHtml, manifest, pathname);
        pages.set(key, html);
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
