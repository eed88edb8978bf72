import { expect, type Page, test } from '@playwright/test';
import {
  expectAppRunning,
  listThroughApi,
  newMember,
  registerThroughApi,
  signInAdmin,
} from './support';

/** Each payload would set window.__xss (or open a dialog) if anything ran it. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '"><script>window.__xss=1</script>',
  '<svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  '{{constructor.constructor("window.__xss=1")()}}',
];
const payload = (i: number) => PAYLOADS[i % PAYLOADS.length] ?? '';

async function expectNothingRan(page: Page, url: string) {
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  await page.goto(url);
  await expectAppRunning(page);
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    url,
  ).toBeUndefined();
  expect(dialog, url).toBe(false);
}

test('XSS payloads in every user text field fire nothing on the pages that show them', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerInfo = await registerThroughApi(owner.request, {
    ...newMember(),
    firstName: payload(0),
    lastName: payload(1),
    nickname: `x${Date.now()}<b>`,
  });
  await owner.request.patch('/api/users/profile', {
    data: { bio: payload(2), location: payload(3) },
  });
  const item = await listThroughApi(owner.request, {
    title: `Harmless ${payload(1)}`,
    description: payload(0),
    wantedItems: payload(2),
    estimatedValue: payload(4).slice(0, 50),
    location: payload(3),
  });

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerThroughApi(buyer.request, { ...newMember(), nickname: `y${Date.now()}` });
  const offer = await (
    await buyer.request.post('/api/swap-requests', {
      data: { itemId: item.id, message: payload(0), offerDescription: payload(1) },
    })
  ).json();
  await buyer.request.post(`/api/swap-requests/${offer.id}/messages`, {
    data: { content: payload(2) },
  });
  await owner.request.patch(`/api/swap-requests/${offer.id}`, { data: { status: 'accepted' } });
  await buyer.request.patch(`/api/swap-requests/${offer.id}`, { data: { status: 'completed' } });
  await buyer.request.post('/api/feedback', {
    data: { toUserId: ownerInfo.id, swapRequestId: offer.id, rating: 4, comment: payload(1) },
  });
  await buyer.request.post(`/api/items/${item.id}/report`, {
    data: { reason: 'Other', description: payload(3) },
  });
  await buyer.request.post(`/api/items/${item.id}/save`);

  for (const url of [
    '/',
    '/browse',
    '/browse?search=harmless',
    `/item/${item.id}`,
    `/profile/${ownerInfo.id}`,
    '/my-offers',
    '/saved-items',
  ]) {
    await expectNothingRan(buyer, url);
  }
  await expectNothingRan(owner, '/my-offers');
  await owner
    .getByRole('article')
    .first()
    .getByRole('button', { name: /Message/ })
    .click();
  await expect(owner.getByRole('dialog').getByText(payload(2))).toBeVisible();
  expect(
    await owner.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  await owner.goto('/settings');
  await owner.getByRole('tab', { name: 'Activity' }).click();
  await owner.getByRole('tab', { name: /Feedback/ }).click();
  await expect(owner.getByText(payload(1)).first()).toBeVisible();
  expect(
    await owner.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await expectNothingRan(admin, '/admin');
  for (const tab of ['All Feedback', 'All Profiles', 'All Items', 'All Messages', 'Reports']) {
    await admin.getByRole('tab', { name: tab }).click();
    await admin.waitForLoadState('networkidle');
    expect(
      await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss),
      tab,
    ).toBeUndefined();
  }
  for (const context of [ownerContext, buyerContext, adminContext]) await context.close();
});
