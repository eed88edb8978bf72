import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Every script a page loads on the way to `path`, with its gzipped size in bytes. */
export async function scriptsLoadedBy(page: Page, path: string): Promise<Map<string, number>> {
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

export const totalBytes = (sizes: Map<string, number>) =>
  [...sizes.values()].reduce((sum, size) => sum + size, 0);
