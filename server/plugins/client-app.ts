import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { directionOf, htmlLangOf, type Locale } from '../../shared/i18n/locales.js';
import { ITEM_PHOTO_SIZES, pictureSrcSet } from '../../shared/item-display.js';
import { MAX_DB_ID } from '../../shared/text.js';
import { visitorLocale } from '../i18n/request-locale.js';
import { registerLocalizedManifests, withLocalizedHead } from './web-manifest.js';

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

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

/**
 * index.html for `pathname`: with `<link rel="modulepreload">` for the app (the modules the small
 * entry imports once it starts, client/app/main.tsx), the page's chunk and the chunks they import,
 * those index.html does not preload already. `manifest` is Vite's.
 */
export function pageHtml(
  indexHtml: string,
  manifest: Record<string, ManifestChunk> | undefined,
  pathname: string,
): string {
  if (!manifest) return indexHtml;
  const page = FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of Object.values(manifest).filter((chunk) => chunk.isEntry))
    for (const started of entry.dynamicImports ?? []) visit(started);
  if (page) visit(page);
  const links = [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return links.length ? indexHtml.replace('</head>', `${links.join('')}</head>`) : indexHtml;
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * A page's HTML with the page drawn (at build time, scripts/prerender.mjs: `/` and `/browse`;
 * per request, an item page) inside `#root`, marked with its path: the app hydrates it. The page
 * is meant to paint from the HTML alone, so its stylesheet (`css`, the file index.html links)
 * comes inlined rather than as a second round trip, and its scripts wait for that paint: the small
 * entry is fetched at low priority, and the app's module preloads are held inert in
 * `<template id="after-paint">`, which the entry makes live once the page has painted
 * (client/app/main.tsx). They make the page interactive, not visible, and on a slow connection
 * would otherwise share the line with its text and photo.
 */
export function withPrerendered(
  html: string,
  pathname: string,
  markup: string | undefined,
  css?: string,
): string {
  if (!markup) return html;
  return withDrawnRoot(drawnPageShell(html, css), pathname, markup);
}

/**
 * Everything withPrerendered does but fill `#root`: the same for every page of a kind, so it is
 * worked out once and kept (an item page is drawn per request).
 */
function drawnPageShell(html: string, css?: string): string {
  // Low priority once live too: a photo still loading is what the visitor is waiting for.
  const preloads = (html.match(MODULE_PRELOAD) ?? []).map((link) =>
    link.replace('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" '),
  );
  let page = html
    .replace(MODULE_PRELOAD, '')
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ');
  if (preloads.length)
    page = page.replace(
      '</head>',
      () => `<template id="after-paint">${preloads.join('')}</template></head>`,
    );
  // The link stays, with a type no browser styles with, so it is neither fetched nor applied
  // (`disabled` did not stop Chromium fetching it): Vite's preload helper looks for it before
  // each page's import and, finding none, added one, fetching the same file again and
  // recalculating the style of the whole page at start-up.
  if (css && !/<\/style/i.test(css))
    page = page.replace(
      STYLESHEET,
      (_link, href) =>
        `<style>${css}</style><link rel="stylesheet" href="${href}" type="text/x-inlined">`,
    );
  return page;
}

function withDrawnRoot(shell: string, pathname: string, markup: string): string {
  return shell.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${pathname}">${markup}</div>`,
  );
}

/**
 * A page in `locale`: `<html lang>` names it (English stays en-GB, as index.html has it) and
 * Arabic is laid out right to left; the head links the language's manifest and describes the
 * site in it (web-manifest.ts). The client reads the language back from `lang`.
 */
export function withLocale(html: string, locale: Locale): string {
  if (locale === 'en') return html;
  return withLocalizedHead(
    html.replace(
      /<html lang="[^"]*">/,
      `<html lang="${htmlLangOf(locale)}" dir="${directionOf(locale)}">`,
    ),
    locale,
  );
}

