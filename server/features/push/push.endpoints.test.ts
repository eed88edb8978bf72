import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { browserKeys } from '../../testing/push-service.js';

/**
 * Push endpoints under the outbound address policy as deployed: PUSH_ALLOW_PRIVATE_ENDPOINTS off
 * (push.routes.test.ts turns it on to reach its push service on loopback).
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let member: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  member = await registerMember(t.app);
  other = await registerMember(t.app);
});
afterAll(() => t.close());

const subscribe = (who: Member, endpoint: string) => {
  const keys = browserKeys();
  return t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: who.cookie },
    payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText } },
  });
};

const endpointsOf = async (userId: string) =>
  (
    await t.db.execute<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
    )
  ).rows.map((row) => row.endpoint);

describe('POST /api/push/subscriptions: the endpoint must be a public push service', () => {
  it.each([
    // Issue 36 §3: each of these was taken (201).
    ['https://203.0.113.7/push/a', /203\.0\.113\.7 is not a public address \(documentation\)/],
    ['https://localhost./push/a', /localhost is a local-only name/],
    ['https://[::127.0.0.1]/push/a', /IPv4-compatible form of 127\.0\.0\.1, loopback/],
    ['https://[64:ff9b::7f00:1]/push/a', /NAT64 form of 127\.0\.0\.1, loopback/],
    ['https://2130706433/push/a', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['https://0x7f.1/push/a', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['https://[::ffff:169.254.169.254]/latest', /IPv4-mapped form of 169\.254\.169\.254/],
    ['https://push.example.com:8443/a', /port 8443 is not allowed/],
    ['http://push.example.com/a', /must use https/],
  ])('refuses %s with 400 naming why', async (endpoint, why) => {
    const response = await subscribe(member, endpoint);
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    expect(message).toMatch(/^endpoint must be the https URL of a public push service: /);
    expect(message).toMatch(why);
    expect(await endpointsOf(member.user.id)).not.toContain(endpoint);
  });

  it('takes a public push service', async () => {
    const response = await subscribe(member, 'https://fcm.googleapis.com/fcm/send/endpoints-1');
    expect(response.statusCode).toBe(201);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: member.cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/endpoints-1' },
    });
  });
});

describe('pushing to an endpoint the policy refuses', () => {
  it('drops a subscription stored before these rules instead of posting to it', async () => {
    // As an older server version could have stored it.
    await t.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${other.user.id}, 'https://[::127.0.0.1]/old', 'k', 'a')`);
    const item = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: other.cookie },
      payload: { title: 'Old kettle', description: 'In good order', condition: 'good' },
    });
    expect(item.statusCode).toBe(201);
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/swap-requests',
      headers: { cookie: member.cookie },
      payload: { itemId: item.json().id, message: 'Swap?' },
    });
    expect(offer.statusCode).toBe(201);
    // The offer's push goes through two jobs (the notification's, then the send); this server's
    // own worker may be running one as runDue starts, so wait for the outcome itself.
    await expect
      .poll(
        async () => {
          await t.app.jobs.runDue();
          return endpointsOf(other.user.id);
        },
        { timeout: 5000 },
      )
      .toEqual([]);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from jobs
      where queue = 'push-send' and (completed_at is null or failed_at is not null)`);
    expect(rows[0]?.n).toBe(0);
  });
});
