import { expect, type Page, test } from '@playwright/test';
import { E2E_PEER_ADMIN_EMAIL, E2E_PEER_PORT } from '../playwright.config';
import {
  adminAt,
  expectAccessibleAtRest,
  followEachOther,
  heldAs,
  memberAt,
} from './federation-support';
import { listThroughApi, shootAtWidths, signInAdmin } from './support';

const PEER = `http://127.0.0.1:${E2E_PEER_PORT}`;
const SHOTS = 'test-results/federation-swaps';

/** The chat of `card`: one message sent, and one awaited from the other side. */
async function chat(page: Page, card: ReturnType<Page['getByRole']>, send: string, awaits: string) {
  await card.getByRole('button', { name: /Message/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(awaits)).toBeVisible({ timeout: 10_000 });
  await dialog.getByLabel('Message', { exact: true }).fill(send);
  await dialog.getByLabel('Message', { exact: true }).press('Enter');
  await expect(dialog.getByText(send)).toBeVisible();
  return dialog;
}

async function rate(page: Page, card: ReturnType<Page['getByRole']>, stars: string, words: string) {
  await card.getByRole('button', { name: 'Rate User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(stars).locator('..').click();
  await dialog.getByLabel('Comment (optional)').fill(words);
  await dialog.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(page.getByText('Rating Submitted')).toBeVisible();
}

/**
 * Issue 39 §1 across two real instances: a member here offers on a Riverside listing, its owner
 * accepts there, both chat, the member here completes, and each rates the other; every move made
 * on one side shows on the other.
 */
test('a swap with a member of another community: offer, accept, chat, complete, rate', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now() % 100_000_000);
  await signInAdmin(page);
  const here = test.info().project.use.baseURL as string;
  const peer = await adminAt(PEER, E2E_PEER_ADMIN_EMAIL);
  await followEachOther([{ url: here, admin: page.request }, peer]);

  const rita = await memberAt(browser, PEER);
  const kayak = await listThroughApi(rita.page.request, { title: `Riverside kayak ${tag}` });
  const ann = await memberAt(browser, here);
  await listThroughApi(ann.page.request, { title: `Ann's tent ${tag}` });
  const kayakHere = await heldAs(ann.page.request, `${PEER}/item/${kayak.id}`, `kayak ${tag}`);

  // Ann offers her tent for the kayak, from the listing's page here.
  await ann.page.goto(`/item/${kayakHere}`);
  await ann.page.getByRole('button', { name: 'Make Swap Offer' }).click();
  const offer = ann.page.getByRole('dialog', { name: 'Send Swap Offer' });
  await offer.getByLabel('Your Message').fill('My tent for your kayak?');
  await offer.getByLabel(`Ann's tent ${tag}`).check();
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(ann.page.getByText('Your offer has been sent to the item owner.')).toBeVisible();

  // Rita, on Riverside, receives it from Ann named nickname@host, and accepts.
  await rita.page.goto('/my-offers');
  const received = rita.page.getByRole('article').filter({ hasText: `Riverside kayak ${tag}` });
  await expect(received.getByText(`${ann.info.nickname}@127.0.0.1`)).toBeVisible({
    timeout: 10_000,
  });
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(received.getByText('Accepted')).toBeVisible();

  // Ann sees it accepted here, and they chat both ways.
  await ann.page.goto('/my-offers');
  await ann.page.getByRole('tab', { name: /Made/ }).click();
  const made = ann.page.getByRole('article').filter({ hasText: `Riverside kayak ${tag}` });
  await expect(made.getByText('Accepted')).toBeVisible({ timeout: 10_000 });
  await made.getByRole('button', { name: /Message/ }).click();
  const annChat = ann.page.getByRole('dialog');
  await annChat.getByLabel('Message', { exact: true }).fill('When can we meet?');
  await annChat.getByLabel('Message', { exact: true }).press('Enter');
  await expect(annChat.getByText('When can we meet?')).toBeVisible();
  await annChat.getByRole('button', { name: 'Close' }).click();
  const ritaChat = await chat(rita.page, received, 'Saturday at the pier', 'When can we meet?');
  await shootAtWidths(rita.page, SHOTS, 'riverside-chat');
  await expectAccessibleAtRest(rita.page);
  await ritaChat.getByRole('button', { name: 'Close' }).click();
  await made.getByRole('button', { name: /Message/ }).click();
  await expect(annChat.getByText('Saturday at the pier')).toBeVisible({ timeout: 10_000 });
  await annChat.getByRole('button', { name: 'Close' }).click();

  // Ann completes: completed on Riverside too; each rates the other.
  await made.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(made.getByText('Completed')).toBeVisible();
  await rate(ann.page, made, '5 stars: Excellent experience', 'A fine kayak');
  await expect
    .poll(
      async () => {
        await rita.page.reload();
        const card = rita.page.getByRole('article').filter({ hasText: `Riverside kayak ${tag}` });
        // The list arrives after the page has loaded: counted before it, it is always 0.
        await card.waitFor({ timeout: 5_000 }).catch(() => {});
        return card.getByText('Completed').count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await rate(rita.page, received, '4 stars: Good experience', 'A dry tent');
  await shootAtWidths(ann.page, SHOTS, 'here-completed');
  await expectAccessibleAtRest(ann.page);

  // Each rating on the rated member's profile at home.
  await expect
    .poll(
      async () =>
        (await (await rita.page.request.get(`/api/users/${rita.info.id}/rating-stats`)).json())
          .totalRatings,
      { timeout: 10_000 },
    )
    .toBe(1);
  await expect
    .poll(
      async () =>
        (await (await ann.page.request.get(`/api/users/${ann.info.id}/rating-stats`)).json())
          .totalRatings,
      { timeout: 10_000 },
    )
    .toBe(1);
  await rita.page.goto(`/profile/${rita.info.id}`);
  await rita.page.getByRole('tab', { name: 'Feedback (1)' }).click();
  const review = rita.page.getByRole('main');
  await expect(review.getByText('A fine kayak')).toBeVisible();
  await expect(review.getByText(`${ann.info.nickname}@127.0.0.1:`, { exact: false })).toBeVisible();
  await shootAtWidths(rita.page, SHOTS, 'riverside-profile');
  await peer.admin.dispose();
});
