import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClientApp } from './client-app.js';

/** Issue 41: the installed app's name, description and shortcuts in the page's language. */
let dir = '';
let app: FastifyInstance;

const ENGLISH = {
  name: 'SwapMarket',
  short_name: 'SwapMarket',
  description: 'Swap what you have for what you want. No money, just swaps.',
  lang: 'en-GB',
  start_url: '/',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
  shortcuts: [
    { name: 'Browse listings', short_name: 'Browse', url: '/browse' },
    { name: 'My offers', short_name: 'My offers', url: '/my-offers' },
    { name: 'Matches', short_name: 'Matches', url: '/matches' },
  ],
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-manifest-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta name="description" content="Swap what you have for what you want. No money, just swaps." /><link rel="manifest" href="/manifest.webmanifest" /><title>SwapMarket</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify(ENGLISH));
  app = Fastify();
  await registerClientApp(app, dir);
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (headers: Record<string, string>) => app.inject({ url: '/browse', headers });
const manifestLink = (html: string) => /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('the web app manifest per language', () => {
  it('stays the static English file, linked from an English page', async () => {
    const html = (await page({})).body;
    expect(manifestLink(html)).toBe('/manifest.webmanifest');
    expect(description(html)).toBe(ENGLISH.description);
    const response = await app.inject('/manifest.webmanifest');
    expect(response.json()).toEqual(ENGLISH);
  });

  it.each([
    ['de', 'de', 'Tausche, was du hast, gegen das, was du willst. Kein Geld, nur Tausch.'],
    ['pt-BR', 'pt-BR', 'Troque o que você tem pelo que você quer. Sem dinheiro, só trocas.'],
    ['ar', 'ar', 'بادل ما لديك بما تريد. بلا نقود، مبادلة فقط.'],
  ])(
    'is linked in %s from the page drawn in it, and describes the app in it',
    async (accept, locale, words) => {
      const html = (await page({ 'accept-language': accept })).body;
      expect(manifestLink(html)).toBe(`/manifest.${locale}.webmanifest`);
      expect(description(html)).toBe(words.replace(/'/g, '&#39;'));
      const response = await app.inject(`/manifest.${locale}.webmanifest`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = response.json();
      expect(manifest).toMatchObject({
        name: 'SwapMarket',
        description: words,
        lang: locale,
        dir: locale === 'ar' ? 'rtl' : 'ltr',
        start_url: '/',
        icons: ENGLISH.icons,
      });
      expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
        '/browse',
        '/my-offers',
        '/matches',
      ]);
    },
  );

  it('names the shortcuts in the language', async () => {
    const manifest = (await app.inject('/manifest.de.webmanifest')).json();
    expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual([
      'Anzeigen durchsuchen',
      'Meine Angebote',
      'Treffer',
    ]);
  });
});
