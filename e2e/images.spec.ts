import { expect, type Page, test } from '@playwright/test';
import { listThroughApi, pngFile, registerThroughApi } from './support';

/**
 * Issue 19 §4: every picture has width and height (its box is reserved before it loads, so
 * nothing moves), our photos a srcset of thumbnail and full picture with sizes, and the browser
 * gets them in a modern format.
 */
async function pictures(page: Page) {
  return page.locator('img').evaluateAll((images) =>
    images.map((img) => ({
      src: img.getAttribute('src') ?? '',
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
    })),
  );
}

test('listing photos have width, height and a srcset, and come as AVIF', async ({ page }) => {
  await registerThroughApi(page.request);
  const photo = await pngFile('stove.png', [200, 90, 40]);
  const item = await listThroughApi(page.request, {
    title: 'Responsive camping stove',
    images: [`data:image/png;base64,${photo.buffer.toString('base64')}`],
  });

  const formats: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/images/'))
      formats.push(response.headers()['content-type'] ?? '');
  });

  for (const url of [`/item/${item.id}`, '/browse?search=Responsive']) {
    await page.goto(url);
    await expect(page.locator('img[src^="/api/images/"]').first()).toBeVisible();
    const found = await pictures(page);
    expect(found.length, url).toBeGreaterThan(0);
    for (const img of found) {
      expect(Number(img.width), `${url} ${img.src}`).toBeGreaterThan(0);
      expect(Number(img.height), `${url} ${img.src}`).toBeGreaterThan(0);
      if (img.src.startsWith('/api/images/')) {
        expect(img.srcset, img.src).toMatch(
          /^\/api\/images\/[0-9a-f-]{36}\/thumb 360w, \/api\/images\/[0-9a-f-]{36} 800w$/,
        );
        expect(img.sizes, img.src).toBeTruthy();
      }
    }
  }
  expect(formats.length).toBeGreaterThan(0);
  expect(new Set(formats)).toEqual(new Set(['image/avif']));
});
