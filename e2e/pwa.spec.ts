import { expect, type Page, test } from '@playwright/test';
import { registerThroughApi } from './support';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
    );
  });
}

/** Every URL the offline caches hold, as paths. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname + new URL(request.url).search);
      }
    }
    return paths;
  });

test('the web app manifest is served, linked and complete', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'SwapMarket',
    short_name: 'SwapMarket',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
  });
  const themeMeta = await page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(manifest.theme_color).toBe(themeMeta);
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    '/browse',
    '/my-offers',
    '/matches',
  ]);
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [512, 'maskable'],
  ] as const) {
    const icon = icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${size} px ${purpose} icon`).toBeDefined();
    const file = await request.get(icon?.src ?? '');
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual([size, size]);
  }
});

test('a page drawn in German links a German manifest', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.de.webmanifest',
  );
  const response = await request.get('/manifest.de.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await response.json()).toMatchObject({
    name: 'SwapMarket',
    lang: 'de',
    description: 'Tausche, was du hast, gegen das, was du willst. Kein Geld, nur Tausch.',
    start_url: '/',
    theme_color: '#0f766e',
  });
  await context.close();
});

test('the service worker registers and keeps only the shell and public answers', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await registerThroughApi(page.request);
  await page.goto('/browse');
  await controlledByServiceWorker(page);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
  ).toMatch(/\/sw\.js$/);
  await page.goto('/my-offers');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Find What You're Looking For" })).toBeVisible();
  const paths = await cachedPaths(page);
  expect(paths).toContain('/');
  expect(paths.some((p) => p.startsWith('/assets/'))).toBe(true);
  // Nothing personal: of /api only the public, viewer-independent answers.
  for (const path of paths.filter((p) => p.startsWith('/api'))) {
    expect(['/api/categories', '/api/config']).toContain(path);
  }
  expect(problems.filter((p) => /Content Security Policy|service ?worker/i.test(p))).toEqual([]);
});

test('a page seen before opens offline, with the offline banner', async ({ page, context }) => {
  await page.goto('/browse');
  await controlledByServiceWorker(page);
  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();

  await context.setOffline(false);
  // The banner goes once the browser says it is online or a request gets through again.
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 15_000 });
});

test('signing out empties the offline caches of anything but the shell', async ({ page }) => {
  const member = await registerThroughApi(page.request);
  await page.goto(`/profile/${member.id}`);
  await controlledByServiceWorker(page);
  await page.evaluate(async () => {
    await (await caches.open('swapmarket-public-v1')).put('/planted', new Response('[]'));
  });
  expect(await cachedPaths(page)).toContain('/planted');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await cachedPaths(page)).not.toContain('/planted');
});

test('the service worker shows a push as a notification that opens its page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.endsWith('/'));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // What the server's push job sends, once the browser has decrypted it (the server side,
  // encryption included, is tested against a local push service in push.routes.test.ts).
  const payload = {
    title: 'SwapMarket',
    body: 'Ada offered a swap for your kettle',
    url: '/my-offers',
    tag: 'notification-41',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        })),
      ),
    )
    .toEqual([payload]);
});

test('push is offered on the notification settings page, and never asked for on a visit', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  await page.goto('/');
  await page.goto('/settings/notifications');
  const card = page.getByRole('heading', { name: 'Push notifications' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Messages' })).toBeChecked();
  // Visiting asked nothing: the browser's permission is still undecided.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
});
