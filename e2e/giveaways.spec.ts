import { expect, type Page, test } from '@playwright/test';
import { GIVEAWAY_NOT_CHOSEN } from '../shared/giveaways';
import { expectAccessible, listThroughApi, memberInNewContext, shootAtWidths } from './support';

const SHOTS = '/tmp/giftui-shots';

const shoot = (page: Page, name: string) => shootAtWidths(page, SHOTS, name);

const giveAway = (page: Page, title: string, fairChanceHours: number) =>
  listThroughApi(page.request, {
    title,
    description: 'Free to a good home: collect from York.',
    mode: 'giveaway',
    fairChanceHours,
  });

/** Asks for the give-away on its page, with a message alone. */
async function request(page: Page, itemId: number, message: string) {
  await page.goto(`/item/${itemId}`);
  await page.getByRole('button', { name: 'Request it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request this give-away' });
  await dialog.getByLabel('Your Message').fill(message);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Request sent!')).toBeVisible();
}

/** Issue 38 §2: two requests for a give-away, the giver draws, one wins and one is told kindly. */
test('a give-away: two requests → the fair chance waits → the giver draws → one accepted, one declined kindly', async ({
  browser,
}) => {
  // Three members and their screens checked with axe: past the default minute on a busy machine.
  test.setTimeout(120_000);
  const ann = await memberInNewContext(browser, { forAxe: true });
  const bob = await memberInNewContext(browser, { forAxe: true });
  const cat = await memberInNewContext(browser, { forAxe: true });
  const tag = Date.now().toString(36);
  const sofa = await giveAway(ann.page, `Green sofa ${tag}`, 0);
  const lamp = await giveAway(ann.page, `Reading lamp ${tag}`, 12);

  // While the lamp's fair chance runs, Bob is told until when; the owner's draw waits.
  await bob.page.goto(`/item/${lamp.id}`);
  await expect(bob.page.getByTestId('fair-chance')).toHaveText(
    /^Requests stay open until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC, so everyone has a fair chance\.$/,
  );
  await expect(bob.page.getByRole('button', { name: 'Make Swap Offer' })).toHaveCount(0);
  await expectAccessible(bob.page);
  await shoot(bob.page, 'requester-item');
  await bob.page.getByRole('button', { name: 'Request it' }).click();
  await expect(bob.page.getByRole('dialog', { name: 'Request this give-away' })).toBeVisible();
  await expectAccessible(bob.page);
  await shoot(bob.page, 'request-dialog');
  await bob.page.keyboard.press('Escape');

  await ann.page.goto(`/item/${lamp.id}`);
  await expect(ann.page.getByRole('button', { name: 'Draw a winner at random' })).toBeDisabled();
  await expectAccessible(ann.page);
  await shoot(ann.page, 'owner-item-waiting');

  // Bob and Cat ask for the sofa, whose fair chance is 0 hours.
  await request(bob.page, sofa.id, 'I would love the sofa, Bob');
  await request(cat.page, sofa.id, 'Could I have it? Cat');
  await ann.page.goto('/my-offers');
  const requests = ann.page.getByRole('article').filter({ hasText: sofa.title });
  await expect(requests).toHaveCount(2);
  await expect(requests.first().getByText('Request for a give-away')).toBeVisible();
  await expect(requests.first().getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expect(requests.first().getByRole('button', { name: 'Counter-offer' })).toHaveCount(0);
  await expect(
    requests.first().getByRole('button', { name: 'Draw a winner at random' }),
  ).toBeEnabled();

  // Ann draws a winner on the sofa's page.
  await ann.page.goto(`/item/${sofa.id}`);
  await shoot(ann.page, 'owner-item-ready');
  await ann.page.getByRole('button', { name: 'Draw a winner at random' }).click();
  await ann.page
    .getByRole('alertdialog', { name: 'Draw a winner at random?' })
    .getByRole('button', { name: 'Draw' })
    .click();
  const won = ann.page.getByRole('status').filter({ hasText: 'won the draw' });
  await expect(won).toBeVisible();
  const text = (await won.textContent()) ?? '';
  const [winner, loser] = text.startsWith(`${bob.info.nickname} won`) ? [bob, cat] : [cat, bob];
  expect(text).toContain(winner.info.nickname);

  await ann.page.goto('/my-offers');
  const accepted = ann.page.getByRole('article').filter({ hasText: winner.info.nickname });
  await expect(accepted.filter({ hasText: sofa.title }).getByText('Accepted')).toBeVisible();

  // The winner sees the accepted request and hears of it; the other is told kindly.
  await winner.page.goto('/my-offers');
  await winner.page.getByRole('tab', { name: /^Made/ }).click();
  const mine = winner.page.getByRole('article').filter({ hasText: sofa.title });
  await expect(mine.getByText('Accepted')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
  const notes = await (await winner.page.request.get('/api/notifications')).json();
  expect(notes.items[0].text).toBe(
    `${ann.info.nickname} accepted your request for “${sofa.title}”`,
  );

  await loser.page.goto('/my-offers');
  await loser.page.getByRole('tab', { name: /^Made/ }).click();
  const theirs = loser.page.getByRole('article').filter({ hasText: sofa.title });
  await expect(theirs.getByText('Not chosen')).toBeVisible();
  await expect(theirs.getByTestId('closed-reason')).toHaveText(GIVEAWAY_NOT_CHOSEN);
  await expectAccessible(loser.page);
  await shoot(loser.page, 'not-chosen-offers');

  // The giver draws from a request card in My Offers too, as from the give-away's page.
  const kettle = await giveAway(ann.page, `Whistling kettle ${tag}`, 0);
  const asked = await bob.page.request.post('/api/swap-requests', {
    data: { itemId: kettle.id, message: 'The kettle, please' },
  });
  expect(asked.status()).toBe(201);
  await ann.page.goto('/my-offers');
  const kettleCard = ann.page.getByRole('article').filter({ hasText: kettle.title });
  await expect(kettleCard.getByRole('button', { name: 'Draw a winner at random' })).toBeEnabled();
  await shoot(ann.page, 'draw-on-offers');
  await kettleCard.getByRole('button', { name: 'Draw a winner at random' }).click();
  await ann.page
    .getByRole('alertdialog', { name: 'Draw a winner at random?' })
    .getByRole('button', { name: 'Draw' })
    .click();
  await expect(kettleCard.getByRole('status')).toHaveText(
    `${bob.info.nickname} won the draw. Their request is accepted.`,
  );
  await expect(kettleCard.getByText('Accepted', { exact: true })).toBeVisible();
  await shoot(ann.page, 'drawn-on-offers');

  for (const member of [ann, bob, cat]) await member.context.close();
});
