import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoHorizontalScroll, listThroughApi, registerThroughApi } from './support';

type Box = { name: string; x: number; y: number; width: number; height: number };

/** The boxes of the visible ones among `pieces`, named for the failure message. */
async function boxesOf(pieces: Array<[string, Locator]>): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const [name, locator] of pieces) {
    for (const [k, one] of (await locator.all()).entries()) {
      if (!(await one.isVisible())) continue;
      const box = await one.boundingBox();
      if (box && box.width > 0 && box.height > 0) boxes.push({ name: `${name} ${k + 1}`, ...box });
    }
  }
  return boxes;
}

/** Pairs of boxes that cover one another (by more than half a pixel: rounding). */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  const over = (a: Box, b: Box) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) if (over(a, b)) found.push(`${a.name} covers ${b.name}`);
  }
  return found;
}

/** Every part of the signed-in header that must stay clear of the others. */
function headerPieces(page: Page): Array<[string, Locator]> {
  const header = page.getByRole('banner');
  const carousel = header.getByRole('region', { name: 'Featured items' });
  const nav = header.getByRole('navigation', { name: 'Main' });
  return [
    ['logo', header.getByRole('link', { name: /home$/ })],
    ['featured label', carousel.getByText('Featured:')],
    ['previous arrow', carousel.getByRole('button', { name: 'Previous featured item' })],
    ['featured listing', carousel.getByRole('link')],
    ['next arrow', carousel.getByRole('button', { name: 'Next featured item' })],
    ['dot', carousel.getByRole('button', { name: /^Featured item \d+ of/ })],
    ['visit counter', header.getByText(/^[\d,.\s]+ visits$/)],
    ['social link', header.getByRole('link', { name: /social media/ })],
    ['nav link', nav.getByRole('link')],
    ['bell', header.getByRole('button', { name: /^Notifications/ })],
    ['FREE label', header.getByText('FREE', { exact: true })],
    ['account menu', header.getByRole('button', { name: 'Account menu' })],
  ];
}

test('the signed-in header fits at 1024, 1280 and 1440 px: every link shown, nothing covered', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  // Long titles: the featured strip at its widest.
  for (let k = 0; k < 4; k++) {
    await listThroughApi(page.request, {
      title: `Header fit check: a very long listing title that goes on and on ${Date.now()}${k}`,
    });
  }
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/browse');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const name of ['Items', 'Offers', 'Matches', 'Rounds', 'Saved items', 'List an item']) {
      await expect(
        nav.getByRole('link', { name, exact: true }),
        `${name} at ${width}`,
      ).toBeVisible();
    }
    const carousel = header.getByRole('region', { name: 'Featured items' });
    await expect(carousel.getByRole('button', { name: 'Previous featured item' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Next featured item' })).toBeVisible();
    // Not turning while measured: focus in the strip pauses it (a pointer could not reach a
    // covered strip).
    await carousel.getByRole('button', { name: 'Next featured item' }).focus();

    const boxes = await boxesOf(headerPieces(page));
    expect(overlaps(boxes), `at ${width} px`).toEqual([]);
    const headerBox = await header.boundingBox();
    for (const box of boxes) {
      expect(box.x, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
      expect(box.y + box.height, `${box.name} at ${width} px`).toBeLessThanOrEqual(
        (headerBox?.y ?? 0) + (headerBox?.height ?? 0),
      );
    }
    await expectNoHorizontalScroll(page);
  }

  // A phone: the links are in the menu, nothing else is covered.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/browse');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(overlaps(await boxesOf(headerPieces(page)))).toEqual([]);
  await expectNoHorizontalScroll(page);
});
