import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  listThroughApi,
  memberInNewContext,
  registerThroughApi,
  signInAdmin,
} from './support';

const member = memberInNewContext;

test('a member sees Access Denied', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/admin');
  await expect(
    page.getByText('Access Denied: You need admin privileges to view this dashboard.'),
  ).toBeVisible();
});

test('an admin edits an item and a profile, deletes feedback, resolves a report and downloads a CSV', async ({
  page,
  browser,
}) => {
  const seller = await member(browser);
  const buyer = await member(browser);
  const item = await listThroughApi(seller.page.request, {
    title: `Moderated teapot ${Date.now()}`,
  });
  const offer = await (
    await buyer.page.request.post('/api/swap-requests', {
      data: { itemId: item.id, message: 'Swap?' },
    })
  ).json();
  await seller.page.request.patch(`/api/swap-requests/${offer.id}`, {
    data: { status: 'accepted' },
  });
  await buyer.page.request.patch(`/api/swap-requests/${offer.id}`, {
    data: { status: 'completed' },
  });
  await buyer.page.request.post('/api/feedback', {
    data: {
      toUserId: seller.info.id,
      swapRequestId: offer.id,
      rating: 1,
      comment: 'Rude remark to moderate',
    },
  });
  const reported = await listThroughApi(seller.page.request, {
    title: `Reported clock ${Date.now()}`,
  });
  await buyer.page.goto(`/item/${reported.id}`);
  await buyer.page.getByRole('button', { name: 'Report this listing' }).click();
  await buyer.page.getByLabel('Reason').selectOption('Misleading description');
  await buyer.page.getByRole('button', { name: 'Send Report' }).click();
  await expect(buyer.page.getByText('A moderator will look at this listing.')).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Estimated revenue')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Daily visits, last 7 days' })).toBeAttached();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export users (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,email,nickname,firstName,lastName,location,isAdmin,verified,createdAt',
  );
  expect(csv).toContain(seller.info.email);

  await page.getByRole('tab', { name: 'All Items' }).click();
  const row = page.getByRole('listitem').filter({ hasText: item.title });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill(`${item.title} (edited)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Item updated')).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: `${item.title} (edited)` }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'All Profiles' }).click();
  const profile = page.getByRole('listitem').filter({ hasText: seller.info.email });
  await profile.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Bio').fill('Moderated bio');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  expect((await (await page.request.get(`/api/users/${seller.info.id}`)).json()).bio).toBe(
    'Moderated bio',
  );

  await page.getByRole('tab', { name: 'All Feedback' }).click();
  const feedback = page.getByRole('listitem').filter({ hasText: 'Rude remark to moderate' });
  await feedback.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete feedback' }).click();
  await expect(page.getByText('Feedback deleted')).toBeVisible();
  await expect(page.getByText('Rude remark to moderate')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Reports' }).click();
  const report = page.getByRole('listitem').filter({ hasText: reported.title });
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Report updated')).toBeVisible();
  await expect(report.getByText('resolved')).toBeVisible();

  for (const m of [seller, buyer]) await m.context.close();
});

test('the dashboard passes axe-core', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
