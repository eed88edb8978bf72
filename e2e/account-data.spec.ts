import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, listThroughApi, memberInNewContext, shootAtWidths } from './support';

const SHOTS = 'test-results/account-data-shots';
const shoot = (page: Page, name: string) => shootAtWidths(page, SHOTS, name);

test('a member downloads their data, then deletes their account; the other party keeps the offer', async ({
  browser,
}) => {
  const stamp = Date.now();
  const ann = await memberInNewContext(browser, { forAxe: true });
  const bob = await memberInNewContext(browser);
  const lamp = await listThroughApi(bob.page.request, { title: `Erasure lamp ${stamp}` });
  const offer = await ann.page.request.post('/api/swap-requests', {
    data: { itemId: lamp.id, message: 'Would you give me this lamp?' },
  });
  expect(offer.status()).toBe(201);

  const page = ann.page;
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'settings');

  // Download my data: one JSON file naming the member and the offer, and nobody's address.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^swapmarket-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const data = JSON.parse(text);
  expect(data.account.email).toBe(ann.info.email);
  expect(data.offers[0].message).toBe('Would you give me this lamp?');
  expect(text).not.toContain(bob.info.email);

  // A wrong password is refused where the member is looking; nothing is erased.
  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByRole('alert')).toHaveText('Incorrect password');
  await shoot(page, 'wrong-password');

  await section.getByLabel('Your password').fill(ann.info.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get(`/api/users/${ann.info.id}`)).status()).toBe(404);

  // Bob still has the offer, from Deleted member, and no trace of Ann.
  await bob.page.goto('/my-offers');
  const card = bob.page.getByRole('article').filter({ hasText: lamp.title });
  await expect(card).toContainText('Deleted member');
  await expect(bob.page.getByText(ann.info.nickname)).toHaveCount(0);
  await shoot(bob.page, 'other-party');
  await ann.context.close();
  await bob.context.close();
});
