import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClientApp } from './client-app.js';

let dir = '';
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>app</title><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body>',
  );
  await mkdir(path.join(dir, '.vite'));
  await writeFile(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'app/main.tsx': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['app/start.tsx'],
      },
      'app/start.tsx': { file: 'assets/start-1.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'] },
      'app/pages/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['_card.js'] },
      'app/pages/browse-page.tsx': { file: 'assets/browse-page-1.js', imports: ['_card.js'] },
    }),
  );
  await writeFile(
    path.join(dir, '.vite', 'prerendered.json'),
    JSON.stringify({ '/': '<main><h1>Swap $& $1 things</h1></main>' }),
  );
  await writeFile(path.join(dir, 'assets', 'index-1.css'), 'main{color:teal}');
  await writeFile(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets', 'app-1a2b.js.map'), '{"sources":["secret.tsx"]}');
  await writeFile(path.join(dir, 'assets', 'app-1a2b.js.map.gz'), 'gz');
  app = Fastify();
  await registerClientApp(app, dir);
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built client', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

  it.each([
    [
      '/browse',
      ['/assets/react-1.js', '/assets/start-1.js', '/assets/browse-page-1.js', '/assets/card-1.js'],
    ],
    ['/my-offers', ['/assets/react-1.js', '/assets/start-1.js']],
  ])(
    'serves %s with the app and its page chunk preloaded beside the entry',
    async (url, expected) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(preloads(response.body)).toEqual(expected);
      expect(response.body).not.toContain('<template');
    },
  );

  it('serves / with the page pre-rendered at build time in #root, marked with its path', async () => {
    const home = await app.inject('/');
    expect(home.body).toContain(
      '<div id="root" data-prerendered="/"><main><h1>Swap $& $1 things</h1></main></div>',
    );
    // The app's preloads are held inert until the page has painted (client/app/main.tsx).
    const held = /<template id="after-paint">(.*?)<\/template>/.exec(home.body)?.[1] ?? '';
    expect(preloads(held)).toEqual([
      '/assets/react-1.js',
      '/assets/start-1.js',
      '/assets/home-page-1.js',
      '/assets/card-1.js',
    ]);
    expect(preloads(home.body.replace(held, ''))).toEqual([]);
    expect(held).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-page-1.js">',
    );
    // It paints from the HTML alone: the stylesheet inlined, the scripts fetched after it.
    expect(home.body).toContain('<style>main{color:teal}</style>');
    // Its link kept but inert (not fetched): the preload helper then finds it and adds none.
    expect(home.body).toContain(
      '<link rel="stylesheet" href="/assets/index-1.css" type="text/x-inlined">',
    );
    expect(home.body).not.toContain('crossorigin href="/assets/index-1.css"');
    expect(home.body).toContain(
      '<script type="module" fetchpriority="low" src="/assets/index-1.js">',
    );
    for (const url of ['/?q=1', '/browse', '/my-offers', '/item/3']) {
      const other = await app.inject(url);
      expect(other.body, url).toContain('<div id="root"></div>');
      expect(other.body, url).toContain('href="/assets/index-1.css"');
      expect(other.body, url).not.toContain('fetchpriority="low"');
      expect(other.body, url).not.toContain('Swap');
    }
  });

  it('does not serve the build manifest or the pre-rendered pages file', async () => {
    expect((await app.inject('/.vite/prerendered.json')).body).not.toContain('<h1>');
    const response = await app.inject('/.vite/manifest.json');
    expect(response.body).not.toContain('home-page-1.js');
  });

  it('serves the scripts', async () => {
    const script = await app.inject('/assets/app-1a2b.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it.each(['/assets/app-1a2b.js.map', '/assets/APP-1A2B.JS.MAP', '/assets/app-1a2b.js.map.gz'])(
    'never serves a source map (%s), nor the page in its place',
    async (url) => {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret.tsx');
      expect(response.body).not.toContain('<title>');
    },
  );
});
