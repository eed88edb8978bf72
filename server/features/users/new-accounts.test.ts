import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { createTestApp, type Member, registerMember, type TestApp } from '../../testing/app.js';
import { containsLink, isNewAccount, noLinksYet } from './new-accounts.js';

/** Issue 40 §4: new or unverified accounts trade at lower rates and send no links. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMITS: 'true',
    RATE_LIMIT_OFFERS_PER_HOUR: '20',
    RATE_LIMIT_OFFERS_PER_HOUR_NEW: '2',
    RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES: '20',
    RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES_NEW: '3',
    NEW_ACCOUNT_DAYS: '7',
  });
});
afterAll(() => t.close());

/** Verified, and registered `days` ago. */
async function established(member: Member, days = 8) {
  await t.db.execute(sql`
    update users set email_verified_at = now(), created_at = now() - ${days} * interval '1 day'
     where id = ${member.user.id}`);
}

async function listing(owner: Member, title: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: owner.cookie },
    payload: { title, description: 'Kept well', condition: 'good' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const offer = (sender: Member, itemId: number, message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/swap-requests',
    headers: { cookie: sender.cookie },
    payload: { itemId, message },
  });

const say = (member: Member, offerId: number, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/swap-requests/${offerId}/messages`,
    headers: { cookie: member.cookie },
    payload: { content },
  });

describe('a new account', () => {
  it('tells links and email addresses from ordinary words', () => {
    for (const text of ['see example.com', 'https://x.example/a', 'write to me@example.com'])
      expect(containsLink(text), text).toBe(true);
    for (const text of ['Tuesday at 5?', 'the 2.5 kg weight', 'v1.2 of the book'])
      expect(containsLink(text), text).toBe(false);
  });

  it('sends no links in an offer or a chat until it is a week old and verified', async () => {
    const owner = await registerMember(t.app);
    await established(owner);
    const fresh = await registerMember(t.app);
    const item = await listing(owner, 'Linked lamp');

    const linked = await offer(fresh, item, 'Pictures at photos.example.net');
    expect(linked.statusCode).toBe(400);
    expect(linked.json().message).toBe(noLinksYet(7));
    const plain = await offer(fresh, item, 'Would you swap?');
    expect(plain.statusCode, plain.body).toBe(201);
    const offerId = plain.json().id as number;

    expect((await say(fresh, offerId, 'Mail me: fresh@example.com')).statusCode).toBe(400);
    expect((await say(fresh, offerId, 'Tuesday at five?')).statusCode).toBe(201);
    // The owner's account is established: links are fine.
    expect((await say(owner, offerId, 'Map: https://maps.example/abc')).statusCode).toBe(201);

    // Verified but six days old: still new. Eight days and verified: links go through.
    await established(fresh, 6);
    expect((await say(fresh, offerId, 'See www.example.org')).statusCode).toBe(400);
    await established(fresh, 8);
    expect((await say(fresh, offerId, 'See www.example.org')).statusCode).toBe(201);
  });

  it('sends fewer offers and messages while new', async () => {
    const owner = await registerMember(t.app);
    await established(owner);
    const items = await Promise.all([1, 2, 3].map((n) => listing(owner, `Rate jug ${n}`)));
    const fresh = await registerMember(t.app);
    const sent = [];
    for (const item of items) sent.push((await offer(fresh, item, 'Swap?')).statusCode);
    expect(sent).toEqual([201, 201, 429]);

    const older = await registerMember(t.app);
    await established(older);
    const theirs = [];
    for (const item of items) theirs.push((await offer(older, item, 'Swap?')).statusCode);
    expect(theirs).toEqual([201, 201, 201]);

    const [first] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/swap-requests',
        headers: { cookie: fresh.cookie },
      })
    ).json() as Array<{ id: number }>;
    const said = [];
    for (let k = 0; k < 4; k++)
      said.push((await say(fresh, Number(first?.id), `Hello ${k}`)).statusCode);
    expect(said).toEqual([201, 201, 201, 429]);
  });

  it('counts a member of another community by their days here alone', async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      insert into instances (host, base_url, actor_url, inbox_url)
      values ('far.example', 'https://far.example', 'https://far.example/actor',
              'https://far.example/inbox')
      returning id`);
    const instanceId = Number(rows[0]?.id);
    const remote = async (days: number) => {
      const id = `remote-${days}-${Date.now()}`;
      await t.db.execute(sql`
        insert into users (id, email, password, origin_instance_id, actor_url, nickname, created_at)
        values (${id}, ${`${id}@remote.invalid`}, '!remote', ${instanceId},
                ${`https://far.example/users/${id}`}, ${`${id}@far.example`},
                now() - ${days} * interval '1 day')`);
      return { id, isAdmin: false };
    };
    const ctx = { db: t.db, config: t.config } as unknown as AppContext;
    // Never verified here (their home holds their address): new while young, not after.
    expect(await isNewAccount(ctx, await remote(1))).toBe(true);
    expect(await isNewAccount(ctx, await remote(8))).toBe(false);
  });
});
