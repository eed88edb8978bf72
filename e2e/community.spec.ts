import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  listThroughApi,
  memberInNewContext,
  registerThroughApi,
} from './support';

const member = memberInNewContext;

/** A member whose pages accept axe-core's injected script (the app's CSP forbids inline ones). */
async function checkedMember(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  return { context, page, info: await registerThroughApi(page.request) };
}

test('the bell counts an offer live, opens it; an alert is saved; a near search shows distances', async ({
  browser,
}) => {
  const owner = await checkedMember(browser);
  const buyer = await member(browser);
  const stamp = Date.now().toString(36);
  const title = `Harmonium ${stamp}`;
  const item = await listThroughApi(owner.page.request, { title, location: 'York' });

  // 1. The bell: nothing yet, then the offer arrives pushed through the stream.
  const opened = owner.page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events',
  );
  await owner.page.goto('/browse');
  expect((await opened).status()).toBe(200);
  const quietBell = owner.page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(quietBell).toBeVisible();

  const offer = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: item.id, message: 'Swap for my accordion?' },
  });
  expect(offer.status()).toBe(201);
  const bell = owner.page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 5000 });
  await expect(bell).toContainText('1');

  // By keyboard: Enter opens the panel with focus inside it, Escape gives focus back to the bell.
  await bell.focus();
  await owner.page.keyboard.press('Enter');
  const panel = owner.page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect
    .poll(() => panel.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await owner.page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await bell.click();
  await expect(panel).toBeVisible();
  await expectAccessible(owner.page);
  const entry = panel.getByRole('link', { name: /Unread:/ });
  await expect(entry).toContainText(title);
  await entry.click();
  await expect(owner.page).toHaveURL('/my-offers');
  await expect(quietBell).toBeVisible();

  // 2. A want alert from the browse page's current search, listed on /alerts.
  await owner.page.goto('/browse');
  await owner.page.getByLabel('Search for items').fill('accordion');
  await owner.page.getByLabel('Near', { exact: true }).fill('Leeds');
  await owner.page.getByLabel('Within', { exact: true }).selectOption('50');
  await owner.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(owner.page).toHaveURL(/near=Leeds&radiusKm=50/);
  await owner.page.getByRole('button', { name: 'Alert me about new matches' }).click();
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Save alert' }).click();
  await expect(owner.page.getByRole('link', { name: 'Alert saved' })).toBeVisible();
  await owner.page.goto('/alerts');
  await expect(owner.page.getByRole('listitem')).toContainText('“accordion” within 50 km of Leeds');
  await expectAccessible(owner.page);

  // 3. A near search: York is about 35 km from Leeds, nearest first, with the distance shown.
  await buyer.page.goto('/browse');
  await buyer.page.getByLabel('Search for items').fill(title);
  await buyer.page.getByLabel('Near', { exact: true }).fill('Leeds');
  await buyer.page.getByLabel('Within', { exact: true }).selectOption('50');
  await buyer.page.getByLabel('Sort', { exact: true }).selectOption('distance');
  await buyer.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer.page).toHaveURL(/near=Leeds&radiusKm=50&sort=distance/);
  const card = buyer.page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText(/about \d+ km away/)).toBeVisible();
  const km = Number((await card.getByText(/about \d+ km away/).textContent())?.match(/\d+/)?.[0]);
  expect(km).toBeGreaterThan(20);
  expect(km).toBeLessThan(50);

  // Too far for 10 km: the listing is gone; an unknown place is explained.
  await buyer.page.getByLabel('Within', { exact: true }).selectOption('10');
  await buyer.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer.page.getByText('No items found')).toBeVisible();
  await buyer.page.getByLabel('Near', { exact: true }).fill('Nowhereville Xyzzy');
  await buyer.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer.page.getByRole('alert')).toContainText('We could not find');

  // The browse page and the bell fit a 375 px phone.
  await owner.page.setViewportSize({ width: 375, height: 800 });
  await owner.page.goto('/browse?search=accordion&near=Leeds&radiusKm=50');
  await expect(owner.page.getByLabel('Near', { exact: true })).toHaveValue('Leeds');
  await expectNoHorizontalScroll(owner.page);
  await owner.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(owner.page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoHorizontalScroll(owner.page);
});