/**
 * Where scripts/prerender.mjs keeps a page drawn at build time in `locale`: English under its
 * path (as before languages), another language under "<locale> <path>".
 */
export const prerenderedKey = (locale: Locale, pathname: string) =>
  locale === 'en' ? pathname : `${locale} ${pathname}`;

/** The stylesheet index.html links, for inlining into pre-rendered pages. */
function readStylesheet(clientDir: string, indexHtml: string): string | undefined {
  const href = STYLESHEET.exec(indexHtml)?.[1];
  if (!href) return undefined;
  try {
    return readFileSync(path.join(clientDir, href), 'utf8');
  } catch {
    return undefined;
  }
}

/** Item pages whose drawn markup (a few KB each) a server keeps. */
const MAX_DRAWN_ITEMS = 2000;

/** The item page's path; its data and first photo go into the HTML (`withItem`). */
const ITEM_PAGE = /^\/item\/([1-9][0-9]{0,9})$/;

/**
 * JSON as the text of a `<script type="application/json">`: every `<` becomes `\u003c` (which
 * JSON.parse reads back as `<`), so no string inside can close the element or open a comment;
 * `<` only ever occurs inside JSON strings, where the escape is valid. U+2028/2029 likewise.
 */
export function jsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The item page's HTML with the listing's JSON (the bytes GET /api/items/:id sends) inlined as
 * `#initial-item`, which the client reads as the page's first data instead of fetching it, and a
 * `<link rel="preload" as="image">` for its first photo with the gallery's srcset and sizes, so
 * the photo (the page's largest paint) is fetched beside the scripts rather than after them.
 */
export function withItem(html: string, id: number, body: Buffer): string {
  const text = body.toString('utf8');
  const images = (JSON.parse(text) as { images?: unknown }).images;
  const first = Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined;
  // Only our own stored pictures (a strict pattern: no quote can reach the attribute).
  const srcset = first ? pictureSrcSet(first) : undefined;
  const preload = srcset
    ? `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${ITEM_PHOTO_SIZES}" fetchpriority="high">`
    : '';
  const data = `<script type="application/json" id="initial-item" data-id="${id}">${jsonForHtml(text)}</script>`;
  return html.replace('</head>', `${preload}${data}</head>`);
}

/** The bytes GET /api/items/:id sends to a visitor, or null when it would answer 404. */
export type PublicItemLoader = (id: number) => Promise<Buffer | null>;

/**
 * Draws a page's HTML as the client's first render would (client/app/prerender.tsx): for an item
 * page, with the listing already in the client's cache.
 */
export type PageRenderer = (pathname: string, item?: unknown, locale?: Locale) => Promise<string>;

/**
 * The client's own renderer, built for Node beside the client (`npm run build:prerender` writes
 * dist/prerender/prerender.js next to dist/client), or undefined without a build or if it cannot
 * be loaded: pages are then drawn by the browser alone, as before.
 */
export async function loadPageRenderer(
  clientDir: string,
  warn: (message: string, error?: unknown) => void = () => {},
): Promise<PageRenderer | undefined> {
  const file = path.join(clientDir, '..', 'prerender', 'prerender.js');
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { prerender?: unknown };
    if (typeof module.prerender === 'function') return module.prerender as PageRenderer;
    warn(`${file} exports no prerender function`);
  } catch (error) {
    warn(`could not load ${file}`, error);
  }
  return undefined;
}

/** Pages pre-rendered at build time, by path (scripts/prerender.mjs). */
function readPrerendered(clientDir: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'prerendered.json'), 'utf8'));
  } catch {
    return {};
  }
}

