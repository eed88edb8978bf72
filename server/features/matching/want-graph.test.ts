import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import {
  createListing,
  graphSnapshot,
  putWants,
  rebuiltSnapshot,
  setActive,
  settleGraph,
} from './matching.testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

/** mulberry32: a seeded generator, so a failing history can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

const NOUNS = ['telescope', 'camera', 'bike', 'guitar', 'lamp', 'kettle', 'tent'];
const ADJECTIVES = ['brass', 'red', 'old', 'small', 'folding', 'electric'];

/**
 * Holds the graph's advisory lock from a session of its own, as a long upkeep run would: every
 * write must still go through (none waits on the graph), and the changes made meanwhile are
 * applied together, in batches, once it lets go.
 */
async function holdGraphLock() {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select pg_advisory_xact_lock($1)', [0x57414e54]);
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

describe('the want graph', () => {
  it('equals a rebuild from scratch after a random history of changes', async () => {
    const rng = random(Number(process.env.GRAPH_SEED ?? 15));
    const members = await Promise.all(Array.from({ length: 5 }, () => registerMember(t.app)));
    const owners = new Map<number, (typeof members)[number]>();
    const active = new Set<number>();
    const inactive = new Set<number>();
    const words = (n: number) =>
      Array.from({ length: n }, () => rng.pick(rng.next() < 0.6 ? NOUNS : ADJECTIVES)).join(' ');
    const wantedText = () => {
      const phrases = Array.from({ length: rng.int(4) }, () =>
        rng.next() < 0.15 ? `${rng.pick(NOUNS)} -${rng.pick(ADJECTIVES)}` : words(1 + rng.int(2)),
      );
      return phrases.length > 0 ? phrases.join(rng.next() < 0.2 ? ' or ' : ', ') : null;
    };
    const listingText = () => ({
      title: `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`,
      description: `${words(2 + rng.int(5))}.`,
      wantedItems: wantedText(),
    });
    const anyListing = () => rng.pick([...owners.keys()]);

    // Changes apply one by one after each commit, or many at once (when the lock is held).
    const noSettle = { settle: false };
    const create = async () => {
      const member = rng.pick(members);
      const id = await createListing(t.app, member.cookie, listingText(), noSettle);
      owners.set(id, member);
      active.add(id);
    };
    for (let i = 0; i < 45; i++) await create();

    const operations: Array<[number, () => Promise<unknown>]> = [
      [25, create],
      [
        20,
        async () => {
          const id = rng.pick([...active]);
          const owner = owners.get(id);
          if (!owner) return;
          const text = listingText();
          const keep = rng.int(3);
          const response = await t.app.inject({
            method: 'PUT',
            url: `/api/items/${id}`,
            headers: { cookie: owner.cookie },
            payload: {
              ...text,
              // Sometimes only the wanted text or only what it offers changes, sometimes neither.
              ...(keep === 0 ? { title: 'old lamp', description: 'lamp lamp.' } : {}),
              condition: 'good',
              categoryId: 8,
            },
          });
          expect(response.statusCode).toBe(200);
        },
      ],
      [
        6,
        async () => {
          const id = anyListing();
          const owner = owners.get(id);
          if (!owner) return;
          await t.app.inject({
            method: 'DELETE',
            url: `/api/items/${id}`,
            headers: { cookie: owner.cookie },
          });
          owners.delete(id);
          active.delete(id);
          inactive.delete(id);
        },
      ],
      [
        8,
        async () => {
          const id = rng.pick([...active]);
          await setActive(t.app, t.db, id, false, noSettle);
          active.delete(id);
          inactive.add(id);
        },
      ],
      [
        8,
        async () => {
          if (inactive.size === 0) return;
          const id = rng.pick([...inactive]);
          await setActive(t.app, t.db, id, true, noSettle);
          inactive.delete(id);
          active.add(id);
        },
      ],
      [
        20,
        async () => {
          const id = anyListing();
          const owner = owners.get(id);
          if (!owner) return;
          const candidates = [...active].filter((other) => owners.get(other) !== owner);
          const chosen = [
            ...new Set(Array.from({ length: rng.int(6) }, () => rng.pick(candidates))),
          ];
          const response = await putWants(
            t.app,
            owner.cookie,
            id,
            chosen.filter(Boolean),
            noSettle,
          );
          expect(response.statusCode, response.body).toBe(200);
        },
      ],
      [
        5,
        async () => {
          // A completed swap takes both listings off the market.
          const wanted = rng.pick([...active]);
          const sender = members.find((m) => m !== owners.get(wanted));
          const offered = [...active].find((id) => owners.get(id) === sender && id !== wanted);
          if (!sender || !offered) return;
          const offer = await t.app.inject({
            method: 'POST',
            url: '/api/swap-requests',
            headers: { cookie: sender.cookie },
            payload: { itemId: wanted, offeredItemId: offered, message: 'Swap?' },
          });
          expect(offer.statusCode, offer.body).toBe(201);
          const receiver = owners.get(wanted);
          for (const [cookie, status] of [
            [receiver?.cookie, 'accepted'],
            [sender.cookie, 'completed'],
          ] as const) {
            const moved = await t.app.inject({
              method: 'PATCH',
              url: `/api/swap-requests/${offer.json().id}`,
              headers: { cookie: cookie ?? '' },
              payload: { status },
            });
            expect(moved.statusCode, moved.body).toBe(200);
          }
          for (const id of [wanted, offered]) {
            active.delete(id);
            inactive.add(id);
          }
        },
      ],
    ];
    const total = operations.reduce((sum, [weight]) => sum + weight, 0);

    let release: (() => Promise<void>) | undefined;
    let batched = 0;
    for (let step = 1; step <= 240; step++) {
      if (!release && rng.next() < 0.05) release = await holdGraphLock();
      const roll = rng.int(total);
      let reached = 0;
      const operation = operations.find(([weight]) => {
        reached += weight;
        return roll < reached;
      });
      if (active.size > 2) await operation?.[1]();
      if (release) batched += 1;
      if (release && (rng.next() < 0.15 || step % 80 === 0)) {
        await release();
        release = undefined;
      }
      if (step % 80 === 0) {
        await settleGraph(t.app);
        const { rows: left } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from want_graph_changes`,
        );
        expect(left[0]?.n).toBe(0);
        const incremental = await graphSnapshot(t.db);
        expect(incremental.edges.length).toBeGreaterThan(20);
        expect(await rebuiltSnapshot(t.db)).toEqual(incremental);
      }
    }
    // Some changes waited for a held lock and were applied together.
    expect(batched).toBeGreaterThan(10);
    // The history reached the interesting cases: full phrases, named and text edges.
    const { rows } = await t.db.execute<{
      full: number;
      listed: number;
      text: number;
      cycles: number;
    }>(sql`
      select (select count(*)::int from want_phrases where match_count = 20) as full,
             (select count(*)::int from want_cycles) as cycles,
             (select count(*)::int from want_edges where source = 'listed') as listed,
             (select count(*)::int from want_edges where source = 'text') as text`);
    expect(rows[0]?.full).toBeGreaterThan(0);
    expect(rows[0]?.listed).toBeGreaterThan(0);
    expect(rows[0]?.text).toBeGreaterThan(0);
    expect(rows[0]?.cycles).toBeGreaterThan(0);
  }, 180_000);
});
