/**
 * The matching figures of issue 15: GET /api/matches under load for the bench member (twenty
 * listings), the time to apply a new listing's text edges, the plans of the matches queries, and
 * a synthetic market comparing what mutual pairs alone can trade with what 3-way circles add.
 */
import os from 'node:os';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { createDatabase, type Executor } from '../../server/db/client.js';
import {
  findCircles,
  findMutual,
  findWanted,
} from '../../server/features/matching/matching.queries.js';
import { syncListings } from '../../server/features/matching/want-graph.js';
import type { createExplainer } from './explain.js';
import { ADJECTIVES, NOUNS, SENTENCES } from './seed.js';

type Report = (line: string) => void;

export const MATCHING_TARGETS = { matchesP95Ms: 50, newListingMs: 100, circlesVsPairs: 2 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/**
 * A closed loop: `connections` clients each send the next request when the last one answered,
 * for `seconds`; every latency is kept, so p95 is exact (autocannon reports no p95).
 */
export async function closedLoop(
  url: string,
  cookie: string,
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

/** Runs `work` in a transaction that is rolled back: the data set stays as seeded. */
async function inRolledBack<T>(
  db: ReturnType<typeof createDatabase>,
  work: (tx: Executor) => Promise<T>,
) {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return result as T;
}

/**
 * A new listing as members write them, then the graph upkeep its creation triggers (its own
 * phrases ranked, the phrases it gets into, its edges, and who to tell), timed alone; each in a
 * rolled-back transaction.
 */
export async function newListingTimings(dbUrl: string, count: number) {
  const db = createDatabase(dbUrl, { error: () => {} }, { max: 2 });
  const samples: number[] = [];
  const edges: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const noun = NOUNS[(i * 7) % NOUNS.length] ?? 'lamp';
      const wanted = `${NOUNS[(i * 13 + 5) % NOUNS.length]}, ${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 3) % NOUNS.length]}`;
      const description = [0, 5, 9].map((k) => SENTENCES[(i + k) % SENTENCES.length]).join(' ');
      await inRolledBack(db, async (tx) => {
        const { rows } = await tx.execute<{ id: number }>(sql`
          insert into items (title, description, condition, user_id, wanted_items)
          values (${`${ADJECTIVES[(i * 5) % ADJECTIVES.length]} ${noun}`}, ${description}, 'good',
                  (select id from users order by id offset ${i * 37} limit 1), ${wanted})
          returning id`);
        const started = performance.now();
        const changes = await syncListings(tx, [Number(rows[0]?.id)]);
        samples.push(performance.now() - started);
        edges.push(changes.edges.length);
      });
    }
  } finally {
    await db.$client.end();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted.at(-1) ?? NaN,
    medianEdges: percentile(
      [...edges].sort((a, b) => a - b),
      50,
    ),
  };
}

/**
 * The costliest single change on this data set: the listing that fills the most phrases leaves
 * the market, and every one of those phrases takes its next match (rolled back).
 */
export async function busiestListingLeaves(dbUrl: string) {
  const db = createDatabase(dbUrl, { error: () => {} }, { max: 2 });
  try {
    return await inRolledBack(db, async (tx) => {
      const { rows } = await tx.execute<{ item_id: number; phrases: number }>(sql`
        select item_id, count(*)::int as phrases from phrase_matches
         group by item_id order by count(*) desc limit 1`);
      const busiest = rows[0];
      if (!busiest) return { phrases: 0, ms: 0, edges: 0 };
      await tx.execute(sql`update items set is_active = false where id = ${busiest.item_id}`);
      const started = performance.now();
      const changes = await syncListings(tx, [Number(busiest.item_id)]);
      return {
        phrases: busiest.phrases,
        ms: performance.now() - started,
        edges: changes.edges.length,
      };
    });
  } finally {
    await db.$client.end();
  }
}

export async function matchesPlans(
  explainer: ReturnType<typeof createExplainer>,
  memberId: string,
) {
  return {
    'matches-wanted': await explainer.explain((db) => findWanted(db, memberId)),
    'matches-mutual': await explainer.explain((db) => findMutual(db, memberId)),
    'matches-circles': await explainer.explain((db) => findCircles(db, memberId)),
  };
}

