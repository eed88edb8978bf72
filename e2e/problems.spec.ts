import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  listThroughApi,
  memberInNewContext,
  shootAtWidths,
  signInAdmin,
} from './support';

const SHOTS = 'test-results/problems-shots';

const shoot = (page: Page, name: string) => shootAtWidths(page, SHOTS, name);

test('a member reports a problem after a swap and an admin upholds it with a warning', async ({
  browser,
  page,
}) => {
  const seller = await memberInNewContext(browser);
  const buyer = await memberInNewContext(browser, { forAxe: true });
  const stamp = Date.now();
  const item = await listThroughApi(seller.page.request, { title: `Problem radio ${stamp}` });
  // Unique to the run: a retry on the same server finds its own problem in the queue.
  const words = `The radio never arrived; tracking says returned (${stamp}).`;
  const offer = await (
    await buyer.page.request.post('/api/swap-requests', {
      data: { itemId: item.id, message: 'Swap for my lamp?' },
    })
  ).json();
  for (const [who, status] of [
    [seller, 'accepted'],
    [buyer, 'completed'],
  ] as const) {
    const moved = await who.page.request.patch(`/api/swap-requests/${offer.id}`, {
      data: { status },
    });
    expect(moved.ok()).toBe(true);
  }

  // The buyer reports it from the completed offer's card.
  await buyer.page.goto('/my-offers');
  await buyer.page.getByRole('tab', { name: /^Made/ }).click();
  const card = buyer.page.getByRole('article').filter({ hasText: item.title });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = buyer.page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByRole('radiogroup', { name: 'What went wrong?' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'I did not receive it' }).check();
  await dialog.getByLabel('What happened?').fill(words);
  await expectAccessible(buyer.page);
  await shoot(buyer.page, 'report-dialog');
  await dialog.getByRole('button', { name: 'Send to the moderators' }).click();
  await expect(buyer.page.getByText('Problem reported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Once per party: a second report is refused with the server's words, in the dialog.
  await card.getByRole('button', { name: 'Report a problem' }).click();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByLabel('What happened?').fill('Again');
  await dialog.getByRole('button', { name: 'Send to the moderators' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have already reported a problem with this swap',
  );
  await shoot(buyer.page, 'report-refused');

  // The seller was told, and can answer in the offer's chat.
  await seller.page.goto('/notifications');
  await expect(seller.page.getByText(/reported a problem with your swap/)).toBeVisible();

  // The admin sees it with both sides' history and upholds it with a warning.
  await signInAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const open = page.getByRole('region', { name: /Open problems/ });
  const row = open.getByRole('listitem').filter({ hasText: words });
  await expect(row.getByText('I did not receive it')).toBeVisible();
  await expect(row.getByRole('region', { name: /^About:/ })).toContainText(seller.info.email);
  await expect(row.getByRole('region', { name: /^About:/ })).toContainText('1 completed swap');
  await expect(row.getByRole('region', { name: /^Reported by:/ })).toContainText(buyer.info.email);
  await shoot(page, 'admin-queue');
  await row.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog');
  await resolve.getByRole('radio', { name: 'Upheld' }).check();
  await resolve.getByLabel(/^Action on/).selectOption('warn');
  await resolve.getByLabel('Note (optional)').fill('Please refund or resend the radio.');
  await shoot(page, 'admin-resolve');
  await resolve.getByRole('button', { name: 'Save resolution' }).click();
  await expect(page.getByText('Problem upheld')).toBeVisible();
  const resolved = page.getByRole('region', { name: 'Resolved' });
  await expect(resolved.getByRole('listitem').filter({ hasText: words })).toContainText(
    'upheld · warned',
  );

  // The seller's profile counts it; the words stay with the moderators.
  await buyer.page.goto(`/profile/${seller.info.id}`);
  const reliability = buyer.page.getByRole('region', { name: 'Reliability' });
  await expect(reliability).toContainText('1 problem upheld by moderators');
  await expect(buyer.page.getByText(words)).toHaveCount(0);
  await shoot(buyer.page, 'profile');
});
