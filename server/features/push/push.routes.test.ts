import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES } from '../../../shared/push.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import {
  browserKeys,
  decryptPush,
  readVapid,
  startPushService,
} from '../../testing/push-service.js';
import { PUSH_SEND_ATTEMPTS } from './push.delivery.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let owner: Member;
let sender: Member;

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp({ RATE_LIMITS: 'false', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  owner = await registerMember(t.app);
  sender = await registerMember(t.app);
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: Member,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function subscribeDevice(who: Member, pathName: string) {
  const keys = browserKeys();
  const endpoint = `${pushService.url}${pathName}`;
  const response = await call('POST', '/api/push/subscriptions', who, {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.authText },
  });
  expect(response.statusCode).toBe(201);
  return { keys, endpoint };
}

async function offerOnListingOf(to: Member, from: Member, title: string) {
  const item = await call('POST', '/api/items', to, {
    title,
    description: 'In good order',
    condition: 'good',
  });
  expect(item.statusCode).toBe(201);
  const offer = await call('POST', '/api/swap-requests', from, {
    itemId: item.json().id,
    message: 'Swap?',
  });
  expect(offer.statusCode).toBe(201);
}

const subscriptionsOf = async (userId: string) =>
  (
    await t.db.execute<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
    )
  ).rows.map((row) => row.endpoint);

/** The push jobs and how they ended, for a failure's message. */
const pushJobs = async () =>
  JSON.stringify(
    (
      await t.db.execute(
        sql`select id, queue, payload, attempts, last_error, run_at, completed_at, failed_at
            from jobs where queue like '%push%' order by id`,
      )
    ).rows,
  );