/** mulberry32: a seeded generator (the market is the same on every run). */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A synthetic market: `members` members, `listings` listings between them (one to seven each),
 * in `categories` categories. Each member follows two categories and lists in them; each listing
 * wants 3–20 listings of other members in its owner's two categories, drawn with a popularity
 * skew (within a category, the chance of being wanted falls with popularity rank as 1/rank).
 * Listings are numbered 0…n-1; `owner[i]` is listing i's member, `wants[i]` maps each listing i
 * wants to its position in i's list (1 = most wanted).
 */
export function buildSyntheticMarket(options: {
  members: number;
  listings: number;
  categories?: number;
  seed?: number;
}) {
  const next = random(options.seed ?? 15);
  const categories = options.categories ?? 50;
  const interests = Array.from({ length: options.members }, () => {
    const first = Math.floor(next() * categories);
    let second = Math.floor(next() * categories);
    if (second === first) second = (first + 1) % categories;
    return [first, second] as const;
  });
  const owner: number[] = [];
  const category: number[] = [];
  while (owner.length < options.listings) {
    const member = Math.floor(next() * options.members);
    const count = 1 + Math.floor(next() * 7);
    for (let k = 0; k < count && owner.length < options.listings; k++) {
      owner.push(member);
      category.push(interests[member]?.[Math.floor(next() * 2)] ?? 0);
    }
  }
  const n = owner.length;
  // Per category: its listings in a random popularity order, and cumulative 1/rank weights.
  const pools = Array.from({ length: categories }, () => [] as number[]);
  for (let i = 0; i < n; i++) pools[category[i] ?? 0]?.push(i);
  const weights = pools.map((pool) => {
    pool.sort(() => next() - 0.5);
    let total = 0;
    return pool.map((_, rank) => {
      total += 1 / (rank + 1);
      return total;
    });
  });
  const draw = (c: number) => {
    const pool = pools[c] ?? [];
    const cumulative = weights[c] ?? [];
    const target = next() * (cumulative.at(-1) ?? 0);
    let lo = 0;
    let hi = pool.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return pool[lo] ?? 0;
  };
  const wants: Array<Map<number, number>> = Array.from({ length: n }, () => new Map());
  let edges = 0;
  for (let i = 0; i < n; i++) {
    const size = 3 + Math.floor(next() * 18);
    const followed = interests[owner[i] ?? 0] ?? [0, 0];
    for (let attempt = 0; wants[i]?.size !== size && attempt < size * 4; attempt++) {
      const j = draw(followed[Math.floor(next() * 2)] ?? 0);
      if (owner[j] === owner[i] || wants[i]?.has(j)) continue;
      wants[i]?.set(j, (wants[i]?.size ?? 0) + 1);
      edges++;
    }
  }
  return { members: options.members, owner, wants, edges };
}

/**
 * The share of a market's listings that can trade, by greedy disjoint selection (cheapest first
 * by the sum of preference positions):
 *   pairs only   mutual pairs (A wants B, B wants A);
 *   with circles the same pairs, then 3-way circles among the listings still free.
 * Same rules as the product: distinct owners, each listing in one trade at most. Only the wants
 * `keep(a, b)` accepts count (all of them unless given: e.g. those within one instance).
 */
