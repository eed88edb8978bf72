/**
 * `npx tsx scripts/bench/wants-ring.ts`: the ring of wants of issue 36 §2 against the app, on a
 * fresh embedded PostgreSQL in a temporary folder. Three members list BENCH_RING listings each
 * (50); every listing of the first wants every listing of the second, the second's every one of
 * the third's, and all but the last of the third's every one of the first's (written to
 * item_wants and built with the rebuild, as the upkeep would). The last listing of the third
 * then names all of the first's (PUT /api/items/:id/wants), which closes BENCH_RING² circles,
 * while a fourth member lists items (POST /api/items, BENCH_WRITERS loops, 2) from the PUT's
 * start until the want graph has caught up with it.
 *
 * Prints the PUT's answer time, how long the graph took to follow it (the upkeep, where it runs
 * after the commit), the fourth member's POST latencies meanwhile against the same requests
 * idle, the circles kept and /api/matches for the third member after; then the costliest
 * changes for kept circles: that listing reversing its wants, and the first member's best-ranked
 * listing deleted. Works on code from before the upkeep job (the graph then follows inside the
 * request). `npm run bench` runs it too (`wantsRingFigures`, in the availability part of run.ts).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rebuildGraph } from '../../server/features/matching/want-graph.js';
import { ms, type Percentiles, summary, withInProcessApp } from './in-process-app.js';

const RING = Number(process.env.BENCH_RING ?? 50);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 2);
const IDLE_REQUESTS = 60;

/** The graph's upkeep after the commit, where this code has one (else the PUT did it all). */
const settleOf = (app: FastifyInstance): (() => Promise<void>) | undefined =>
  (app as unknown as { wantGraph?: { settle: () => Promise<void> } }).wantGraph?.settle;

type Change = { answered: number; caughtUp: number };

export type WantsRingFigures = {
  ring: number;
  writers: number;
  /** Whether the graph follows after the commit (a job), else inside the PUT. */
  upkeepAfterCommit: boolean;
  rebuildMs: number;
  putMs: number;
  caughtUpMs: number;
  postIdle: Percentiles;
  postDuring: Percentiles;
  rotations: [number | undefined, number | undefined];
  catsCircles: number;
  matchesReadMs: number;
  reordered: Change;
  deleted: Change;
  /** The machine's 1-minute load average before the PUT and after the graph caught up. */
  load: [number, number];
};

