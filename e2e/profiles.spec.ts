import { expect, test } from '@playwright/test';
import { expectAccessible, listThroughApi, pngFile, registerThroughApi } from './support';

test('change the picture to an emoji, then to a photo; edit the profile', async ({ page }) => {
  const me = await registerThroughApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: me.nickname })).toBeVisible();

  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await page.getByRole('button', { name: 'Use 🚀 as your picture' }).click();
  await expect(page.getByText('Profile picture updated successfully')).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: 'Avatar' })).toHaveText('🚀');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Avatar' })).toHaveText('🚀');

  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles(await pngFile('me.png', [250, 120, 40]));
  // The emoji's toast may still be fading out: the newest one is this change's.
  await expect(page.getByText('Profile picture updated successfully').last()).toBeVisible();
  const photo = page.getByRole('main').locator('img[src^="/api/images/"]').first();
  await expect(photo).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nickname').fill(`${me.nickname}x`);
  await dialog.getByLabel('Bio').fill('I fix bikes and collect vinyl.');
  await dialog.getByLabel('Location').fill('Leeds');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${me.nickname}x` })).toBeVisible();
  await expect(page.getByText('I fix bikes and collect vinyl.')).toBeVisible();
  await expect(page.getByText('Leeds')).toBeVisible();
});

test('visitors see Send Message and no Edit or Delete; the owner deletes a listing from the profile', async ({
  page,
  browser,
}) => {
  const owner = await registerThroughApi(page.request);
  const item = await listThroughApi(page.request, { title: `Record player ${Date.now()}` });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await registerThroughApi(visitor.request);
  await visitor.goto(`/profile/${owner.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
  await expect(visitor.getByRole('main').getByText(item.title)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await visitor.getByRole('dialog').getByRole('link', { name: 'Make Offer' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Send Swap Offer' })).toBeVisible();
  await visitorContext.close();

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Listings (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete listing' }).click();
  await expect(page.getByText('Item deleted successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your First Listing' })).toBeVisible();
});

test('the success toast, at rest, passes axe-core (its green on its tint included)', async ({
  browser,
}) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await registerThroughApi(page.request);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('dialog').getByLabel('Bio').fill('Toast reader');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectAccessible(page);
  await context.close();
});

test('an unknown profile says so, and the profile passes axe-core', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/profile/no-such-member');
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  const me = await registerThroughApi(page.request);
  await listThroughApi(page.request);
  for (const url of ['/settings', `/profile/${me.id}`]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: me.nickname })).toBeVisible();
    await expectAccessible(page);
  }
  await context.close();
});
