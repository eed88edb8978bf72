import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

/** Issue #9: the JavaScript the home route needs, gzipped, must stay under 150 KB (goal 120 KB). */
const HOME_JS_BUDGET = 150 * 1024;

async function scriptsLoadedBy(page: Page, path: string) {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return scripts;
}

test('the home route loads at most 150 KB of gzipped JavaScript, and no map or admin code', async ({
  page,
}) => {
  const scripts = await scriptsLoadedBy(page, '/');
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  for (const [file, size] of scripts) console.log(`  ${file} ${(size / 1024).toFixed(1)} KB`);
  console.log(
    `home route JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`,
  );
  expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
  expect([...scripts.keys()].filter((file) => /leaflet|map|admin|chart/i.test(file))).toEqual([]);
});

test('assets are served compressed and cached for good', async ({ page, request }) => {
  const scripts = await scriptsLoadedBy(page, '/');
  const [first] = scripts.keys();
  const response = await request.get(first ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
