import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectAppRunning } from './support';

/** Every script a page loads on the way to `path`, with its gzipped size in bytes. */
export async function scriptsLoadedBy(page: Page, path: string): Promise<Map<string, number>> {
  const scripts = new Map<string, number>();
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response
        .body()
        .then((body) => {
          scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
        })
        .catch(() => undefined),
    );
  });
  await page.goto(path);
  await expectAppRunning(page);
  await page.waitForLoadState('networkidle');
  // A body is read after its response event: the last ones may still be on their way.
  await Promise.all(reads);
  return scripts;
}

export const totalBytes = (sizes: Map<string, number>) =>
  [...sizes.values()].reduce((sum, size) => sum + size, 0);
