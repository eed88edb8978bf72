import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  E2E_PEER_ADMIN_EMAIL,
  E2E_PEER_PORT,
  E2E_THIRD_ADMIN_EMAIL,
  E2E_THIRD_PORT,
} from '../playwright.config';
import { adminAt, followEachOther, heldAs, memberAt } from './federation-support';
import { checkAtWidths, listThroughApi, signInAdmin } from './support';

const PEER = `http://127.0.0.1:${E2E_PEER_PORT}`;
const THIRD = `http://127.0.0.1:${E2E_THIRD_PORT}`;
const SHOTS = 'test-results/federation-circles';

async function want(request: APIRequestContext, itemId: number, wanted: number) {
  const response = await request.put(`/api/items/${itemId}/wants`, {
    data: { itemIds: [wanted] },
  });
  expect(response.status()).toBe(200);
}

/**
 * How long one look at a freshly opened page may take: on a loaded machine a page and its data
 * took more than 2 s, so every look failed before its answer could show and the journey timed out.
 */
const LOOK_MS = 8_000;

/** `path` opened again until `check` passes: a move made on another instance arrives in seconds. */
async function untilArrived(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 60_000 });
}

/**
 * Issue 39 §4, a circle across three real instances that follow each other: Ann here proposes a
 * circle with Rita of Riverside and Hal of Hillside from her matches; each of them finds it on
 * their own instance and accepts it there; each confirms what they received on their own
 * instance, and the circle is completed on all three.
 */