/** The ring, built, closed and measured as the header says; its figures. */
export async function wantsRingFigures(): Promise<WantsRingFigures> {
  return withInProcessApp('ring', {}, async ({ app, db, inject, member }) => {
    await app.ready();
    const settle = settleOf(app);
    const [ann, bob, cat, dan] = [
      await member(0),
      await member(1),
      await member(2),
      await member(3),
    ];
    let listed = 0;
    const list = async (who: { cookie: string }, title: string) => {
      const response = await inject('POST', '/api/items', who.cookie, {
        title: `${title} ${listed++}`,
        description: 'Bench listing',
        condition: 'good',
      });
      return response.json().id as number;
    };
    const listingsOf = async (who: { cookie: string }, title: string) => {
      const ids: number[] = [];
      for (let i = 0; i < RING; i++) ids.push(await list(who, title));
      return ids;
    };
    const anns = await listingsOf(ann, 'Lamp');
    const bobs = await listingsOf(bob, 'Book');
    const cats = await listingsOf(cat, 'Jug');
    const closing = cats.at(-1) as number;
    const wants = (from: number[], to: number[]) =>
      db.execute(sql`
        insert into item_wants (item_id, wanted_item_id, position)
        select f, t, p from unnest(${sql.param(from)}::int[]) as f
          cross join unnest(${sql.param(to)}::int[]) with ordinality as w(t, p)`);
    await wants(anns, bobs);
    await wants(bobs, cats);
    await wants(cats.slice(0, -1), anns);
    await settle?.();
    const built = performance.now();
    await db.transaction((tx) => rebuildGraph(tx));
    const rebuildMs = performance.now() - built;
    const before = await db.execute<{ rotations: number }>(
      sql`select count(*)::int as rotations from want_cycles`,
    );

    const post = async () => {
      const started = performance.now();
      await list(dan, 'Kite');
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let k = 0; k < IDLE_REQUESTS; k++) idle.push(await post());
    await settle?.();

    const loadBefore = loadavg()[0] ?? 0;
    let busy = true;
    const during: number[] = [];
    const writers = Array.from({ length: WRITERS }, async () => {
      while (busy) during.push(await post());
    });
    const started = performance.now();
    const put = await inject('PUT', `/api/items/${closing}/wants`, cat.cookie, { itemIds: anns });
    const putMs = performance.now() - started;
    if (put.json().itemIds.length !== RING) throw new Error('the PUT did not answer the new list');
    await settle?.();
    const caughtUpMs = performance.now() - started;
    busy = false;
    await Promise.all(writers);
    const loadAfter = loadavg()[0] ?? 0;

    const readStarted = performance.now();
    const matches = (await inject('GET', '/api/matches', cat.cookie)).json() as {
      circles: unknown[];
    };
    const readMs = performance.now() - readStarted;
    const after = await db.execute<{ rotations: number }>(
      sql`select count(*)::int as rotations from want_cycles`,
    );

    // The costliest changes for the kept circles: the best-ranked listing of the first member
    // leaves (every listing that kept circles through it finds its next best), and the third's
    // closing listing reverses its order (every circle through it changes rank).
    const timedChange = async (change: () => Promise<unknown>) => {
      const at = performance.now();
      await change();
      const answered = performance.now() - at;
      await settle?.();
      return { answered, caughtUp: performance.now() - at };
    };
    const reordered = await timedChange(() =>
      inject('PUT', `/api/items/${closing}/wants`, cat.cookie, { itemIds: [...anns].reverse() }),
    );
    const deleted = await timedChange(() =>
      app.inject({
        method: 'DELETE',
        url: `/api/items/${anns[0]}`,
        headers: { cookie: ann.cookie },
      }),
    );

    return {
      ring: RING,
      writers: WRITERS,
      upkeepAfterCommit: settle !== undefined,
      rebuildMs: Math.round(rebuildMs),
      putMs: Math.round(putMs),
      caughtUpMs: Math.round(caughtUpMs),
      postIdle: summary(idle),
      postDuring: summary(during),
      rotations: [before.rows[0]?.rotations, after.rows[0]?.rotations],
      catsCircles: matches.circles.length,
      matchesReadMs: Math.round(readMs),
      reordered,
      deleted,
      load: [loadBefore, loadAfter],
    };
  });
}

async function main(): Promise<void> {
  const figures = await wantsRingFigures();
  const { postIdle: a, postDuring: b, rotations, reordered, deleted } = figures;
  console.info(JSON.stringify(figures));
  const rows = [
    [
      'Ring',
      `3 members × ${figures.ring} listings; the PUT closes ${figures.ring * figures.ring} circles`,
    ],
    ['Graph upkeep', figures.upkeepAfterCommit ? 'after the commit (job)' : 'inside the PUT'],
    ['PUT /api/items/:id/wants answered in', ms(figures.putMs)],
    ['Graph caught up, from the PUT', ms(figures.caughtUpMs)],
    [
      'POST /api/items idle: p50 / p99 / max',
      `${ms(a.p50)} / ${ms(a.p99)} / ${ms(a.max)} (n = ${a.n})`,
    ],
    [
      `POST /api/items by another member meanwhile (${figures.writers} loops): p50 / p99 / max`,
      `${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.max)} (n = ${b.n})`,
    ],
    ['Circle rotations stored, before → after', `${rotations[0]} → ${rotations[1]}`],
    [
      'GET /api/matches, the third member, after',
      `${ms(figures.matchesReadMs)} (${figures.catsCircles} circles)`,
    ],
    [
      'The closing listing reverses its wants: answered / graph caught up',
      `${ms(reordered.answered)} / ${ms(reordered.caughtUp)}`,
    ],
    [
      "The first member's best-ranked listing deleted: answered / graph caught up",
      `${ms(deleted.answered)} / ${ms(deleted.caughtUp)}`,
    ],
    [
      'Load average (1 min) before → after',
      `${figures.load[0].toFixed(1)} → ${figures.load[1].toFixed(1)}`,
    ],
  ];
  console.info(
    ['| Ring of wants | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n'),
  );
}

// Run as a script (`npx tsx scripts/bench/wants-ring.ts`), not when run.ts imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
