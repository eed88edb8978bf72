import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../paths.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/**
 * Migration 0030's backfill, run again on offers made as before it: every offer gets its rows in
 * swap_request_items, and accepted offers take their listings where that promises no listing
 * twice.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
});
afterAll(() => t.close());

/** The statements of migration 0030 that fill what existed before it. */
function backfill(): string[] {
  const text = readFileSync(`${migrationsDir}/0030_swap_request_items.sql`, 'utf8');
  const statements = text.split('--> statement-breakpoint').map((part) => part.trim());
  const wanted = statements.filter(
    (statement) =>
      /^INSERT INTO "swap_request_items"/m.test(statement) && !/CREATE FUNCTION/.test(statement),
  );
  const reservations = statements.filter((statement) =>
    /UPDATE "items" i SET "reserved_by"/.test(statement),
  );
  expect(wanted).toHaveLength(1);
  expect(reservations).toHaveLength(1);
  return [...wanted, ...reservations];
}

async function list(who: Member, title: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: who.cookie },
    payload: { title, description: 'Kept', condition: 'good' },
  });
  return response.json().id;
}

/** An offer as it stood before 0030: its status set directly, holding nothing. */
async function legacy(
  itemId: number,
  offeredItemId: number | null,
  status: string,
  minutesAgo: number,
) {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    insert into swap_requests (from_user_id, to_user_id, item_id, offered_item_id, message, status, updated_at)
    values (${ann.user.id}, ${bob.user.id}, ${itemId}, ${offeredItemId}, 'Swap?', ${status},
            now() - make_interval(mins => ${minutesAgo}))
    returning id`);
  return Number(rows[0]?.id);
}

describe('migration 0030 on offers made before it', () => {
  it('names every listing of every offer, and reserves for the earliest accepted offer on free listings', async () => {
    const shared = await list(bob, 'Shared lamp');
    const alone = await list(bob, 'Lone clock');
    const held = await list(bob, 'Held vase');
    const gone = await list(bob, 'Gone stool');
    const mug = await list(ann, 'Ann mug');
    const first = await legacy(shared, mug, 'accepted', 30);
    const second = await legacy(shared, null, 'accepted', 10);
    const single = await legacy(alone, null, 'accepted', 5);
    const blocked = await legacy(held, null, 'accepted', 5);
    const inactive = await legacy(gone, null, 'accepted', 5);
    const pending = await legacy(alone, mug, 'pending', 1);
    // As before 0030: no rows, no reservations but a circle's.
    await t.db.execute(sql`delete from swap_request_items`);
    await t.db.execute(sql`update items set reserved_by = null`);
    await t.db.execute(sql`update items set reserved_by = 'circle:1' where id = ${held}`);
    await t.db.execute(sql`update items set is_active = false where id = ${gone}`);

    for (const statement of backfill()) await t.db.execute(sql.raw(statement));

    const { rows } = await t.db.execute<{ request_id: number; side: string; item_id: number }>(sql`
      select request_id, side, item_id from swap_request_items order by request_id, side, position`);
    expect(rows.map((r) => [Number(r.request_id), r.side, Number(r.item_id)])).toEqual([
      [first, 'asked', shared],
      [first, 'offered', mug],
      [second, 'asked', shared],
      [single, 'asked', alone],
      [blocked, 'asked', held],
      [inactive, 'asked', gone],
      [pending, 'asked', alone],
      [pending, 'offered', mug],
    ]);
    const { rows: reserved } = await t.db.execute<{ id: number; reserved_by: string | null }>(sql`
      select id, reserved_by from items where id in (${shared}, ${alone}, ${held}, ${gone}, ${mug}) order by id`);
    expect(Object.fromEntries(reserved.map((r) => [Number(r.id), r.reserved_by]))).toEqual({
      // The earliest accepted offer on the lamp holds it and the mug it put up.
      [shared]: `offer:${first}`,
      [mug]: `offer:${first}`,
      [alone]: `offer:${single}`,
      // Promised elsewhere or off the market: the offer holds nothing.
      [held]: 'circle:1',
      [gone]: null,
    });
    // The later offer on the lamp cannot be completed while the first holds it.
    const complete = await t.app.inject({
      method: 'PATCH',
      url: `/api/swap-requests/${second}`,
      headers: { cookie: bob.cookie },
      payload: { status: 'completed' },
    });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toBe('“Shared lamp” is reserved for another trade');
  });
});
