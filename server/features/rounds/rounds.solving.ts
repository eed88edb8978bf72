import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canSolveRound } from '../../../shared/policies/rounds.js';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { roundEntries, rounds, roundTrades } from '../../db/schema/rounds.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { enforce } from '../../errors.js';
import { closeOpenOffers, releaseReservations } from '../items/availability.js';
import { listingsChanged } from '../items/listing-changes.js';
import { onTheMarket } from '../items/on-market.js';
import { findEntries, findRound, type RoundRow, roundFacts } from './rounds.queries.js';
import { roundWantList, type SolveEntry, usernames } from './rounds.solve.js';
import { killGraceMs, solveInWorker, type ThreadSolution } from './solve-worker.js';

export const SOLVE_QUEUE = 'rounds.solve';
export const WANTS_OPEN_QUEUE = 'rounds.wants-open';
export const WANTS_CLOSING_QUEUE = 'rounds.wants-closing';

const _DAY_MS = 24 * 3600 * 1000;

import { announce, roundChanged, roundHolder } from './rounds.announce.js';

const factsOf = (round: RoundRow | undefined) => (round ? roundFacts(round) : undefined);

/** Entries in solving order, with whether each listing can still trade. */
export async function solveEntries(db: Executor, round: RoundRow): Promise<SolveEntry[]> {
  const rows = await db
    .select({
      id: roundEntries.id,
      userId: roundEntries.userId,
      wants: roundEntries.wants,
      title: items.title,
      eligible: sql<boolean>`${onTheMarket()} and ${items.reservedBy} = ${roundHolder(round.id)}`,
    })
    .from(roundEntries)
    .innerJoin(items, eq(items.id, roundEntries.itemId))
    .where(eq(roundEntries.roundId, round.id))
    .orderBy(roundEntries.id);
  return rows.map((row) => ({ ...row, eligible: row.eligible === true }));
}

export async function namesOf(db: Executor, entries: ReadonlyArray<{ userId: string }>) {
  const ids = [...new Set(entries.map((e) => e.userId))];
  const rows = ids.length
    ? await db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return usernames(entries, new Map(rows.map((row) => [row.id, row.nickname])));
}

export type SolveJob = { roundId: number; claim?: string };

/** A solve's inputs, read in the claim's transaction. */
type SolveStart = { round: RoundRow; claim: Date; wantList: string; names: Map<string, string> };

/** Times a solve is started again when its entries changed while it ran (a listing withdrawn). */
const SOLVE_ATTEMPTS = 3;

/**
 * A round whose claim is older than this has lost its solver (its app server died mid-solve):
 * past the thread's kill deadline (solve-worker.ts) and a margin, any solve job takes it over.
 */
const abandonedAfterMs = (budgetMs: number) => budgetMs + killGraceMs(budgetMs) + 10_000;

/** Marks the round claimed by a solver: 'solving', with `updatedAt` = the claim. */
async function claimRound(tx: Transaction, roundId: number, now: Date): Promise<Date> {
  await tx.update(rounds).set({ state: 'solving', updatedAt: now }).where(eq(rounds.id, roundId));
  return now;
}

/**
 * "Solve now" (the organiser or an admin): claims the round for solving and queues the solve,
 * in one short transaction, and returns at once. From the claim on the round is in its solving
 * phase for everyone (entries, want lists and imports are refused), and a second "solve now"
 * is refused; the results come through the round's live event when the solver is done.
 */
export async function requestSolve(ctx: AppContext, actor: Actor, roundId: number): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'update' });
    const now = new Date();
    enforce(canSolveRound(actor, factsOf(round), now));
    const claim = await claimRound(tx, roundId, now);
    const job: SolveJob = { roundId, claim: claim.toISOString() };
    await ctx.jobs.enqueue(tx, SOLVE_QUEUE, job);
    await roundChanged(ctx, tx, roundId);
  });
}

/**
 * The solve job: the round's own, scheduled at its wants deadline (no claim: it claims an open
 * round that is due), or queued by "solve now" (with its claim). Three steps, no transaction or
 * lock held while the solver runs:
 *   1. claim (or resume) and read the entries, in one short transaction under the round's lock;
 *   2. solve in a worker thread, within the round solver's budget;
 *   3. store the answer in one short transaction, only if the round is still solving under the
 *      same claim (closed or hidden meanwhile: dropped) and its entries still give the same
 *      want list (a listing left the market: solved again).
 * The store's check is what makes a round solved once, whichever servers and jobs race: the
 * scheduled job and a "solve now", two servers, or a job retried after its server died.
 */
