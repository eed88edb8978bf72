import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  listThroughApi,
  memberInNewContext,
} from './support';

/** Checked once the toasts have gone: axe reads a toast mid-animation as faint text. */
async function expectAccessibleWhenSettled(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

/** Screenshots to look at (not compared): test-results/circles-<name>-<width>.png */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/circles-${name}-${width}.png`, fullPage: true });
    if (width === 375) await expectNoHorizontalScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function want(request: APIRequestContext, itemId: number, wanted: number) {
  const response = await request.put(`/api/items/${itemId}/wants`, {
    data: { itemIds: [wanted] },
  });
  expect(response.status()).toBe(200);
}

test('three members find a circle, propose it, accept, chat, confirm receipts and rate', async ({
  browser,
}) => {
  // Three members' whole journey: on a slow machine it needs more than the default minute.
  test.slow();
  const tag = String(Date.now() % 100_000_000);
  const ann = await memberInNewContext(browser, { forAxe: true });
  const bob = await memberInNewContext(browser, { forAxe: true });
  const cat = await memberInNewContext(browser, { forAxe: true });
  const lamp = await listThroughApi(ann.page.request, { title: `Desk lamp ${tag}` });
  const tent = await listThroughApi(bob.page.request, { title: `Two-person tent ${tag}` });
  const chess = await listThroughApi(cat.page.request, { title: `Chess set ${tag}` });
  // Ann would give her lamp for the tent, Bob his tent for the chess set, Cat her chess set for
  // the lamp: no two of them want each other's things, but the three of them can all swap.
  await want(ann.page.request, lamp.id, tent.id);
  await want(bob.page.request, tent.id, chess.id);
  await want(cat.page.request, chess.id, lamp.id);

  await ann.page.goto('/matches');
  const circles = ann.page.getByRole('region', { name: /Circles/ });
  await expect(circles.getByRole('listitem')).toHaveCount(3);
  await circles.getByRole('button', { name: 'Propose this circle' }).click();
  await expect(ann.page).toHaveURL(/\/circles\/\d+$/);
  const circleUrl = new URL(ann.page.url()).pathname;
  await expect(ann.page.getByRole('heading', { name: /Swap circle of 3/ })).toBeVisible();
  await expect(ann.page.getByText('Proposed', { exact: true })).toBeVisible();
  await expect(
    ann.page.getByText('Waiting for 2 members to accept', { exact: false }),
  ).toBeVisible();
  await expect(
    ann.page.getByRole('img', {
      name: `Swap circle: you give “${lamp.title}” to ${cat.info.nickname}; ${bob.info.nickname} gives “${tent.title}” to you; ${cat.info.nickname} gives “${chess.title}” to ${bob.info.nickname}.`,
    }),
  ).toBeVisible();
  await expectAccessibleWhenSettled(ann.page);
  await shoot(ann.page, 'proposed');
  // Back on /matches (no reload), the circle says where it stands instead of offering it again.
  await ann.page.goBack();
  await expect(circles.getByRole('link', { name: 'Open circle' })).toHaveAttribute(
    'href',
    circleUrl,
  );
  await expect(circles.getByText('Waiting for the others to answer.')).toBeVisible();
  await expect(circles.getByRole('button', { name: 'Propose this circle' })).toHaveCount(0);
  await ann.page.goForward();
  await expect(ann.page.getByRole('heading', { name: /Swap circle of 3/ })).toBeVisible();

  // Bob finds it under My Offers → Circles, with his answer needed, and accepts.
  await bob.page.goto('/my-offers');
  await bob.page.getByRole('tab', { name: /Circles \(1\)/ }).click();
  await expect(bob.page.getByText('Your answer is needed')).toBeVisible();
  await expectAccessibleWhenSettled(bob.page);
  await shoot(bob.page, 'my-offers');
  await bob.page.getByRole('link', { name: 'Open circle' }).click();
  await bob.page.getByRole('button', { name: 'Accept circle' }).click();
  await expect(bob.page.getByText('You accepted the circle')).toBeVisible();

  // Cat accepts the last: the circle is on, and the listings are reserved.
  await cat.page.goto(circleUrl);
  await cat.page.getByRole('button', { name: 'Accept circle' }).click();
  await expect(cat.page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(ann.page.getByText('Everyone accepted', { exact: false })).toBeVisible();
  await ann.page.goto(`/item/${tent.id}`);
  await expect(ann.page.getByText('Reserved', { exact: true })).toBeVisible();
  const annListening = ann.page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events',
  );
  await ann.page.goto(circleUrl);
  await annListening;

  // The group chat is live for everyone in it.
  const chat = bob.page.getByRole('region', { name: 'Circle chat' });
  await chat.getByRole('textbox', { name: 'Message' }).fill('I can post the tent on Monday');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.getByRole('log').getByText('I can post the tent on Monday')).toBeVisible();
  await expect(
    ann.page.getByRole('log', { name: 'Messages' }).getByText('I can post the tent on Monday'),
  ).toBeVisible();
  await expect(
    cat.page.getByRole('log', { name: 'Messages' }).getByText('I can post the tent on Monday'),
  ).toBeVisible();
  await expectAccessibleWhenSettled(ann.page);
  await shoot(ann.page, 'accepted');

  // Each confirms what they received; the last receipt completes the circle.
  await ann.page.getByRole('button', { name: `I received “${tent.title}”` }).click();
  await expect(ann.page.getByText('Thanks! Receipt confirmed')).toBeVisible();
  await bob.page.getByRole('button', { name: `I received “${chess.title}”` }).click();
  await expect(bob.page.getByText('Thanks! Receipt confirmed')).toBeVisible();
  await cat.page.getByRole('button', { name: `I received “${lamp.title}”` }).click();
  await expect(ann.page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(ann.page.getByText('Thank you for swapping!', { exact: false })).toBeVisible();

  // Ann rates both; each button goes once its rating is in.
  for (const member of [bob, cat]) {
    await ann.page.getByRole('button', { name: `Rate ${member.info.nickname}` }).click();
    const dialog = ann.page.getByRole('dialog', { name: `Rate ${member.info.nickname}` });
    await dialog.getByLabel('5 stars: Excellent experience').check({ force: true });
    await dialog.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(
      ann.page.getByRole('button', { name: `Rate ${member.info.nickname}` }),
    ).toHaveCount(0);
  }
  await expectAccessibleWhenSettled(ann.page);
  await shoot(ann.page, 'completed');
  const stats = await (await ann.page.request.get(`/api/users/${bob.info.id}/swap-stats`)).json();
  expect(stats.totalSwaps).toBe(1);

  for (const member of [ann, bob, cat]) await member.context.close();
});