test('a circle across three communities: propose, accept on each, receipts, completed everywhere', async ({
  browser,
  page,
}) => {
  // Three instances and a dozen pages opened until a move arrives: minutes on a loaded machine.
  test.setTimeout(300_000);
  const tag = String(Date.now() % 100_000_000);
  const here = test.info().project.use.baseURL as string;
  await signInAdmin(page);
  const [peer, third] = await Promise.all([
    adminAt(PEER, E2E_PEER_ADMIN_EMAIL),
    adminAt(THIRD, E2E_THIRD_ADMIN_EMAIL),
  ]);
  await followEachOther([{ url: here, admin: page.request }, peer, third]);

  const [ann, rita, hal] = await Promise.all([
    memberAt(browser, here),
    memberAt(browser, PEER),
    memberAt(browser, THIRD),
  ]);
  const [lamp, tent, chess] = await Promise.all([
    listThroughApi(ann.page.request, { title: `Desk lamp ${tag}` }),
    listThroughApi(rita.page.request, { title: `Two-person tent ${tag}` }),
    listThroughApi(hal.page.request, { title: `Chess set ${tag}` }),
  ]);
  // Ann would give her lamp for Rita's tent, Rita her tent for Hal's chess set, Hal his chess set
  // for Ann's lamp; each names the other's listing as their own instance holds it.
  const [tentHere, chessOnPeer, lampOnThird] = await Promise.all([
    heldAs(ann.page.request, `${PEER}/item/${tent.id}`, `tent ${tag}`),
    heldAs(rita.page.request, `${THIRD}/item/${chess.id}`, `chess ${tag}`),
    heldAs(hal.page.request, `${here}/item/${lamp.id}`, `lamp ${tag}`),
  ]);
  await want(ann.page.request, lamp.id, tentHere);
  await want(rita.page.request, tent.id, chessOnPeer);
  await want(hal.page.request, chess.id, lampOnThird);
  const annAt = (url: string) => `${ann.info.nickname}@${new URL(url).host}`;
  const ritaAt = (url: string) => `${rita.info.nickname}@${new URL(url).host}`;
  const halAt = (url: string) => `${hal.info.nickname}@${new URL(url).host}`;

  // The wants travel with their listings: the loop shows in Ann's matches once all arrived here.
  const circles = ann.page.getByRole('region', { name: /Circles/ });
  await untilArrived(ann.page, '/matches', async () => {
    await expect(circles.getByRole('listitem')).toHaveCount(3, { timeout: LOOK_MS });
  });
  await expect(circles.getByText(`${ritaAt(PEER)} gives it to you`)).toBeVisible();
  await expect(circles.getByText(`${halAt(THIRD)} gives it to ${ritaAt(PEER)}`)).toBeVisible();
  await checkAtWidths(ann.page, SHOTS, 'here-matches');
  await circles.getByRole('button', { name: 'Propose this circle' }).click();
  await expect(ann.page).toHaveURL(/\/circles\/\d+$/);
  const annCircle = new URL(ann.page.url()).pathname;
  await expect(ann.page.getByRole('heading', { name: /Swap circle of 3/ })).toBeVisible();
  await expect(
    ann.page.getByText('Waiting for 2 members to accept', { exact: false }),
  ).toBeVisible();
  await expect(
    ann.page.getByRole('img', {
      name: `Swap circle: you give “${lamp.title}” to ${halAt(THIRD)}; ${ritaAt(PEER)} gives “${tent.title}” to you; ${halAt(THIRD)} gives “${chess.title}” to ${ritaAt(PEER)}.`,
    }),
  ).toBeVisible();
  await checkAtWidths(ann.page, SHOTS, 'here-proposed');

  // Rita finds it on Riverside under My Offers → Circles, her answer needed, and accepts there.
  await untilArrived(rita.page, '/my-offers', async () => {
    await rita.page.getByRole('tab', { name: /Circles \(1\)/ }).click({ timeout: LOOK_MS });
  });
  await expect(rita.page.getByText('Your answer is needed')).toBeVisible();
  await checkAtWidths(rita.page, SHOTS, 'riverside-my-offers');
  await rita.page.getByRole('link', { name: 'Open circle' }).click();
  await expect(rita.page.getByRole('heading', { name: /Swap circle of 3/ })).toBeVisible();
  // In the proposer's order, as on every instance, with the others named nickname@host.
  await expect(
    rita.page.getByRole('img', {
      name: `Swap circle: ${annAt(here)} gives “${lamp.title}” to ${halAt(THIRD)}; you give “${tent.title}” to ${annAt(here)}; ${halAt(THIRD)} gives “${chess.title}” to you.`,
    }),
  ).toBeVisible();
  await checkAtWidths(rita.page, SHOTS, 'riverside-proposed');
  await rita.page.getByRole('button', { name: 'Accept circle' }).click();
  await expect(rita.page.getByText('You accepted the circle')).toBeVisible();
  const ritaCircle = new URL(rita.page.url()).pathname;

  // Hal, on Hillside, sees Rita's accept arrived, and accepts the last: the circle is on.
  await untilArrived(hal.page, '/my-offers', async () => {
    await hal.page.getByRole('tab', { name: /Circles \(1\)/ }).click({ timeout: LOOK_MS });
  });
  await hal.page.getByRole('link', { name: 'Open circle' }).click();
  const halCircle = new URL(hal.page.url()).pathname;
  await untilArrived(hal.page, halCircle, async () => {
    await expect(
      hal.page.getByText('Waiting for 1 member to accept', { exact: false }),
    ).toBeVisible({ timeout: LOOK_MS });
  });
  await hal.page.getByRole('button', { name: 'Accept circle' }).click();
  const agreed = 'Everyone accepted: the listings are reserved for this circle.';
  await expect(hal.page.getByText(agreed, { exact: false })).toBeVisible({ timeout: 15_000 });
  await checkAtWidths(hal.page, SHOTS, 'hillside-accepted');
  for (const [member, path] of [
    [ann, annCircle],
    [rita, ritaCircle],
  ] as const)
    await untilArrived(member.page, path, async () => {
      await expect(member.page.getByText(agreed, { exact: false })).toBeVisible({
        timeout: LOOK_MS,
      });
    });
  // Each listing is reserved at its home: Rita's tent shows so here too.
  await ann.page.goto(`/item/${tentHere}`);
  await expect(ann.page.getByText('Reserved', { exact: true })).toBeVisible();
  await ann.page.goto(annCircle);
  await checkAtWidths(ann.page, SHOTS, 'here-accepted');

  // Each confirms on their own instance what they received; the last receipt completes it.
  await ann.page.getByRole('button', { name: `I received “${tent.title}”` }).click();
  await expect(ann.page.getByText('Thanks! Receipt confirmed')).toBeVisible();
  await rita.page.goto(ritaCircle);
  await rita.page.getByRole('button', { name: `I received “${chess.title}”` }).click();
  await expect(rita.page.getByText('Thanks! Receipt confirmed')).toBeVisible();
  await hal.page.goto(halCircle);
  await hal.page.getByRole('button', { name: `I received “${lamp.title}”` }).click();
  const completed = 'Everyone received their listing. Thank you for swapping!';
  for (const [member, path, name] of [
    [hal, halCircle, 'hillside-completed'],
    [rita, ritaCircle, 'riverside-completed'],
    [ann, annCircle, 'here-completed'],
  ] as const) {
    await untilArrived(member.page, path, async () => {
      await expect(member.page.getByText(completed)).toBeVisible({ timeout: LOOK_MS });
    });
    await checkAtWidths(member.page, SHOTS, name);
  }

  for (const member of [ann, rita, hal]) await member.context.close();
  await Promise.all([peer.admin.dispose(), third.admin.dispose()]);
});
