import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_PHOTO_SIZES } from '../../shared/item-display.js';
import { createTestApp, registerMember, type TestApp } from '../testing/app.js';
import { jpegDataUrl } from '../testing/images.js';

/**
 * Issue 19 §4: the item page's HTML carries the listing's JSON (the bytes GET /api/items/:id
 * sends, from the same listing cache) and a preload of its first photo, so the page paints without
 * waiting for a request. Whatever a title holds, it cannot leave the JSON block.
 */
const HOSTILE = `</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> \u2028 "'&`;

/** A stand-in for the client's build: index.html, Vite's manifest, in `clientDir`. */
async function writeClientBuild(clientDir: string) {
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>SwapMarket</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'app/main.tsx': { file: 'assets/index-1.js', isEntry: true } }),
  );
}

describe('the item page HTML', () => {
  let t: TestApp;
  let owner: { cookie: string; user: { id: string } };
  let clientDir = '';
  beforeAll(async () => {
    clientDir = path.join(process.env.TMPDIR ?? '/tmp', `swapmarket-item-html-${process.pid}`);
    await writeClientBuild(clientDir);
    t = await createTestApp({ CLIENT_DIR: clientDir });
    owner = await registerMember(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const list = async (fields: Record<string, unknown>) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { description: 'Works.', condition: 'good', isOpenToOffers: true, ...fields },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: number; images: string[] };
  };
  const inlined = (html: string) =>
    /<script type="application\/json" id="initial-item" data-id="(\d+)">([\s\S]*?)<\/script>/.exec(
      html,
    );

  it('inlines the listing as GET /api/items/:id sends it, escaped, and preloads its first photo', async () => {
    const item = await list({ title: HOSTILE, images: [await jpegDataUrl(), await jpegDataUrl()] });
    const page = await t.app.inject(`/item/${item.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');

    const block = inlined(page.body);
    expect(block?.[1]).toBe(String(item.id));
    const text = block?.[2] ?? '';
    // Nothing in the block can end it or open a comment or a tag: every < is \u003c.
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(text).toContain('\\u003c/script>\\u003cscript>alert(1)');
    // The page still has exactly its one script element besides the data.
    expect(page.body.match(/<script/g)).toHaveLength(2);
    // The same listing the API answers, byte for byte once unescaped.
    const api = await t.app.inject(`/api/items/${item.id}`);
    expect(JSON.parse(text)).toEqual(api.json());
    expect(JSON.parse(text).title).toBe(HOSTILE);

    const [first] = item.images;
    expect(page.body).toContain(
      `<link rel="preload" as="image" imagesrcset="${first}/thumb 360w, ${first} 800w" imagesizes="${ITEM_PHOTO_SIZES}" fetchpriority="high">`,
    );
    expect(page.body.indexOf('initial-item')).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('inlines a listing without photos with no preload', async () => {
    const item = await list({ title: 'Plain kettle' });
    const page = await t.app.inject(`/item/${item.id}`);
    expect(JSON.parse(inlined(page.body)?.[2] ?? '').title).toBe('Plain kettle');
    expect(page.body).not.toContain('rel="preload" as="image"');
  });

  it('inlines nothing where the API answers 404: unknown, malformed, or a suspended owner', async () => {
    const item = await list({ title: 'Hidden lamp' });
    await t.db.execute(sql`update users set suspended_at = now() where id = ${owner.user.id}`);
    try {
      for (const url of [
        `/item/${item.id}`,
        '/item/999999',
        '/item/abc',
        '/item/0',
        '/item/99999999999',
      ]) {
        const page = await t.app.inject(url);
        expect(page.statusCode, url).toBe(200);
        expect(inlined(page.body), url).toBeNull();
        expect(page.body, url).toContain('<div id="root">');
      }
    } finally {
      await t.db.execute(sql`update users set suspended_at = null where id = ${owner.user.id}`);
    }
  });

  it('does not inline the listing on other pages', async () => {
    for (const url of ['/', '/browse', '/item/1/edit', '/edit-item/1']) {
      expect(inlined((await t.app.inject(url)).body), url).toBeNull();
    }
  });
});

/**
 * Issue 19 §4: with the client's renderer built (dist/prerender/prerender.js beside dist/client),
 * the item page comes drawn in its HTML, once per version of the listing, and the browser takes it
 * over. Here a stand-in renderer records its calls; the real one is driven in e2e/first-paint.spec.ts.
 */
describe('the item page drawn on the server', () => {
  let t: TestApp;
  let owner: { cookie: string; user: { id: string } };
  let buildDir = '';
  const renders = () => (globalThis as { __itemRenders?: string[] }).__itemRenders ?? [];
  beforeAll(async () => {
    buildDir = path.join(process.env.TMPDIR ?? '/tmp', `swapmarket-item-ssr-${process.pid}`);
    const clientDir = path.join(buildDir, 'client');
    await writeClientBuild(clientDir);
    await mkdir(path.join(buildDir, 'prerender'), { recursive: true });
    await writeFile(
      path.join(buildDir, 'prerender', 'prerender.js'),
      `export async function prerender(pathname, item) {
         if (item.title.includes('unrenderable')) throw new Error('cannot draw this one');
         (globalThis.__itemRenders ??= []).push(item.title);
         const text = item.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
         return '<main data-path="' + pathname + '"><h1>' + text + '</h1></main>';
       }`,
    );
    t = await createTestApp({ CLIENT_DIR: clientDir });
    owner = await registerMember(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  const list = async (title: string) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { title, description: 'Works.', condition: 'good', isOpenToOffers: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: number };
  };

  it('draws the listing into #root, marked for the browser to take over, with its data inlined', async () => {
    const item = await list('Drawn <b>lamp</b>');
    const page = await t.app.inject(`/item/${item.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<div id="root" data-prerendered="/item/${item.id}"><main data-path="/item/${item.id}"><h1>Drawn &lt;b>lamp&lt;/b></h1></main></div>`,
    );
    expect(page.body).toContain(`id="initial-item" data-id="${item.id}"`);
    // The page paints from the HTML: its scripts are fetched at low priority.
    expect(page.body).toContain('<script type="module" fetchpriority="low" ');
  });

  it('draws a listing once per version: again only after it changes', async () => {
    const item = await list('Counted kettle');
    const drawn = () => renders().filter((title) => title.startsWith('Counted kettle')).length;
    await t.app.inject(`/item/${item.id}`);
    await t.app.inject(`/item/${item.id}`);
    expect(drawn()).toBe(1);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${item.id}`,
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Counted kettle (boxed)',
        description: 'Works.',
        categoryId: 2,
        condition: 'good',
        isOpenToOffers: true,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const page = await t.app.inject(`/item/${item.id}`);
    expect(page.body).toContain('<h1>Counted kettle (boxed)</h1>');
    expect(drawn()).toBe(2);
  });

  it('leaves the page to the browser with a query, or when the renderer fails', async () => {
    const item = await list('Queried stool');
    const queried = await t.app.inject(`/item/${item.id}?action=offer`);
    expect(queried.body).toContain('<div id="root"></div>');
    expect(queried.body).toContain(`id="initial-item" data-id="${item.id}"`);

    const broken = await list('An unrenderable table');
    const page = await t.app.inject(`/item/${broken.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain(`id="initial-item" data-id="${broken.id}"`);
  });
});
