import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  listThroughApi,
  memberInNewContext,
} from './support';

/** Screenshots to look at (not compared): test-results/matching-<name>-<width>.png */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/matching-${name}-${width}.png`, fullPage: true });
    if (width === 375) await expectNoHorizontalScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('three members set wants, see a circle and a mutual match arrive live, and make an offer from it', async ({
  browser,
}) => {
  const tag = String(Date.now() % 100_000_000);
  const ann = await memberInNewContext(browser, { forAxe: true });
  const bob = await memberInNewContext(browser, { forAxe: true });
  const cat = await memberInNewContext(browser, { forAxe: true });
  const compass = await listThroughApi(ann.page.request, { title: `Brass compass ${tag}` });
  const loom = await listThroughApi(bob.page.request, { title: `Oak loom ${tag}` });
  // Cat's wanted-items text makes a want: any listing whose title or description says "compass".
  const harp = await listThroughApi(cat.page.request, {
    title: `Celtic harp ${tag}`,
    wantedItems: 'compass, old maps',
  });

  // Nothing yet: the page teaches how to add wants.
  await ann.page.goto('/matches');
  await expect(ann.page.getByRole('heading', { name: 'No matches yet' })).toBeVisible();
  await expect(ann.page.getByText('What would you take for this?', { exact: false })).toBeVisible();
  await expectAccessible(ann.page);
  await shoot(ann.page, 'empty');

  // Bob names Ann's compass and Cat's harp for his loom, on his listing's want editor.
  await bob.page.goto(`/item/${loom.id}`);
  const editor = bob.page.getByRole('region', { name: 'What would you take for this?' });
  await expect(editor.getByText('Nothing named yet.')).toBeVisible();
  const find = editor.getByLabel('Find a listing to add');
  await find.fill(`harp ${tag}`);
  await editor.getByRole('button', { name: `Add Celtic harp ${tag}` }).click();
  await expect(editor.getByRole('listitem').filter({ hasText: harp.title })).toBeVisible();
  await find.fill(`compass ${tag}`);
  await editor.getByRole('button', { name: `Add Brass compass ${tag}` }).click();
  const named = editor.getByRole('list').first().getByRole('listitem');
  await expect(named).toHaveCount(2);
  await editor.getByRole('button', { name: `Move Brass compass ${tag} up` }).click();
  await expect(named.first()).toContainText(compass.title);
  await expectAccessible(bob.page);
  await shoot(bob.page, 'want-editor');

  // Ann, on /matches, sees the circle (compass → loom → harp → compass) appear without a reload
  // once she says on Bob's listing "I'd swap for this"… from another tab of hers: the live stream.
  const annElsewhere = await ann.context.newPage();
  await annElsewhere.goto(`/item/${loom.id}`);
  await annElsewhere.getByRole('button', { name: "I'd swap for this" }).click();
  const dialog = annElsewhere.getByRole('dialog', { name: "I'd swap for this" });
  await dialog.getByRole('checkbox', { name: compass.title }).check();
  await expectAccessible(annElsewhere);
  await annElsewhere.screenshot({ path: 'test-results/matching-swap-for-1280.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(annElsewhere.getByText('is on the wants of 1 of your listings')).toBeVisible();
  await annElsewhere.close();

  const mutual = ann.page.getByRole('region', { name: /Mutual/ });
  const circles = ann.page.getByRole('region', { name: /Circles/ });
  await expect(
    mutual.getByText(`You and ${bob.info.nickname} want each other’s listings`),
  ).toBeVisible();
  const circle = circles.getByRole('listitem');
  await expect(circle).toHaveCount(3);
  await expect(circle.nth(0)).toContainText(`You give it to ${cat.info.nickname}`);
  await expect(circle.nth(1)).toContainText(`${bob.info.nickname} gives it to you`);
  await expect(circle.nth(2)).toContainText(
    `${cat.info.nickname} gives it to ${bob.info.nickname}`,
  );
  await expectAccessible(ann.page);
  await shoot(ann.page, 'matches');

  // Cat, elsewhere on the site, sees the header count of new matches; /matches clears it.
  await cat.page.goto('/');
  const link = cat.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Matches/ });
  await expect(link).toContainText('1');
  await link.click();
  await expect(cat.page.getByRole('region', { name: /Circles/ }).getByRole('listitem')).toHaveCount(
    3,
  );
  await cat.page.goto('/browse');
  await expect(
    cat.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Matches', exact: true }),
  ).toBeVisible();

  // Make an offer from the mutual match: the offer form opens with Ann's compass offered.
  await mutual.getByRole('link', { name: 'Make an offer' }).click();
  const offer = ann.page.getByRole('dialog', { name: 'Send Swap Offer' });
  await expect(
    offer.getByText(`You offer your listing ${compass.title} in exchange.`),
  ).toBeVisible();
  await offer.getByLabel('Your Message').fill('We want each other’s things!');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(ann.page.getByText('Your offer has been sent to the item owner.')).toBeVisible();
  const sent = await (await ann.page.request.get('/api/swap-requests')).json();
  expect(sent[0]).toMatchObject({ itemId: loom.id, offeredItemId: compass.id });

  for (const member of [ann, bob, cat]) await member.context.close();
});
