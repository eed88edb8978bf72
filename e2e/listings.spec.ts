import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  listThroughApi,
  newMember,
  pngFile,
  registerThroughApi,
} from './support';

test('list an item with two photos, find it by a prefix, open, edit and delete it', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  const unique = `Zephyrscope${Date.now().toString(36)}`;
  await page.goto('/create-listing');
  await page.getByLabel('Title *').fill(`${unique} telescope`);
  await page.getByLabel('Category *').selectOption({ label: 'Collectibles' });
  await page.getByLabel('Condition *').selectOption('good');
  await page.getByLabel('Description *').fill('Brass, on a wooden tripod.');
  await page.getByLabel('Location').fill('Manchester');
  await page.getByLabel('Estimated value').fill('£80');
  await page
    .locator('input[type=file]')
    .setInputFiles([await pngFile('a.png', [200, 80, 40]), await pngFile('b.png', [40, 80, 200])]);
  await expect(page.getByText('2/5 photos')).toBeVisible();
  await page.getByLabel('Specific items you want').fill('A record player');
  await page.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }).click();
  await expect(page.getByText('Your item has been listed successfully.')).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.goto('/browse');
  await page.getByPlaceholder('Search for items...').fill(unique.slice(0, 8).toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Found \d+ item\(s\) for/)).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: unique });
  await expect(card.getByText('Wants: A record player')).toBeVisible();
  await expect(card.getByText('Est. Value: £80')).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `${unique} telescope` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Photo \d/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Your Item' })).toBeDisabled();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByText('2/5 photos')).toBeVisible();
  await page.getByLabel('Title *').fill(`${unique} brass telescope`);
  await page.getByRole('button', { name: 'Update Listing' }).click();
  await expect(page.getByText('Your listing has been updated.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `${unique} brass telescope` }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete listing' }).click();
  await expect(page.getByText('Item deleted successfully')).toBeVisible();
  expect((await page.request.get(`/api/items?search=${unique}`)).ok()).toBe(true);
  expect(await (await page.request.get(`/api/items?search=${unique}`)).json()).toEqual([]);
});

test('banned words and missing fields are refused on screen', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/create-listing');
  await page.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }).click();
  await expect(page.getByText('Missing Title')).toBeVisible();
  await expect(page.getByText('Please enter a title for your item')).toBeVisible();

  await page.getByLabel('Title *').fill('Airsoft gun');
  await page.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }).click();
  await expect(page.getByText('Missing Description')).toBeVisible();

  await page.getByLabel('Description *').fill('Barely used');
  await page.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }).click();
  await expect(page.getByText('This item type is not allowed for swapping')).toBeVisible();
  await expect(page).toHaveURL('/create-listing');
});

test('signed out, listing asks to sign in and offers ask to sign in', async ({ page, browser }) => {
  await page.goto('/create-listing');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page.getByText('You need to sign in to list items for swap.')).toBeVisible();

  const owner = await browser.newContext();
  await registerThroughApi(owner.request);
  const item = await listThroughApi(owner.request);
  await owner.close();
  await page.goto(`/item/${item.id}`);
  await expect(page.getByRole('link', { name: 'Sign in to Make Offer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save item' })).toHaveCount(0);
});

test('save and unsave an item, and see it under Saved items', async ({ page, browser }) => {
  const owner = await browser.newContext();
  await registerThroughApi(owner.request);
  const item = await listThroughApi(owner.request, { title: `Lantern ${Date.now()}` });
  await owner.close();

  await registerThroughApi(page.request);
  await page.goto(`/item/${item.id}`);
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Added to your wishlist')).toBeVisible();
  await page.goto('/saved-items');
  await expect(page.getByText('1 saved item')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: item.title });
  await card.getByRole('button', { name: 'Remove from saved items' }).click();
  await expect(page.getByText('Removed from your wishlist')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No saved items yet')).toBeVisible();
});

test('the header carousel shows a new listing', async ({ page }) => {
  await registerThroughApi(page.request);
  const item = await listThroughApi(page.request, { title: `Carousel kite ${Date.now()}` });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured items' });
  // Hovering pauses the rotation; other workers may have listed newer items, so step through.
  await carousel.hover();
  for (let step = 0; step < 20 && !(await carousel.getByText(item.title).isVisible()); step++) {
    await carousel.getByRole('button', { name: 'Next featured item' }).click();
  }
  await expect(carousel.getByText(item.title)).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Next featured item' })).toBeVisible();
});

test('listing screens pass axe-core and fit a 375 px screen', async ({ browser }) => {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await registerThroughApi(page.request, newMember());
  const item = await listThroughApi(page.request, { images: [] });
  for (const url of [
    '/browse',
    '/browse?search=stove',
    `/item/${item.id}`,
    '/create-listing',
    `/edit-listing/${item.id}`,
    '/saved-items',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  }
  await context.close();
});
