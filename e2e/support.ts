import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_EMAIL, E2E_DATA_DIR } from '../playwright.config';

const require = createRequire(import.meta.url);
const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until the app has drawn the page, or taken over the one the server drew (the root layout
 * marks the document). A drawn page looks the same before its app has run, and its scripts arrive
 * after it has painted: a quiet network alone does not say the app has run.
 */
export async function expectAppRunning(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="running"]')).toBeAttached();
}

/**
 * Fails on any serious or critical axe-core finding on the current page. Read as a member who
 * asked for reduced motion sees it: a pulsing button or a toast mid-fade would otherwise be
 * measured at whatever opacity the animation had reached (the colours at rest are what count).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addScriptTag({ content: await axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: () => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  await page.emulateMedia({ reducedMotion: null });
  expect(violations).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/**
 * The page at 1280 and 375 px wide, full length, into `dir`/`name`-WIDTH.png, to look at; no
 * sideways scrolling at 375. Leaves the page at 1280.
 */
export async function shootAtWidths(page: Page, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    if (width === 375) await expectNoHorizontalScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The page checked at 1280 and 375 px wide: axe-core at each width once the toasts have gone (axe
 * reads a toast mid-animation as faint text), a full-length screenshot into
 * `dir`/`name`-WIDTH.png to look at, and no sideways scrolling at 375. Leaves the page at 1280.
 */
export async function checkAtWidths(page: Page, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    if (width === 375) await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let counter = 0;
export function newMember() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    nickname: `grace${tag}`,
    email: `grace${tag}@example.com`,
    password: 'compiler1',
  };
}

export async function registerThroughUi(
  page: Page,
  member: ReturnType<typeof newMember>,
): Promise<void> {
  await page.goto('/auth?mode=register');
  await page.getByLabel('First Name').fill(member.firstName);
  await page.getByLabel('Last Name').fill(member.lastName);
  await page.getByLabel('Nickname').fill(member.nickname);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
}

/** The link of the newest outbox email to `to` that contains `linkPath`. */
export async function linkFromOutbox(to: string, linkPath: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      const match = text.match(new RegExp(`https?://[^\\s"<>]+${linkPath}\\?token=[\\w-]+`));
      if (text.includes(`To: ${to}`) && match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${linkPath} email to ${to} in ${outbox}`);
}

/** A member registered through the API inside `request`'s context, so its pages are signed in. */
export async function registerThroughApi(
  request: APIRequestContext,
  member: ReturnType<typeof newMember> = newMember(),
) {
  const response = await request.post('/api/register', { data: { ...member, agreeToTerms: true } });
  expect(response.status()).toBe(201);
  return { ...member, id: (await response.json()).id as string };
}

export async function listThroughApi(
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
) {
  const response = await request.post('/api/items', {
    data: {
      title: 'Camping stove',
      description: 'Two burners, with gas adaptor.',
      condition: 'good',
      categoryId: 6,
      location: 'York',
      ...fields,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; title: string };
}

/** A small real PNG for file inputs. */
export async function pngFile(name: string, rgb: [number, number, number]) {
  const buffer = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: rgb[0], g: rgb[1], b: rgb[2] },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Signs `page` in as the run's admin (ADMIN_EMAILS in playwright.config), registering it once. */
export async function signInAdmin(page: Page) {
  const admin = {
    ...newMember(),
    email: E2E_ADMIN_EMAIL,
    nickname: 'moderator',
    password: 'moderator-pass',
  };
  const registered = await page.request.post('/api/register', {
    data: { ...admin, agreeToTerms: true },
  });
  if (registered.status() === 409) {
    const login = await page.request.post('/api/login', {
      data: { email: admin.email, password: admin.password },
    });
    expect(login.ok()).toBe(true);
  } else {
    expect(registered.status()).toBe(201);
  }
}

/**
 * A new member signed in inside their own browser context, as a second person at another screen.
 * `forAxe` bypasses the CSP so that expectAccessible can inject axe-core.
 */
export async function memberInNewContext(browser: Browser, options: { forAxe?: boolean } = {}) {
  const context = await browser.newContext(options.forAxe ? { bypassCSP: true } : {});
  const page = await context.newPage();
  const info = await registerThroughApi(page.request);
  return { context, page, info };
}
