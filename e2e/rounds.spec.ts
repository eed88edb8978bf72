import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  linkFromOutbox,
  listThroughApi,
  memberInNewContext,
} from './support';

/** Checked once the toasts have gone, at desktop width and at 375 px (no sideways scroll). */
async function check(page: Page, name: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/rounds-${name}-${width}.png`, fullPage: true });
    if (width === 375) await expectNoHorizontalScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('three members run a swap round: create, enter, rank wants, solve, results, shipping', async ({
  browser,
}) => {
  // Three members through every stage of a round: it ran past 2 min in a rehearsal here.
  test.setTimeout(180_000);
  const tag = String(Date.now() % 100_000_000);
  const ann = await memberInNewContext(browser, { forAxe: true });
  const bob = await memberInNewContext(browser, { forAxe: true });
  const cat = await memberInNewContext(browser, { forAxe: true });
  const lamp = await listThroughApi(ann.page.request, { title: `Desk lamp ${tag}` });
  const tent = await listThroughApi(bob.page.request, { title: `Two-person tent ${tag}` });
  const chess = await listThroughApi(cat.page.request, { title: `Chess set ${tag}` });

  // Ann verifies her email address, which lets her organise a round.
  const link = await linkFromOutbox(ann.info.email, '/verify-email');
  await ann.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(ann.page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await ann.page.goto('/');
  await ann.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Rounds' })
    .click();
  await expect(ann.page).toHaveURL('/rounds');
  await ann.page.getByRole('button', { name: 'Organise a round' }).click();
  await ann.page.getByLabel('Title').fill(`Camping swap ${tag}`);
  await ann.page.getByLabel('Description').fill('Outdoor gear and games.');
  await check(ann.page, 'create');
  await ann.page.getByRole('button', { name: 'Create round' }).click();
  await expect(ann.page).toHaveURL(/\/rounds\/\d+$/);
  const roundUrl = new URL(ann.page.url()).pathname;
  await expect(ann.page.getByRole('heading', { name: `Camping swap ${tag}` })).toBeVisible();

  // Everyone enters their listing.
  for (const [member, item] of [
    [ann, lamp],
    [bob, tent],
    [cat, chess],
  ] as const) {
    await member.page.goto(roundUrl);
    await member.page.getByRole('button', { name: `Enter ${item.title}` }).click();
    await expect(member.page.getByText('Entered', { exact: true })).toBeVisible();
  }
  await ann.page.reload();
  await expect(ann.page.getByRole('heading', { name: 'Entries (3)' })).toBeVisible();
  await check(ann.page, 'entries');

  // Ann closes entries: the wants phase starts.
  await ann.page.getByRole('button', { name: 'Close entries now' }).click();
  await expect(ann.page.getByText('Ranking wants', { exact: true })).toBeVisible();

  // Ann would take the tent, or else the chess set: she adds both, then moves the tent up.
  await ann.page.getByLabel('Search the other entries').fill(tag);
  await ann.page.getByRole('button', { name: `Add ${chess.title}` }).click();
  await ann.page.getByRole('button', { name: `Add ${tent.title}` }).click();
  await ann.page.getByRole('button', { name: `Move ${tent.title} up` }).click();
  const annList = ann.page.getByRole('list').filter({ hasText: `1.${tent.title}` });
  await expect(annList).toBeVisible();
  await ann.page.getByRole('button', { name: `Save wants for ${lamp.title}` }).click();
  await expect(ann.page.getByText('Saved.', { exact: true })).toBeVisible();
  await check(ann.page, 'wants');

  // Bob wants everything Cat entered; Cat wants the lamp.
  await bob.page.goto(roundUrl);
  await bob.page.getByLabel('Search the other entries').fill(cat.info.nickname);
  await bob.page.getByRole('button', { name: `Want all by ${cat.info.nickname}` }).click();
  await bob.page.getByRole('button', { name: `Save wants for ${tent.title}` }).click();
  await expect(bob.page.getByText('Saved.', { exact: true })).toBeVisible();
  await cat.page.goto(roundUrl);
  await cat.page.getByLabel('Search the other entries').fill('lamp');
  await cat.page.getByRole('button', { name: `Add ${lamp.title}` }).click();
  await cat.page.getByRole('button', { name: `Save wants for ${chess.title}` }).click();
  await expect(cat.page.getByText('Saved.', { exact: true })).toBeVisible();

  // Ann solves the round now: one loop of three.
  await ann.page.reload();
  await ann.page.getByRole('button', { name: 'Solve now' }).click();
  await expect(ann.page.getByText('Results and shipping', { exact: true })).toBeVisible();
  await expect(ann.page.getByText(/3 of 3 listings trade/)).toBeVisible();
  await expect(ann.page.getByText(/Optimal/)).toBeVisible();
  await expect(ann.page.getByText(`You send ${lamp.title} to ${cat.info.nickname}`)).toBeVisible();
  await expect(
    ann.page.getByText(`You receive ${tent.title} from ${bob.info.nickname}`),
  ).toBeVisible();
  await expect(ann.page.getByRole('img', { name: /^Trade loop: / })).toBeVisible();
  await check(ann.page, 'results');

  // Shipping: Ann sends the lamp, Cat marks it received.
  await ann.page.getByRole('button', { name: `Mark “${lamp.title}” sent` }).click();
  await expect(ann.page.getByText('Sent', { exact: true })).toBeVisible();
  await cat.page.goto(roundUrl);
  await cat.page.getByRole('button', { name: `Mark “${lamp.title}” received` }).click();
  await expect(cat.page.getByText('Received', { exact: true })).toBeVisible();
  await check(cat.page, 'shipping');

  // The traded lamp is off the market.
  const item = await ann.page.request.get(`/api/items/${lamp.id}`);
  expect((await item.json()).isActive).toBe(false);

  for (const member of [ann, bob, cat]) await member.context.close();
});