export async function runSolveJob(ctx: AppContext, job: SolveJob): Promise<void> {
  const start = await transact(ctx.db, async (tx): Promise<SolveStart | null> => {
    const round = await findRound(tx, job.roundId, { lock: 'update' });
    if (!round) return null;
    const now = new Date();
    let claim: Date;
    if (round.state === 'open') {
      // The scheduled job: only a round still visible and past its wants deadline.
      if (job.claim || round.hiddenAt || now < round.wantsCloseAt) return null;
      claim = await claimRound(tx, round.id, now);
      await roundChanged(ctx, tx, round.id);
    } else if (round.state === 'solving') {
      if (job.claim !== undefined && round.updatedAt.getTime() === Date.parse(job.claim)) {
        claim = round.updatedAt;
      } else if (
        now.getTime() - round.updatedAt.getTime() >
        abandonedAfterMs(ctx.config.roundSolveMs)
      ) {
        claim = await claimRound(tx, round.id, now);
      } else {
        // Another job has it: this one is retried later, by when that one has finished (and
        // this finds the round solved) or has been abandoned (and this takes it over).
        throw new Error(`Round ${round.id} is being solved by another job`);
      }
    } else return null;
    const entries = await solveEntries(tx, round);
    const names = await namesOf(tx, entries);
    return { round, claim, wantList: roundWantList(round, entries, names), names };
  });
  if (!start) return;

  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    const solution = await solveInWorker({
      text: start.wantList,
      names: [...start.names],
      options: {
        seed: start.round.seed,
        maxLoopLength: start.round.maxLoopLength,
        timeLimitMs: ctx.config.roundSolveMs,
      },
    });
    ctx.log.info(
      { roundId: start.round.id, ms: Math.round(performance.now() - started), ...solution.result },
      'Round solved',
    );
    const stored = await storeSolution(ctx, start, solution);
    if (stored !== 'changed') return;
    if (attempt >= SOLVE_ATTEMPTS)
      throw new Error(`Round ${start.round.id}: its entries kept changing while it was solved`);
    // A listing changed while the solver ran: solve what the round holds now, same claim.
    const entries = await solveEntries(ctx.db, start.round);
    start.names = await namesOf(ctx.db, entries);
    start.wantList = roundWantList(start.round, entries, start.names);
  }
}

/**
 * Stores a solve (step 3 above): the trades, every `round:ID` reservation released, traded
 * listings off the market (their open offers closed), the figures, file and report on the round.
 */
async function storeSolution(
  ctx: AppContext,
  start: SolveStart,
  solution: ThreadSolution,
): Promise<'stored' | 'gone' | 'changed'> {
  const roundId = start.round.id;
  return transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'update' });
    if (round?.state !== 'solving' || round.updatedAt.getTime() !== start.claim.getTime())
      return 'gone';
    const entries = await solveEntries(tx, round);
    if (roundWantList(round, entries, await namesOf(tx, entries)) !== start.wantList)
      return 'changed';
    const entryById = new Map((await findEntries(tx, roundId)).map((entry) => [entry.id, entry]));
    const itemOf = (entryId: number) => {
      const entry = entryById.get(entryId);
      if (!entry) throw new Error(`entry ${entryId} of round ${roundId} is missing`);
      return entry.itemId;
    };
    if (solution.legs.length > 0) {
      await tx
        .insert(roundTrades)
        .values(solution.legs.map((leg) => ({ ...leg, roundId, itemId: itemOf(leg.entryId) })));
    }
    const traded = solution.legs.map((leg) => itemOf(leg.entryId));
    await releaseReservations(tx, roundHolder(roundId));
    if (traded.length > 0) {
      await tx
        .update(items)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(inArray(items.id, traded));
      const given = solution.legs.map((leg) => ({ id: itemOf(leg.entryId), userId: leg.giverId }));
      await listingsChanged(ctx, tx, 'deactivated', given);
      await closeOpenOffers(ctx, tx, traded, { reason: 'This item was traded in a swap round' });
    }
    const now = new Date();
    await tx
      .update(rounds)
      .set({
        state: 'solved',
        solvedAt: now,
        result: solution.result,
        solvedWantList: start.wantList,
        report: solution.report,
        updatedAt: now,
      })
      .where(eq(rounds.id, roundId));
    await announce(ctx, tx, round, 'results');
    await roundChanged(ctx, tx, roundId);
    return 'stored';
  });
}