function readManifest(clientDir: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string,
  loadItem?: PublicItemLoader,
  renderPage?: PageRenderer,
): Promise<void> {
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
    registerLocalizedManifests(app, clientDir);
  }

  const indexHtml = hasClient ? readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  const manifest = hasClient ? readManifest(clientDir) : undefined;
  const prerendered = hasClient ? readPrerendered(clientDir) : {};
  const stylesheet = hasClient ? readStylesheet(clientDir, indexHtml) : undefined;
  const pages = new Map<string, string>();
  const prerenderedPages = new Map<string, string>();
  // Item pages' markup by listing, with the listing's bytes it was drawn from: a listing is drawn
  // again only once it changes (the listing cache's bytes stay equal until then).
  const itemMarkup = new Map<string, { body: Buffer; markup: string }>();
  // Every drawn item page's HTML around its `#root` (the same for every listing).
  let itemPageShell: string | undefined;

  /**
   * The item page drawn with its listing, or undefined without a renderer or if it fails: the
   * browser then draws the page from the inlined listing.
   */
  const drawnItemPage = async (
    request: FastifyRequest,
    pathname: string,
    id: number,
    body: Buffer,
    locale: Locale,
  ): Promise<string | undefined> => {
    if (!renderPage) return undefined;
    const key = `${locale} ${id}`;
    let markup = itemMarkup.get(key);
    if (!markup?.body.equals(body)) {
      try {
        const item: unknown = JSON.parse(body.toString('utf8'));
        markup = { body, markup: await renderPage(pathname, item, locale) };
      } catch (error) {
        request.log.warn({ err: error, pathname }, 'could not render the item page');
        return undefined;
      }
    }
    // Most recently shown last; the longest unseen goes first.
    itemMarkup.delete(key);
    itemMarkup.set(key, markup);
    if (itemMarkup.size > MAX_DRAWN_ITEMS)
      itemMarkup.delete(itemMarkup.keys().next().value as string);
    itemPageShell ??= drawnPageShell(pageHtml(indexHtml, manifest, pathname), stylesheet);
    return withItem(
      withDrawnRoot(withLocale(itemPageShell, locale), pathname, markup.markup),
      id,
      body,
    );
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/i.test(pathname) &&
      !SOURCE_MAP.test(pathname);
    if (isPage && hasClient) {
      const locale = visitorLocale(request);
      const key = `${locale} ${FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? ''}`;
      let html = pages.get(key);
      // Pre-rendered pages are drawn for their bare path: with a query (a search), the client draws.
      const drawnKey = prerenderedKey(locale, pathname);
      const markup =
        request.url.includes('?') || !Object.hasOwn(prerendered, drawnKey)
          ? undefined
          : prerendered[drawnKey];
      if (markup) {
        html = prerenderedPages.get(drawnKey);
        if (html === undefined) {
          html = withPrerendered(
            withLocale(pageHtml(indexHtml, manifest, pathname), locale),
            pathname,
            markup,
            stylesheet,
          );
          prerenderedPages.set(drawnKey, html);
        }
      } else if (html === undefined) {
        html = withLocale(pageHtml(indexHtml, manifest, pathname), locale);
        pages.set(key, html);
      }
      const item = loadItem && ITEM_PAGE.exec(pathname);
      // A larger id than PostgreSQL's integer names no item (and would be an error to look up).
      const id = Number(item?.[1]);
      if (loadItem && item && id <= MAX_DB_ID) {
        // Any failure (no such item, the database away) leaves the page to fetch as before.
        const body = await loadItem(id).catch((error: unknown) => {
          request.log.warn({ err: error, id }, 'could not inline the item page data');
          return null;
        });
        if (body) {
          // With a query (?action=offer) the first render depends on it: the browser draws it.
          const drawn = request.url.includes('?')
            ? undefined
            : await drawnItemPage(request, pathname, id, body, locale);
          html = drawn ?? withItem(html, id, body);
        }
      }
      return (
        reply
          .header('cache-control', 'no-cache')
          // The page's language follows these (visitorLocale): a shared cache must keep them apart.
          .header('vary', 'Accept-Language, Cookie')
          .type('text/html; charset=utf-8')
          .send(html)
      );
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
