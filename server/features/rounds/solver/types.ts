/**
 * The solver's contract. An item's wants are the items its owner would accept in exchange for it,
 * best first; an edge i → j reads "the owner of i would give i to get j".
 */

export type RankedWant = {
  item: string;
  /**
   * Positive integer; lower is better. Ranks need not be consecutive: TradeMaximizer's `;` jumps
   * and explicit priorities become gaps. A dummy item's own wants are unranked in
   * TradeMaximizer, so their ranks are kept but never counted.
   */
  rank: number;
};

export type SolverItem = {
  /** Unique among all items, dummies included. */
  id: string;
  /** The member who owns (and would send) the item. */
  owner: string;
  /**
   * TradeMaximizer's `%name` item: "I give one of these, whichever". Never counted as traded and
   * merged away in the result; only its owner's items may want it.
   */
  dummy?: boolean;
  wants: readonly RankedWant[];
};

export type SolverInput = { items: readonly SolverItem[] };

/** How a want's rank turns into the cost that objective 3 minimises (TradeMaximizer's schemes). */
export type Priorities = 'linear' | 'triangle' | 'square';

export type SolverOptions = {
  /** Longest loop allowed, counted in real items (dummies are free). Absent: no cap. */
  maxCycle?: number;
  /** Permutes tie-breaking reproducibly; absent or 0 keeps input order. */
  seed?: number;
  /** Wall-clock budget for proving optimality; the best answer so far is returned with its gap. */
  timeLimitMs?: number;
  priorities?: Priorities;
  /**
   * Tuning: how long the member search may run before integer programs take over the proof
   * (default 400 ms of CPU time, not wall time: a loaded machine must not starve it). Tests set 0
   * to exercise the programs on small instances.
   */
  memberSearchMs?: number;
  /**
   * With a cap: how many paths the loop enumeration may walk before it stops (the answer is then
   * not proven). Default DEFAULT_MAX_PATHS (solve.ts).
   */
  maxPaths?: number;
};

/**
 * One hand-over: `giver` sends `item` to `receiver`, who gets it in exchange for `forItem`
 * (the receiver's own item whose want list holds `item`, at `rank`). `via` lists the receiver's
 * dummy items the want went through, in order (`forItem` → via… → item).
 */
export type TradeLeg = {
  giver: string;
  item: string;
  receiver: string;
  forItem: string;
  rank: number;
  via: string[];
};

/** Legs in order: each leg's receiver is the next leg's giver, the last leg closes the loop. */
export type TradeLoop = { legs: TradeLeg[] };

export type Objective = {
  itemsTraded: number;
  membersTrading: number;
  /** Sum of the traded legs' costs (their ranks under linear priorities). */
  totalCost: number;
};

export type Gap = { objective: keyof Objective; absolute: number; percent: number };

export type SolverResult = {
  loops: TradeLoop[];
  totals: Objective & {
    totalRank: number;
    /** Real items in each loop, in loop order. */
    loopSizes: number[];
    realItems: number;
    members: number;
  };
  /** True when the answer is proven best on all three objectives, in order. */
  optimal: boolean;
  /**
   * The best objective any answer could reach, as far as the search proved: equal to the totals
   * when optimal. Lexicographic: a better bound on an earlier objective makes later ones moot.
   */
  bound: Objective;
  /**
   * How far the answer may still be from the best, on the first objective where it falls short of
   * the bound: the distance, and the distance as a percentage of the bound (items, members) or of
   * the answer's cost. Null when the answer reaches the bound (optimal).
   */
  gap: Gap | null;
  elapsedMs: number;
  /** Real items that do not trade, in input order. */
  notTraded: string[];
  method: 'assignment' | 'cycle-ilp';
  stats: Record<string, number>;
};
