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
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
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
