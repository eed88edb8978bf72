import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  listThroughApi,
  memberInNewContext,
  pngFile,
  registerThroughApi,
} from './support';

const member = memberInNewContext;

test('offer with a photo → accept → chat both ways → complete → both rate', async ({ browser }) => {
  const owner = await member(browser);
  const buyer = await member(browser);
  const item = await listThroughApi(owner.page.request, { title: `Tandem bicycle ${Date.now()}` });

  await buyer.page.goto(`/item/${item.id}`);
  await buyer.page.getByRole('button', { name: 'Make Swap Offer' }).click();
  const offer = buyer.page.getByRole('dialog', { name: 'Send Swap Offer' });
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyer.page.getByText('Please enter a message.')).toBeVisible();
  await offer.getByLabel('Your Message').fill('Would you swap for my canoe?');
  await offer
    .getByLabel('What are you offering? (Optional)')
    .fill('A two-person canoe with paddles');
  await offer.locator('input[type=file]').setInputFiles(await pngFile('canoe.png', [20, 120, 200]));
  await expect(buyer.page.getByText('Your image is ready to send with the offer.')).toBeVisible();
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyer.page.getByText('Your offer has been sent to the item owner.')).toBeVisible();

  await owner.page.goto('/my-offers');
  await expect(owner.page.getByRole('tab', { name: 'Received (1)' })).toBeVisible();
  const received = owner.page.getByRole('article').filter({ hasText: item.title });
  await expect(received.getByText('Pending')).toBeVisible();
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(owner.page.getByText('Swap request updated successfully')).toBeVisible();
  await expect(received.getByText('Accepted')).toBeVisible();

  await received.getByRole('button', { name: /Message/ }).click();
  const ownerChat = owner.page.getByRole('dialog');
  await ownerChat.getByLabel('Message', { exact: true }).fill('Deal! When can you meet?');
  await ownerChat.getByLabel('Message', { exact: true }).press('Enter');
  await expect(ownerChat.getByText('Deal! When can you meet?')).toBeVisible();
  await ownerChat.getByRole('button', { name: 'Close' }).click();

  await buyer.page.goto('/my-offers');
  await buyer.page.getByRole('tab', { name: 'Made (1)' }).click();
  const made = buyer.page.getByRole('article').filter({ hasText: item.title });
  await made.getByRole('button', { name: /Message/ }).click();
  const buyerChat = buyer.page.getByRole('dialog');
  await expect(buyerChat.getByText('Deal! When can you meet?')).toBeVisible();
  const box = buyerChat.getByLabel('Message', { exact: true });
  await box.fill('Saturday');
  await box.press('Shift+Enter');
  await box.pressSequentially('at the market');
  await box.press('Enter');
  await expect(buyerChat.getByText(/Saturday\s+at the market/)).toBeVisible();
  await buyerChat.getByRole('button', { name: 'Close' }).click();
  await expect(
    owner.page.getByRole('article').filter({ hasText: item.title }).getByText('1 unread'),
  ).toHaveCount(1, { timeout: 10_000 });

  await made.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(made.getByText('Completed')).toBeVisible();
  await made.getByRole('button', { name: 'Rate User' }).click();
  const rate = buyer.page.getByRole('dialog');
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(buyer.page.getByText('Rating Required')).toBeVisible();
  await rate.getByLabel('5 stars: Excellent experience').locator('..').click();
  await expect(rate.getByLabel('5 stars: Excellent experience')).toBeChecked();
  await expect(rate.getByText('Excellent experience')).toBeVisible();
  await rate.getByLabel('Comment (optional)').fill('Friendly and on time');
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(buyer.page.getByText('Rating Submitted')).toBeVisible();
  await expect(made.getByRole('button', { name: 'Rated' })).toBeVisible();

  await owner.page.reload();
  const done = owner.page.getByRole('article').filter({ hasText: item.title });
  await done.getByRole('button', { name: 'Rate User' }).click();
  await owner.page.getByRole('dialog').getByLabel('4 stars: Good experience').locator('..').click();
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Submit Rating' }).click();
  await expect(owner.page.getByText('Rating Submitted')).toBeVisible();

  const stats = await (
    await buyer.page.request.get(`/api/users/${owner.info.id}/rating-stats`)
  ).json();
  expect(stats).toEqual({ averageRating: 5, totalRatings: 1 });
  await owner.context.close();
  await buyer.context.close();
});

test('a declined offer shows as rejected, and a third member cannot see it', async ({
  browser,
}) => {
  const owner = await member(browser);
  const buyer = await member(browser);
  const outsider = await member(browser);
  const item = await listThroughApi(owner.page.request, { title: `Sewing machine ${Date.now()}` });
  const created = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: item.id, message: 'Swap for a lamp?' },
  });
  const request = await created.json();

  await owner.page.goto('/my-offers');
  const card = owner.page.getByRole('article').filter({ hasText: item.title });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByText('Rejected')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  expect((await outsider.page.request.get(`/api/swap-requests/${request.id}`)).status()).toBe(404);
  expect(
    (await outsider.page.request.get(`/api/swap-requests/${request.id}/messages`)).status(),
  ).toBe(404);
  await outsider.page.goto('/my-offers');
  await expect(outsider.page.getByRole('heading', { name: 'My Offers' })).toBeVisible();
  await expect(outsider.page.getByRole('main').getByText(item.title)).toHaveCount(0);
  for (const m of [owner, buyer, outsider]) await m.context.close();
});

test('My Offers passes axe-core', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await registerThroughApi(page.request);
  await page.goto('/my-offers');
  await expect(page.getByRole('heading', { level: 1, name: 'My Offers' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('a long chat opens on its latest messages and shows earlier ones on request', async ({
  browser,
}) => {
  const owner = await member(browser, { forAxe: true });
  const buyer = await member(browser);
  const item = await listThroughApi(owner.page.request, { title: `Long chat lamp ${Date.now()}` });
  const offer = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: item.id, message: 'Would you swap for my kettle?' },
  });
  expect(offer.status()).toBe(201);
  const chatUrl = `/api/swap-requests/${(await offer.json()).id}/messages`;
  // 60 messages, turn about: more than the 50 the chat opens on.
  for (let n = 1; n <= 60; n++) {
    const author = n % 2 ? buyer : owner;
    const sent = await author.page.request.post(chatUrl, { data: { content: `Message ${n}` } });
    expect(sent.status()).toBe(201);
  }

  await owner.page.setViewportSize({ width: 375, height: 740 });
  await owner.page.goto('/my-offers');
  const card = owner.page.getByRole('article').filter({ hasText: item.title });
  await card.getByRole('button', { name: /Message/ }).click();
  const chat = owner.page.getByRole('dialog');
  await expect(chat.getByText('Message 60', { exact: true })).toBeVisible();
  await expect(chat.getByText('Message 11', { exact: true })).toBeAttached();
  await expect(chat.getByText('Message 10', { exact: true })).toHaveCount(0);

  await chat.getByRole('button', { name: 'Show earlier messages' }).click();
  await expect(chat.getByText('Message 1', { exact: true })).toBeAttached();
  await expect(chat.getByText('Message 10', { exact: true })).toBeAttached();
  // Ten more was the start of the chat: nothing earlier to show.
  await expect(chat.getByRole('button', { name: 'Show earlier messages' })).toHaveCount(0);
  await expectAccessible(owner.page);
  await owner.page.screenshot({ path: 'test-results/long-chat-375.png' });
});
