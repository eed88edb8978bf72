import {
  type APIRequestContext,
  type Browser,
  expect,
  request as newRequest,
  type Page,
} from '@playwright/test';
import { expectAccessible, newMember, registerThroughApi } from './support';

/** A SwapMarket instance of the run, and a request context signed in as its admin. */
export type InstanceAdmin = { url: string; admin: APIRequestContext };

type InstanceRow = { host: string; following: string; follower: string; id: number };

const port = (url: string) => new URL(url).port;

const knownBy = async (admin: APIRequestContext) =>
  (await (await admin.get('/api/admin/federation/instances')).json()) as InstanceRow[];

const rowOf = (rows: InstanceRow[], url: string) =>
  rows.find((row) => row.host.endsWith(`:${port(url)}`));

/**
 * The admin `email` of the instance at `url` (ADMIN_EMAILS in playwright.config), in a request
 * context of its own: registered, or signed in when an earlier attempt of this run registered it.
 */
export async function adminAt(url: string, email: string): Promise<InstanceAdmin> {
  const admin = await newRequest.newContext({ baseURL: url });
  const account = { ...newMember(), email, password: `admin-pass-${port(url)}` };
  const registered = await admin.post('/api/register', {
    data: { ...account, agreeToTerms: true },
  });
  if (registered.status() === 409)
    expect(
      (
        await admin.post('/api/login', {
          data: { email: account.email, password: account.password },
        })
      ).ok(),
    ).toBe(true);
  else expect(registered.status()).toBe(201);
  return { url, admin };
}

/**
 * Every instance follows every other, both ways accepted: each admin follows the others it does
 * not follow yet and accepts the follows waiting for them (an instance on manual approval), until
 * each pair follows each other, so that listings, wants, offers and circles travel.
 */
export async function followEachOther(instances: InstanceAdmin[]): Promise<void> {
  // Each follow reads the other instance first: all of them at once.
  await Promise.all(
    instances.map(async (from) => {
      const rows = await knownBy(from.admin);
      for (const to of instances) {
        if (to === from) continue;
        const following = rowOf(rows, to.url)?.following;
        if (following === 'accepted' || following === 'pending') continue;
        const followed = await from.admin.post('/api/admin/federation/instances', {
          data: { url: to.url },
        });
        expect(followed.status()).toBe(201);
      }
    }),
  );
  // What is not accepted yet, pair by pair (empty once every pair follows each other).
  await expect
    .poll(
      async () => {
        const waiting: string[] = [];
        for (const at of instances) {
          const rows = await knownBy(at.admin);
          for (const other of instances) {
            if (other === at) continue;
            const row = rowOf(rows, other.url);
            if (row?.follower === 'pending')
              expect(
                (
                  await at.admin.patch(`/api/admin/federation/instances/${row.id}`, {
                    data: { follower: 'accepted' },
                  })
                ).status(),
              ).toBe(200);
            if (row?.following !== 'accepted' || row.follower !== 'accepted')
              waiting.push(
                `${port(at.url)} of ${port(other.url)}: following ${row?.following}, follower ${row?.follower}`,
              );
          }
        }
        return waiting;
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** The id `request`'s instance holds for the listing at `originUrl` (of another one), once there. */
export async function heldAs(
  request: APIRequestContext,
  originUrl: string,
  words: string,
): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const found = (await (
          await request.get(`/api/items?search=${encodeURIComponent(words)}`)
        ).json()) as Array<{ id: number; origin: { url: string } | null }>;
        id = found.find((item) => item.origin?.url === originUrl)?.id;
        return id;
      },
      { message: `${originUrl} held here`, timeout: 20_000 },
    )
    .toBeDefined();
  return id as number;
}

/** Checked once the toasts have gone: axe reads a toast mid-animation as faint text. */
export async function expectAccessibleAtRest(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

/** A member signed in on `baseURL` in a browser context of their own (CSP off for axe). */
export async function memberAt(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const page = await context.newPage();
  const info = await registerThroughApi(page.request);
  return { context, page, info };
}