describe('GET /api/push/public-key', () => {
  it('hands out one VAPID public key, generated once into DATA_DIR', async () => {
    const first = await call('GET', '/api/push/public-key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4); // an uncompressed P-256 point
    expect((await call('GET', '/api/push/public-key')).json().publicKey).toBe(publicKey);
    expect(existsSync(path.join(t.config.dataDir, 'vapid-keys.json'))).toBe(true);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a signed-in member', async () => {
    const keys = browserKeys();
    const response = await call('POST', '/api/push/subscriptions', undefined, {
      endpoint: `${pushService.url}/anon`,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses keys that are not a browser subscription, with a message', async () => {
    const response = await call('POST', '/api/push/subscriptions', owner, {
      endpoint: `${pushService.url}/bad`,
      keys: { p256dh: 'short', auth: '!!' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/p256dh|auth/);
  });

  it('moves an endpoint to the member who subscribes it last (another account on the device)', async () => {
    const { endpoint } = await subscribeDevice(sender, '/shared-device');
    expect(await subscriptionsOf(sender.user.id)).toContain(endpoint);
    await subscribeDevice(owner, '/shared-device');
    expect(await subscriptionsOf(sender.user.id)).not.toContain(endpoint);
    expect(await subscriptionsOf(owner.user.id)).toContain(endpoint);
    await call('DELETE', '/api/push/subscriptions', owner, { endpoint });
  });
});

describe('at most MAX_PUSH_DEVICES devices per member', () => {
  it('refuses an eleventh device with 409 and a message; the same endpoint again is no new device', async () => {
    const member = await registerMember(t.app);
    const keys = browserKeys();
    const body = (endpoint: string) => ({
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    for (let n = 1; n <= MAX_PUSH_DEVICES; n++) {
      const response = await call(
        'POST',
        '/api/push/subscriptions',
        member,
        body(`${pushService.url}/limit-${n}`),
      );
      expect(response.statusCode).toBe(201);
    }
    // The same endpoint twice (new keys, a second sign-in on that browser): still ten devices.
    const again = await call('POST', '/api/push/subscriptions', member, {
      endpoint: `${pushService.url}/limit-3`,
      keys: { p256dh: browserKeys().p256dh, auth: browserKeys().authText },
    });
    expect(again.statusCode).toBe(201);
    expect(await subscriptionsOf(member.user.id)).toHaveLength(MAX_PUSH_DEVICES);

    const eleventh = await call(
      'POST',
      '/api/push/subscriptions',
      member,
      body(`${pushService.url}/limit-11`),
    );
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toMatch(/on for 10 devices already/);
    // Another member's device moving here is a new device too.
    await call('POST', '/api/push/subscriptions', sender, body(`${pushService.url}/limit-moved`));
    const moved = await call(
      'POST',
      '/api/push/subscriptions',
      member,
      body(`${pushService.url}/limit-moved`),
    );
    expect(moved.statusCode).toBe(409);
    expect(await subscriptionsOf(sender.user.id)).toContain(`${pushService.url}/limit-moved`);
    const left = await subscriptionsOf(member.user.id);
    expect(left).toHaveLength(MAX_PUSH_DEVICES);
    expect(left).not.toContain(`${pushService.url}/limit-11`);

    // Turning one off makes room.
    await call('DELETE', '/api/push/subscriptions', member, {
      endpoint: `${pushService.url}/limit-1`,
    });
    const room = await call(
      'POST',
      '/api/push/subscriptions',
      member,
      body(`${pushService.url}/limit-11`),
    );
    expect(room.statusCode).toBe(201);
    await call('DELETE', '/api/push/subscriptions', sender, {
      endpoint: `${pushService.url}/limit-moved`,
    });
  });

  it('never lets two subscriptions at once take the last place', async () => {
    const member = await registerMember(t.app);
    const keys = browserKeys();
    const body = (endpoint: string) => ({
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    for (let n = 1; n < MAX_PUSH_DEVICES; n++) {
      await call('POST', '/api/push/subscriptions', member, body(`${pushService.url}/race-${n}`));
    }
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call('POST', '/api/push/subscriptions', member, body(`${pushService.url}/race-last-${n}`)),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await subscriptionsOf(member.user.id)).toHaveLength(MAX_PUSH_DEVICES);
  });
});

describe('the push channel of the notification settings', () => {
  it('defaults push on for the topics emailed at once, off for the digest ones', async () => {
    const member = await registerMember(t.app);
    const settings = (await call('GET', '/api/notification-settings', member)).json();
    expect(settings.push.offers).toBe('instant');
    expect(settings.push.messages).toBe('instant');
    expect(settings.push.ratings).toBe('off');
    expect(settings.email.ratings).toBe('daily');
  });

  it('takes instant or off for push, never a digest', async () => {
    const response = await call('PATCH', '/api/notification-settings', owner, {
      push: { offers: 'daily' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/instant or off/);
  });
});

describe('pushing notifications', () => {
  it('sends a new notification to the device, encrypted for it and signed with VAPID', async () => {
    const device = await subscribeDevice(owner, '/device-a');
    const before = pushService.received.length;
    await offerOnListingOf(owner, sender, 'Push kettle');
    await t.app.jobs.runDue();
    const pushes = pushService.received.slice(before).filter((p) => p.path === '/device-a');
    // Once missing in a run of the whole suite (0 pushes); the push jobs say what became of it.
    expect(pushes, await pushJobs()).toHaveLength(1);
    const [push] = pushes;
    if (!push) throw new Error('no push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const vapid = readVapid(push.headers.authorization);
    expect(vapid.publicKey).toBe((await call('GET', '/api/push/public-key')).json().publicKey);
    expect(vapid.claims.aud).toBe(pushService.url);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    // Not readable on the wire; the browser's keys decrypt it.
    expect(push.body.toString('latin1')).not.toContain('Push kettle');
    const payload = JSON.parse(decryptPush(push.body, device.keys));
    expect(payload).toMatchObject({ title: 'SwapMarket', url: expect.stringMatching(/^\//) });
    expect(payload.body).toContain('Push kettle');
    expect(payload.tag).toMatch(/^notification-\d+$/);
    await call('DELETE', '/api/push/subscriptions', owner, { endpoint: device.endpoint });
  });

  it('pushes nothing for a topic the member switched off for push', async () => {
    const device = await subscribeDevice(owner, '/device-off');
    const off = await call('PATCH', '/api/notification-settings', owner, {
      push: { offers: 'off' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().push.offers).toBe('off');
    expect(off.json().email.offers).toBe('instant');
    const before = pushService.received.length;
    await offerOnListingOf(owner, sender, 'Quiet lamp');
    await t.app.jobs.runDue();
    expect(pushService.received.slice(before).filter((p) => p.path === '/device-off')).toEqual([]);
    await call('PATCH', '/api/notification-settings', owner, { push: { offers: 'instant' } });
    await call('DELETE', '/api/push/subscriptions', owner, { endpoint: device.endpoint });
  });

  it('removes a subscription the push service says has expired (410) or is unknown (404)', async () => {
    pushService.statusOf.set('/expired', 410);
    pushService.statusOf.set('/unknown', 404);
    const gone = await subscribeDevice(sender, '/expired');
    const unknown = await subscribeDevice(sender, '/unknown');
    const kept = await subscribeDevice(sender, '/kept');
    await offerOnListingOf(sender, owner, 'Expiring radio');
    await t.app.jobs.runDue();
    const paths = pushService.received.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/expired', '/unknown', '/kept']));
    const left = await subscriptionsOf(sender.user.id);
    expect(left).not.toContain(gone.endpoint);
    expect(left).not.toContain(unknown.endpoint);
    expect(left).toContain(kept.endpoint);
  });

  it('retries a device whose push service failed, and only that device', async () => {
    pushService.statusOf.set('/flaky', 503);
    await subscribeDevice(owner, '/flaky');
    await offerOnListingOf(owner, sender, 'Flaky clock');
    await t.app.jobs.runDue();
    const { rows } = await t.db.execute<{ attempts: number; last_error: string }>(sql`
      select attempts, last_error from jobs
      where queue = 'push-send' and completed_at is null and failed_at is null`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.last_error).toMatch(/503/);
  });
});

describe('a device that never answers', () => {
  it('is tried PUSH_SEND_ATTEMPTS times, then dropped when it never took a push', async () => {
    const member = await registerMember(t.app);
    // Nothing listens there: every try ends at once without an answer.
    const closed = await startPushService();
    await closed.close();
    const keys = browserKeys();
    const endpoint = `${closed.url}/dead`;
    const subscribed = await call('POST', '/api/push/subscriptions', member, {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    expect(subscribed.statusCode).toBe(201);
    await offerOnListingOf(member, sender, 'Silent phone');
    await t.app.jobs.runDue();
    const job = async () =>
      (
        await t.db.execute<{
          attempts: number;
          max_attempts: number;
          last_error: string | null;
        }>(sql`
          select j.attempts, j.max_attempts, j.last_error from jobs j
          join push_subscriptions s on s.id = (j.payload->>'subscriptionId')::bigint
          where j.queue = 'push-send' and s.endpoint = ${endpoint}`)
      ).rows[0];
    const first = await job();
    expect(first).toMatchObject({ attempts: 1, max_attempts: PUSH_SEND_ATTEMPTS });
    expect(first?.last_error).toMatch(/No answer/);
    expect(await subscriptionsOf(member.user.id)).toContain(endpoint);
    // Skip the back-off to the last try.
    await t.db.execute(sql`
      update jobs set attempts = max_attempts - 1, run_at = now()
      where queue = 'push-send' and completed_at is null and failed_at is null
        and (payload->>'subscriptionId')::bigint in (
          select id from push_subscriptions where endpoint = ${endpoint})`);
    await t.app.jobs.runDue();
    expect(await subscriptionsOf(member.user.id)).not.toContain(endpoint);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes the member's own subscription, never another member's", async () => {
    const mine = await subscribeDevice(sender, '/mine');
    const other = await call('DELETE', '/api/push/subscriptions', owner, {
      endpoint: mine.endpoint,
    });
    expect(other.statusCode).toBe(200);
    expect(await subscriptionsOf(sender.user.id)).toContain(mine.endpoint);
    const own = await call('DELETE', '/api/push/subscriptions', sender, {
      endpoint: mine.endpoint,
    });
    expect(own.json()).toEqual({ subscribed: false });
    expect(await subscriptionsOf(sender.user.id)).not.toContain(mine.endpoint);
  });
});
