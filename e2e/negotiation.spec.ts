import { expect, test } from '@playwright/test';
import { expectAccessible, listThroughApi, memberInNewContext } from './support';

/** Issue 18 §5 and §6: an offer answered with a counter-offer, the counter accepted; profiles. */
test('offer → counter-offer for another listing → accepted; the chain and reliability show', async ({
  browser,
}) => {
  const owner = await memberInNewContext(browser, { forAxe: true });
  const buyer = await memberInNewContext(browser, { forAxe: true });
  const tag = Date.now();
  const guitar = await listThroughApi(owner.page.request, { title: `Guitar ${tag}` });
  const drum = await listThroughApi(buyer.page.request, { title: `Drum ${tag}` });
  const piano = await listThroughApi(buyer.page.request, { title: `Piano ${tag}` });
  const sent = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: guitar.id, offeredItemId: drum.id, message: 'My drum for your guitar?' },
  });
  expect(sent.status()).toBe(201);

  // The owner would rather have the piano.
  await owner.page.goto('/my-offers');
  const original = owner.page.getByRole('article').filter({ hasText: drum.title });
  await expect(original.getByText('Pending')).toBeVisible();
  await original.getByRole('button', { name: 'Counter-offer' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Counter-offer' });
  // Their listings, the one they offered ticked: the piano instead of the drum.
  const theirs = dialog.getByRole('group', {
    name: `${buyer.info.nickname}'s listings you ask for`,
  });
  await expect(theirs.getByRole('checkbox')).toHaveCount(2);
  await expect(theirs.getByRole('checkbox', { name: drum.title })).toBeChecked();
  await theirs.getByRole('checkbox', { name: drum.title }).uncheck();
  await theirs.getByRole('checkbox', { name: piano.title }).check();
  await dialog.getByLabel('Your Message').fill('Would you swap the piano instead?');
  await expectAccessible(owner.page);
  await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(owner.page.getByText('Counter-offer sent')).toBeVisible();
  await expect(original.getByText('Countered').first()).toBeVisible();
  await expect(original.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  // Without the toast's fade and the dialog's exit, which axe would catch mid-animation.
  await owner.page.reload();
  await expect(original.getByText('Countered').first()).toBeVisible();
  await expectAccessible(owner.page);

  // The buyer sees the counter-offer with its chain, and accepts it.
  await buyer.page.goto('/my-offers');
  const counter = buyer.page.getByRole('article').filter({ hasText: piano.title });
  await expect(counter.getByText('Would you swap the piano instead?')).toBeVisible();
  const chain = counter.getByRole('navigation', { name: 'Negotiation' });
  await expect(chain.getByText('Offer by you')).toBeVisible();
  await expect(chain.getByText(`Counter-offer by ${owner.info.nickname}`)).toBeVisible();
  await expect(counter.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expectAccessible(buyer.page);
  await counter.getByRole('button', { name: 'Accept' }).click();
  await expect(buyer.page.getByText('Swap request updated successfully')).toBeVisible();
  await expect(counter.getByText('Accepted').first()).toBeVisible();

  // The owner answered the one offer they received: it shows on their profile.
  await buyer.page.goto(`/profile/${owner.info.id}`);
  const reliability = buyer.page.getByRole('region', { name: 'Reliability' });
  await expect(reliability.getByText('Answers 100% of offers (last 90 days)')).toBeVisible();
  await expect(reliability.getByText(/Typically responds within \d+ minutes?/)).toBeVisible();
  await expect(reliability.getByText('Member for less than a day')).toBeVisible();

  await owner.context.close();
  await buyer.context.close();
});

test('the sender withdraws a pending offer; the receiver can no longer answer it', async ({
  browser,
}) => {
  const owner = await memberInNewContext(browser, { forAxe: true });
  const buyer = await memberInNewContext(browser, { forAxe: true });
  const lamp = await listThroughApi(owner.page.request, { title: `Lamp ${Date.now()}` });
  const sent = await buyer.page.request.post('/api/swap-requests', {
    data: { itemId: lamp.id, message: 'Swap for a vase?' },
  });
  expect(sent.status()).toBe(201);

  await buyer.page.goto('/my-offers');
  await buyer.page.getByRole('tab', { name: 'Made (1)' }).click();
  const made = buyer.page.getByRole('article').filter({ hasText: lamp.title });
  await made.getByRole('button', { name: 'Withdraw' }).click();
  await expect(made.getByText('Withdrawn')).toBeVisible();

  await owner.page.goto('/my-offers');
  const received = owner.page.getByRole('article').filter({ hasText: lamp.title });
  await expect(received.getByText('Withdrawn')).toBeVisible();
  await expect(received.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(received.getByRole('button', { name: 'Counter-offer' })).toHaveCount(0);

  await owner.context.close();
  await buyer.context.close();
});
