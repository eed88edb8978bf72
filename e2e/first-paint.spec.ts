import { expect, type Page, test } from '@playwright/test';
import { expectAppRunning, listThroughApi, pngFile, registerThroughApi } from './support';

/** Holds the page's scripts back until the returned function is called: the HTML alone shows. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

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

  // Moving to another listing in the app fetches it as before. The listing on show may still be
  // the server's HTML alone (the page fetches its app after it has painted, so the network can
  // go quiet before the app has even arrived), and the router follows history changes only once
  // React has taken the page over: the move waits for that.
  await expectAppRunning(page);
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/item/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, other.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Fetched kettle' })).toBeVisible();
  expect(asked).toContain(`/api/items/${other.id}`);
  // The app has run by now, and it never asked for the listing its HTML came with.
  expect(asked.filter((path) => path === `/api/items/${item.id}`)).toEqual([]);
});

test('an item page comes drawn in its HTML, paints before its scripts, and React takes it over', async ({
  browser,
  page,
}) => {
  const ownerContext = await browser.newContext();
  await registerThroughApi(ownerContext.request);
  const item = await listThroughApi(ownerContext.request, { title: 'Server-drawn <em>banjo</em>' });
  await ownerContext.close();

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // A phone's CPU (as Lighthouse's): React takes the page over in passes, the listing last, and
  // the signed-out answer to /api/auth/user comes back in between; the page must still draw
  // what the server drew then (client/lib/hydration.ts), or React throws the HTML away.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Hold the scripts back: what shows meanwhile is the server's HTML alone.
  const release = await holdScripts(page);
  await page.goto(`/item/${item.id}`, { waitUntil: 'commit' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Server-drawn <em>banjo</em>' }),
  ).toBeVisible();
  await expect(page.getByText('Two burners, with gas adaptor.')).toBeVisible();
  release();
  await page.waitForLoadState('networkidle');
  // Taken over: the visitor's action appears, and its link is the router's.
  await page.getByRole('link', { name: 'Sign in to Make Offer' }).click();
  await expect(page).toHaveURL('/auth');
  expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
});

test('a drawn page fetches the app after it has painted, and a page the server did not draw at once', async ({
  page,
}) => {
  // Issue 19 §4: the text and photo of a drawn page do not share a slow line with the app.
  const timings = async () =>
    page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const app = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/start-[\w-]+\.js$/.test(entry.name))[0]?.startTime;
      return { fcp, app };
    });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  const home = await timings();
  expect(home.fcp).toBeDefined();
  expect(home.app).toBeGreaterThan(home.fcp ?? Number.POSITIVE_INFINITY);

  // /auth is drawn by the browser: its app is preloaded by the HTML and fetched at once.
  const html = await (await page.request.get('/auth')).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/start-[\w-]+\.js">/);
  expect(html).not.toContain('<template id="after-paint">');
});

test('a drawn page styles itself from its inlined stylesheet and never downloads it', async ({
  page,
}) => {
  // Vite's preload helper added the stylesheet a second time before each page's import: a
  // download on the visitor's line and a style recalculation of the whole page at start-up.
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.css')) stylesheets.push(request.url());
  });
  for (const path of ['/', '/browse']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    expect(stylesheets, path).toEqual([]);
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'),
    );
    expect(sheets, path).toEqual(['inline']);
  }
});

test('the home page comes pre-rendered in its HTML and React takes it over without a mismatch', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<div id="root" data-prerendered="/">');
  expect(html).toContain('Swap What Ever You&#x27;ve Got!');
  // Served to a visitor whose signed-in state is not known yet, as the first render draws it.
  expect(html).toContain('Loading...');

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: "Swap What Ever You've Got!" }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Hydrated: the links are the router's (no full page load), and the header knows the visitor.
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Start browsing' }).click();
  await expect(page).toHaveURL('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeVisible();
  // (The signed-out /api/auth/user answers 401, which the browser logs as a failed load.)
  expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
});

test('a pre-rendered home kept as the offline shell is not hydrated on another path', async ({
  page,
}) => {
  // The service worker keeps the last page's HTML as the shell; opened on another path, the
  // client draws that path from scratch.
  await page.route('**/browse', async (route) => {
    const home = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/\/browse$/, '/'),
    });
    await route.fulfill({ response: home });
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Swap What Ever You've Got!" })).toHaveCount(0);
  expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
});

test('browse comes pre-rendered for its bare path, is taken over without a mismatch, then lists', async ({
  browser,
  page,
  request,
}) => {
  const ownerContext = await browser.newContext();
  await registerThroughApi(ownerContext.request);
  await listThroughApi(ownerContext.request, { title: 'Prerender-era tent' });
  await ownerContext.close();

  const html = await (await request.get('/browse')).text();
  expect(html).toContain('<div id="root" data-prerendered="/browse">');
  expect(html).toContain('Browse Items');
  const searched = await (await request.get('/browse?search=tent')).text();
  expect(searched).toContain('<div id="root"></div>');

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Prerender-era tent' })).toBeVisible();
  await page.getByLabel('Search for items').fill('tent');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=tent/);
  await expect(page.getByRole('heading', { name: 'Prerender-era tent' })).toBeVisible();
  expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
});

test('what is typed into the pre-rendered browse form before React takes over is kept', async ({
  page,
}) => {
  // Hold the scripts back until the visitor has typed into the server's HTML.
  const release = await holdScripts(page);
  await page.goto('/browse', { waitUntil: 'commit' });
  await page.getByLabel('Search for items').fill('accordion');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Near', { exact: true }).fill('Leeds');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=accordion/);
  await expect(page).toHaveURL(/near=Leeds/);
});

test('Enter in the pre-rendered browse form searches before React takes over', async ({
  browser,
  page,
}) => {
  const ownerContext = await browser.newContext();
  await registerThroughApi(ownerContext.request);
  await listThroughApi(ownerContext.request, { title: 'Early-bird harmonica' });
  await ownerContext.close();

  const release = await holdScripts(page);
  await page.goto('/browse', { waitUntil: 'commit' });
  await page.getByLabel('Search for items').fill('harmonica');
  await page.getByLabel('Search for items').press('Enter');
  // A plain GET form until the scripts run: the search goes into the URL at once.
  await expect(page).toHaveURL(/\/browse\?search=harmonica/);
  release();
  await expect(page.getByText(/Found \d+ item\(s\) for "harmonica"/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Early-bird harmonica' })).toBeVisible();
  // Once React runs, a blank search cannot be sent (SPEC §3).
  await page.getByLabel('Search for items').fill('');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
});
