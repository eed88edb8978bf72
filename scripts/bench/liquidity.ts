/**
 * Liquidity across instances (issue 37 §5): a market's members dealt at random to INSTANCES
 * instances, and the share of its listings in a mutual pair or a 3-circle when each instance is
 * on its own (only the wants between its own listings) against federated (every want). Computed
 * in memory from the want edges: the synthetic market of the matching bench (matching.ts), and
 * the bench data set's want graph (matching-seed.ts) when it was built.
 */
import pg from 'pg';
import { buildSyntheticMarket, random, tradeShares } from './matching.js';

export const INSTANCES = 5;
/** The split's seed: the same members land on the same instances on every run. */
const SPLIT_SEED = 37;

/** A want graph: listing i's owner, the listings it wants (ascending), whether it wants b. */
type Graph = {
  owner: ArrayLike<number>;
  out: ReadonlyArray<ArrayLike<number>>;
};

const wantsOf = (graph: Graph, a: number, b: number) => {
  const list = graph.out[a];
  if (!list) return false;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = list[mid] ?? 0;
    if (value === b) return true;
    if (value < b) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
};

/**
 * The share of listings in at least one mutual pair, and in at least one mutual pair or 3-circle
 * (owners pairwise distinct), counting only the wants `keep(a, b)` accepts. Every listing of a
 * circle finds it from its own start, so the search for a listing stops at its first.
 */
export function coverage(graph: Graph, keep: (a: number, b: number) => boolean) {
  const n = graph.owner.length;
  const owner = graph.owner;
  const inPair = new Uint8Array(n);
  const inAny = new Uint8Array(n);
  const none = new Int32Array(0);
  for (let a = 0; a < n; a++) {
    const wanted = graph.out[a] ?? none;
    for (let i = 0; i < wanted.length; i++) {
      const b = wanted[i] ?? 0;
      if (a < b && owner[a] !== owner[b] && keep(a, b) && keep(b, a) && wantsOf(graph, b, a)) {
        inPair[a] = inPair[b] = 1;
        inAny[a] = inAny[b] = 1;
      }
    }
  }
  for (let a = 0; a < n; a++) {
    if (inAny[a]) continue;
    const wanted = graph.out[a] ?? none;
    search: for (let i = 0; i < wanted.length; i++) {
      const b = wanted[i] ?? 0;
      if (owner[a] === owner[b] || !keep(a, b)) continue;
      const next = graph.out[b] ?? none;
      for (let j = 0; j < next.length; j++) {
        const c = next[j] ?? 0;
        if (c === a || owner[c] === owner[a] || owner[c] === owner[b] || !keep(b, c)) continue;
        if (keep(c, a) && wantsOf(graph, c, a)) {
          inAny[a] = inAny[b] = inAny[c] = 1;
          break search;
        }
      }
    }
  }
  const count = (marks: Uint8Array) => marks.reduce((sum, mark) => sum + mark, 0);
  return { inPair: count(inPair) / n, inPairOrCircle: count(inAny) / n };
}

/** Members 0…members-1 dealt at random to INSTANCES instances; each one's instance. */
function dealMembers(members: number): Uint8Array {
  const next = random(SPLIT_SEED);
  return Uint8Array.from({ length: members }, () => Math.floor(next() * INSTANCES));
}

/** Listings per instance, smallest to largest. */
const sizes = (instanceOf: (listing: number) => number, listings: number) => {
  const counts = new Array<number>(INSTANCES).fill(0);
  for (let i = 0; i < listings; i++) counts[instanceOf(i)] = (counts[instanceOf(i)] ?? 0) + 1;
  return counts.sort((x, y) => x - y);
};

export type LiquiditySplit = {
  listings: number;
  members: number;
  edges: number;
  /** Listings per instance after the split, smallest first. */
  instanceListings: number[];
  /** Share of listings in a mutual pair or a 3-circle: each instance alone, then federated. */
  isolated: { inPair: number; inPairOrCircle: number };
  federated: { inPair: number; inPairOrCircle: number };
  /** Share that can trade at once (disjoint, greedy, pairs then circles), as the matching row. */
  canTrade?: { isolated: number; federated: number };
};

/** The matching bench's synthetic market (5,000 members, 20,000 listings), split. */
export function syntheticLiquidity(): LiquiditySplit {
  const market = buildSyntheticMarket({ members: 5_000, listings: 20_000 });
  const instanceOfMember = dealMembers(market.members);
  const instanceOf = (listing: number) => instanceOfMember[market.owner[listing] ?? 0] ?? 0;
  const sameInstance = (a: number, b: number) => instanceOf(a) === instanceOf(b);
  const graph: Graph = {
    owner: market.owner,
    out: market.wants.map((wants) => Int32Array.from(wants.keys()).sort()),
  };
  return {
    listings: market.owner.length,
    members: market.members,
    edges: market.edges,
    instanceListings: sizes(instanceOf, market.owner.length),
    isolated: coverage(graph, sameInstance),
    federated: coverage(graph, () => true),
    canTrade: {
      isolated: tradeShares(market, sameInstance).shareWithCircles,
      federated: tradeShares(market).shareWithCircles,
    },
  };
}

/**
 * The bench data set's want graph (want_edges over matching_listings, as matching-seed.ts built
 * it), its members dealt at random to INSTANCES instances; undefined when no graph was built.
 */
export async function datasetLiquidity(dbUrl: string): Promise<LiquiditySplit | undefined> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const listings = await client.query<[number, string]>({
      text: 'select item_id, user_id from matching_listings order by item_id',
      rowMode: 'array',
    });
    const edges = await client.query<[number, number]>({
      text: 'select distinct from_item_id, to_item_id from want_edges',
      rowMode: 'array',
    });
    if (edges.rows.length === 0) return undefined;
    const index = new Map<number, number>();
    const memberIndex = new Map<string, number>();
    const owner = new Int32Array(listings.rows.length);
    for (const [i, [itemId, userId]] of listings.rows.entries()) {
      index.set(Number(itemId), i);
      let member = memberIndex.get(userId);
      if (member === undefined) {
        member = memberIndex.size;
        memberIndex.set(userId, member);
      }
      owner[i] = member;
    }
    const out: number[][] = Array.from({ length: owner.length }, () => []);
    let kept = 0;
    for (const [from, to] of edges.rows) {
      const a = index.get(Number(from));
      const b = index.get(Number(to));
      if (a === undefined || b === undefined) continue;
      out[a]?.push(b);
      kept++;
    }
    const graph: Graph = { owner, out: out.map((list) => Int32Array.from(list).sort()) };
    const instanceOfMember = dealMembers(memberIndex.size);
    const instanceOf = (listing: number) => instanceOfMember[owner[listing] ?? 0] ?? 0;
    return {
      listings: owner.length,
      members: memberIndex.size,
      edges: kept,
      instanceListings: sizes(instanceOf, owner.length),
      isolated: coverage(graph, (a, b) => instanceOf(a) === instanceOf(b)),
      federated: coverage(graph, () => true),
    };
  } finally {
    await client.end();
  }
}
