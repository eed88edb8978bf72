import { expect, test } from '@playwright/test';
import { listThroughApi, pngFile, registerThroughApi } from './support';

/**
 * Issue 19 §4: an item page opened from a link paints from its HTML: the listing is inlined (no
 * GET /api/items/:id before the first paint) and its first photo is preloaded by the HTML.
 */
test('an item page opened directly shows its listing without asking the API for it', async ({
  browser,
  page,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await registerThroughApi(owner.request);
  const photo = await pngFile('stove.png', [200, 90, 40]);
  const item = await listThroughApi(owner.request, {
    title: 'Inlined </script> stove',
    images: [`data:image/png;base64,${photo.buffer.toString('base64')}`],
  });
  const other = await listThroughApi(owner.request, { title: 'Fetched kettle' });
  await ownerContext.close();

  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/items')) asked.push(url.pathname);
  });
  const response = await page.goto(`/item/${item.id}`);
  expect(await response?.text()).toContain('rel="preload" as="image"');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inlined </script> stove' }),
  ).toBeVisible();
  const img = page.getByRole('img', { name: /Inlined <\/script> stove, photo 1 of 1/ });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => path === `/api/items/${item.id}`)).toEqual([]);

  // Moving to another listing in the app fetches it as before.
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/item/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, other.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Fetched kettle' })).toBeVisible();
});