export function tradeShares(
  market: { owner: readonly number[]; wants: ReadonlyArray<ReadonlyMap<number, number>> },
  keep: (a: number, b: number) => boolean = () => true,
) {
  const { owner, wants } = market;
  const n = owner.length;
  const rank = (a: number, b: number) => (keep(a, b) ? wants[a]?.get(b) : undefined);

  const pairs: Array<[number, number, number]> = [];
  for (let a = 0; a < n; a++) {
    for (const [b, ab] of wants[a] ?? []) {
      const ba = rank(b, a);
      if (a < b && ba !== undefined && keep(a, b)) pairs.push([ab + ba, a, b]);
    }
  }
  const triples: Array<[number, number, number, number]> = [];
  for (let a = 0; a < n; a++) {
    for (const [b, ab] of wants[a] ?? []) {
      if (!keep(a, b)) continue;
      for (const [c, bc] of wants[b] ?? []) {
        if (!keep(b, c)) continue;
        const ca = rank(c, a);
        // Each circle once: start at its smallest listing; owners pairwise distinct.
        if (ca === undefined || a > b || a > c || owner[a] === owner[c]) continue;
        if (owner[b] === owner[c] || owner[a] === owner[b]) continue;
        triples.push([ab + bc + ca, a, b, c]);
      }
    }
  }
  // Listings in at least one mutual pair, or in at least one pair or 3-circle.
  const inPair = new Set<number>();
  for (const [, a, b] of pairs) inPair.add(a).add(b);
  const inAny = new Set(inPair);
  for (const [, a, b, c] of triples) inAny.add(a).add(b).add(c);
  const byCost = (x: number[], y: number[]) => (x[0] ?? 0) - (y[0] ?? 0);
  pairs.sort(byCost);
  triples.sort(byCost);
  const taken = new Set<number>();
  const take = (ids: number[]) => {
    if (ids.some((id) => taken.has(id))) return false;
    for (const id of ids) taken.add(id);
    return true;
  };
  let pairTrades = 0;
  for (const [, a, b] of pairs) if (take([a, b])) pairTrades++;
  const byPairs = taken.size;
  let circleTrades = 0;
  for (const [, a, b, c] of triples) if (take([a, b, c])) circleTrades++;
  return {
    mutualPairs: pairs.length,
    threeCycles: triples.length,
    pairTrades,
    circleTrades,
    shareByPairs: byPairs / n,
    shareWithCircles: taken.size / n,
    /** Listings in at least one mutual pair or one 3-circle (what /matches would show them). */
    shareInPairOrCircle: inAny.size / n,
  };
}

/** The synthetic market and the share of its listings that can trade (buildSyntheticMarket, tradeShares). */
export function syntheticMarket(options: {
  members: number;
  listings: number;
  categories?: number;
  seed?: number;
}) {
  const market = buildSyntheticMarket(options);
  const { shareInPairOrCircle: _inAny, ...shares } = tradeShares(market);
  return {
    members: market.members,
    listings: market.owner.length,
    edges: market.edges,
    ...shares,
  };
}

export async function matchingFigures(options: {
  appUrl: string;
  dbUrl: string;
  cookie: string;
  seconds: number;
  report: Report;
}) {
  const { report } = options;
  const answer = await (
    await fetch(`${options.appUrl}/api/matches`, { headers: { cookie: options.cookie } })
  ).json();
  const answerSizes = {
    wanted: answer.wanted.length,
    mutual: answer.mutual.length,
    circles: answer.circles.length,
    bytes: JSON.stringify(answer).length,
  };
  report(`bench member's matches: ${JSON.stringify(answerSizes)}`);
  await closedLoop(`${options.appUrl}/api/matches`, options.cookie, 10, 2);
  // The machine is shared: its load (1-minute average) when the run starts says how busy it was.
  const loadAverage = os.loadavg()[0] ?? Number.NaN;
  // One request at a time: what a member opening /matches waits for.
  const single = await closedLoop(
    `${options.appUrl}/api/matches`,
    options.cookie,
    1,
    options.seconds,
  );
  report(
    `GET /api/matches @1: ${single.rps.toFixed(0)} req/s, p50 ${single.p50.toFixed(1)} ms, p95 ${single.p95.toFixed(1)} ms, p99 ${single.p99.toFixed(1)} ms`,
  );
  const load = await closedLoop(
    `${options.appUrl}/api/matches`,
    options.cookie,
    10,
    options.seconds,
  );
  report(
    `GET /api/matches @10: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`,
  );
  const newListing = await newListingTimings(options.dbUrl, 40);
  report(`new listing's graph upkeep: ${JSON.stringify(newListing)}`);
  const busiest = await busiestListingLeaves(options.dbUrl);
  report(`busiest listing leaves: ${JSON.stringify(busiest)}`);
  const market = syntheticMarket({ members: 5_000, listings: 20_000 });
  report(`synthetic market: ${JSON.stringify(market)}`);
  return { answerSizes, single, load, loadAverage, newListing, busiest, market };
}
