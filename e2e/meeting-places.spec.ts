import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  listThroughApi,
  memberInNewContext,
  shootAtWidths,
  signInAdmin,
} from './support';

const SHOTS = 'test-results/meeting-places-shots';

const shoot = (page: Page, name: string) => shootAtWidths(page, SHOTS, name);

test('an admin adds a safe meeting place and the chat of an offer in York suggests it', async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const name = `York Explore Library ${stamp}`;

  await signInAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Meeting places' }).click();
  const form = page.getByRole('form', { name: 'Add a meeting place' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Address').fill('Library Square, York YO1 7DS');
  await form.getByLabel('Latitude').fill('53.9617');
  await form.getByLabel('Longitude').fill('-1.0862');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(page.getByText('Meeting place added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Meeting places' });
  await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await shoot(page, 'admin-tab');

  // Both listings are in York (listThroughApi's default location): both members have a point.
  const seller = await memberInNewContext(browser);
  const buyer = await memberInNewContext(browser, { forAxe: true });
  const item = await listThroughApi(seller.page.request, { title: `Meeting radio ${stamp}` });
  const mine = await listThroughApi(buyer.page.request, { title: `Meeting lamp ${stamp}` });
  const offer = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: item.id, offeredItemId: mine.id, message: 'Swap for my lamp?' },
  });
  expect(offer.status()).toBe(201);

  await buyer.page.goto('/my-offers');
  await buyer.page.getByRole('tab', { name: /^Made/ }).click();
  const card = buyer.page.getByRole('article').filter({ hasText: item.title });
  await card.getByRole('button', { name: /Message/ }).click();
  const chat = buyer.page.getByRole('dialog');
  const places = chat.getByRole('region', { name: 'Safe places to meet' });
  await expect(places.getByRole('listitem').filter({ hasText: name })).toContainText(
    /Library Square, York YO1 7DS · [\d.]+ km from either of you at most/,
  );
  await expectAccessible(buyer.page);
  await shoot(buyer.page, 'chat');
});
