import { expect, type Page, test } from '@playwright/test';
import { listThroughApi, memberInNewContext } from './support';

const member = memberInNewContext;

/** Counts the page's own calls to an API path from now on. */
function countCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.url());
  });
  return calls;
}

const streamOpened = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');

test('a new offer and a chat message arrive pushed, with no polling while the stream is open', async ({
  browser,
}) => {
  const owner = await member(browser);
  const buyer = await member(browser);
  const item = await listThroughApi(owner.page.request, { title: `Harmonium ${Date.now()}` });

  const opened = streamOpened(owner.page);
  await owner.page.goto('/my-offers');
  expect((await opened).status()).toBe(200);
  await expect(owner.page.getByRole('tab', { name: 'Received (0)' })).toBeVisible();

  // SPEC §9 would poll the offers every 5 s; with the stream open, an idle tab asks nothing.
  const listCalls = countCalls(owner.page, '/api/swap-requests');
  await owner.page.waitForTimeout(11_000);
  expect(listCalls).toEqual([]);

  const offer = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: item.id, message: 'Swap for my accordion?' },
  });
  expect(offer.status()).toBe(201);
  const { id } = await offer.json();
  await expect(owner.page.getByRole('tab', { name: 'Received (1)' })).toBeVisible({
    timeout: 3000,
  });

  const card = owner.page.getByRole('article').filter({ hasText: item.title });
  // The chat reads its messages once as it opens (its code fetched on that first open), then
  // the stream tells it of new ones.
  const firstRead = owner.page.waitForResponse((response) =>
    response.url().includes(`/api/swap-requests/${id}/messages`),
  );
  await card.getByRole('button', { name: /Message/ }).click();
  await firstRead;
  const chat = owner.page.getByRole('dialog');
  await expect(chat).toBeVisible();
  const messageCalls = countCalls(owner.page, `/api/swap-requests/${id}/messages`);
  await owner.page.waitForTimeout(5000);
  expect(messageCalls).toEqual([]); // the chat's 2 s polling stands down too

  await buyer.page.request.post(`/api/swap-requests/${id}/messages`, {
    data: { content: 'Is Saturday good?' },
  });
  await expect(chat.getByText('Is Saturday good?')).toBeVisible({ timeout: 3000 });
});

test('falls back to SPEC polling while the stream cannot open', async ({ browser }) => {
  const owner = await member(browser);
  await owner.page.route('**/api/events', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await owner.page.goto('/my-offers');
  await expect(owner.page.getByRole('tab', { name: 'Received (0)' })).toBeVisible();
  const listCalls = countCalls(owner.page, '/api/swap-requests');
  await owner.page.waitForTimeout(11_000);
  expect(listCalls.length).toBeGreaterThanOrEqual(2);
});
