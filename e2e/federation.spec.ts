import { expect, request as newRequest, test } from '@playwright/test';
import { E2E_PEER_PORT } from '../playwright.config';
import { listThroughApi, memberInNewContext, registerThroughApi, signInAdmin } from './support';

const PEER = `http://127.0.0.1:${E2E_PEER_PORT}`;

/**
 * Two real instances: this one follows "Riverside Swaps" (a second server, auto approval), whose
 * listing then appears here. A member of this one finds it in search, opens it, saves it, and
 * sees it in their matches after naming it among their wants.
 */
test('a member finds another community’s listing, saves it and sees it in their matches', async ({
  browser,
  page,
}) => {
  const tag = String(Date.now() % 100_000_000);
  const peer = await newRequest.newContext({ baseURL: PEER });
  await registerThroughApi(peer);
  const zither = await listThroughApi(peer, { title: `Riverside zither ${tag}` });

  await signInAdmin(page);
  const followed = await page.request.post('/api/admin/federation/instances', {
    data: { url: PEER },
  });
  expect(followed.status()).toBe(201);
  let localId: number | undefined;
  await expect
    .poll(
      async () => {
        const found = await page.request.get(
          `/api/items?search=${encodeURIComponent(`zither ${tag}`)}`,
        );
        const listings = (await found.json()) as Array<{
          id: number;
          origin: { url: string } | null;
        }>;
        localId = listings.find((item) => item.origin?.url === `${PEER}/item/${zither.id}`)?.id;
        return localId;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();

  const ann = await memberInNewContext(browser);
  const lute = await listThroughApi(ann.page.request, { title: `Lute ${tag}` });
  // Search finds it, shown as from the other community.
  await ann.page.goto(`/browse?search=${encodeURIComponent(`zither ${tag}`)}`);
  await ann.page.getByText(`Riverside zither ${tag}`).first().click();
  await expect(ann.page).toHaveURL(new RegExp(`/item/${localId}$`));
  await expect(ann.page.getByRole('heading', { name: `Riverside zither ${tag}` })).toBeVisible();
  // Saved like any listing (the save answered before the page changes, or it may never leave).
  await Promise.all([
    ann.page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/items/${localId}/save`) &&
        response.request().method() === 'POST',
    ),
    ann.page.getByRole('button', { name: /save/i }).first().click(),
  ]);
  // Read from the page's main region: the header's featured carousel may show the listing too.
  await ann.page.goto('/saved-items');
  await expect(ann.page.getByRole('main').getByText(`Riverside zither ${tag}`)).toBeVisible();
  // Named among the lute's wants: it shows in her matches.
  const wants = await ann.page.request.put(`/api/items/${lute.id}/wants`, {
    data: { itemIds: [localId] },
  });
  expect(wants.status()).toBe(200);
  // Matches are derived from the want graph, which its upkeep job brings up to date just after
  // the change: the page may be drawn before it, so look again until it is.
  await expect(async () => {
    await ann.page.goto('/matches');
    await expect(
      ann.page.getByRole('main').getByText(`Riverside zither ${tag}`).first(),
    ).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await peer.dispose();
});
