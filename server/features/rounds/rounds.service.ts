import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Translator } from '../../../shared/i18n/translator.js';
import type { Actor } from '../../../shared/policies/decision.js';
import {
  canCloseEntries,
  canCloseRound,
  canCreateRound,
  canEnterListing,
  canEnterRound,
  canExportWants,
  canHideRound,
  canImportWants,
  canMarkTrade,
  canRankWants,
  canReadMyTrades,
  canReadMyWants,
  canViewResults,
  canViewRound,
  canWithdrawEntry,
  ENTRY_NOT_FOUND,
  ROUND_NOT_FOUND,
  roundPhase,
} from '../../../shared/policies/rounds.js';
import {
  type CreateRound,
  ROUND_MAX_ENTRIES,
  ROUND_MAX_ENTRIES_PER_MEMBER,
  type WantElement,
} from '../../../shared/rounds.js';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { roundEntries, rounds, roundTrades } from '../../db/schema/rounds.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import type { HandleJobs } from '../../infra/features.js';
import { releaseReservations, reserveItems } from '../items/availability.js';
import { quoted } from '../notifications/notification-words.js';
import { notify } from '../notifications/notify.js';
import {
  findEntries,
  findEntry,
  findRound,
  findTrade,
  type RoundRow,
  roundFacts,
} from './rounds.queries.js';
import { readImportedWants, roundWantList } from './rounds.solve.js';

export const SOLVE_QUEUE = 'rounds.solve';
export const WANTS_OPEN_QUEUE = 'rounds.wants-open';
export const WANTS_CLOSING_QUEUE = 'rounds.wants-closing';

const DAY_MS = 24 * 3600 * 1000;

import { isNewAccount } from '../users/new-accounts.js';
import { announce, roundChanged, roundHolder, roundLink } from './rounds.announce.js';
import { namesOf, runSolveJob, type SolveJob, solveEntries } from './rounds.solving.js';

/** pg_advisory_xact_lock namespace of round creation, per organiser ('RNDS'). */
const ORGANISER_LOCK = 0x524e4453;

/**
 * When to remind participants that want lists close: a day before, or halfway through a wants
 * phase shorter than two days (so the reminder never comes with the phase's opening).
 */
export function wantsReminderAt(entriesCloseAt: Date, wantsCloseAt: Date): Date {
  const phase = wantsCloseAt.getTime() - entriesCloseAt.getTime();
  return new Date(wantsCloseAt.getTime() - Math.min(DAY_MS, phase / 2));
}

type Member = Actor & { emailVerifiedAt: Date | null };
const verified = (actor: Member | null) => actor?.emailVerifiedAt != null;

/** The round as `viewer` may see it (404 when hidden from them). */
export async function loadRound(
  ctx: AppContext,
  viewer: Actor | null,
  id: number,
): Promise<RoundRow> {
  const round = await findRound(ctx.db, id);
  enforce(canViewRound(viewer, round ? roundFacts(round) : undefined));
  if (!round) throw new AppError(404, ROUND_NOT_FOUND);
  return round;
}

const factsOf = (round: RoundRow | undefined) => (round ? roundFacts(round) : undefined);

/**
 * Jobs: want lists open at entries close (a notification), a reminder before they close, the
 * solver runs at wants close. Each checks the phase when it runs: a round closed early, or whose
 * entries the organiser closed early, is told only what is still true.
 */
export function roundJobs(ctx: AppContext, handle: HandleJobs): void {
  handle(SOLVE_QUEUE, (payload) => runSolveJob(ctx, payload as SolveJob));
  handle(WANTS_OPEN_QUEUE, async (payload) => {
    const { roundId } = payload as { roundId: number };
    await transact(ctx.db, async (tx) => {
      const round = await findRound(tx, roundId, { lock: 'share' });
      if (round && roundPhase(roundFacts(round), new Date()) === 'wants')
        await announce(ctx, tx, round, 'open');
    });
  });
  handle(WANTS_CLOSING_QUEUE, async (payload) => {
    const { roundId } = payload as { roundId: number };
    await transact(ctx.db, async (tx) => {
      const round = await findRound(tx, roundId, { lock: 'share' });
      if (round && roundPhase(roundFacts(round), new Date()) === 'wants')
        await announce(ctx, tx, round, 'closing-soon');
    });
  });
}

export async function createRound(
  ctx: AppContext,
  actor: Member,
  input: CreateRound,
): Promise<number> {
  enforce(canCreateRound(actor, verified(actor)));
  await ctx.rateLimiter.consume(
    { key: `rounds:user:${actor.id}`, limit: 10, windowMs: 24 * 60 * 60 * 1000 },
    'You have created a lot of rounds today. Please wait before creating another.',
  );
  return transact(ctx.db, async (tx) => {
    // One organiser's creations one at a time, so that the count below holds when this commits.
    await tx.execute(sql`select pg_advisory_xact_lock(${ORGANISER_LOCK}, hashtext(${actor.id}))`);
    const [{ unfinished } = { unfinished: 0 }] = await tx
      .select({ unfinished: sql<number>`count(*)::int` })
      .from(rounds)
      .where(
        and(
          eq(rounds.organiserId, actor.id),
          inArray(rounds.state, ['open', 'solving']),
          isNull(rounds.hiddenAt),
        ),
      );
    enforce(canCreateRound(actor, verified(actor), unfinished));
    const [created] = await tx
      .insert(rounds)
      .values({
        organiserId: actor.id,
        title: input.title,
        description: input.description,
        entriesCloseAt: input.entriesCloseAt,
        wantsCloseAt: input.wantsCloseAt,
        shippingDeadline: input.shippingDeadline,
        maxLoopLength: input.maxLoopLength,
        joinPolicy: input.joinPolicy,
        seed: randomInt(1, 2 ** 31 - 1),
      })
      .returning({ id: rounds.id });
    if (!created) throw new Error('round insert returned nothing');
    const payload = { roundId: created.id };
    await ctx.jobs.enqueue(tx, WANTS_OPEN_QUEUE, payload, {
      runAt: input.entriesCloseAt,
      dedupeKey: `round:${created.id}:wants-open`,
    });
    await ctx.jobs.enqueue(tx, WANTS_CLOSING_QUEUE, payload, {
      runAt: wantsReminderAt(input.entriesCloseAt, input.wantsCloseAt),
      dedupeKey: `round:${created.id}:wants-closing`,
    });
    await ctx.jobs.enqueue(tx, SOLVE_QUEUE, payload, {
      runAt: input.wantsCloseAt,
      dedupeKey: `round:${created.id}:solve`,
    });
    return created.id;
  });
}

/** A new account (issue 40 §4) enters RATE_LIMIT_ROUND_ENTRIES_PER_DAY_NEW listings a day. */
async function consumeNewAccountEntries(ctx: AppContext, actor: Actor): Promise<void> {
  if (!ctx.config.rateLimits.enabled || !(await isNewAccount(ctx, actor))) return;
  await ctx.rateLimiter.consume(
    {
      key: `round-entries:user:${actor.id}`,
      limit: ctx.config.rateLimits.roundEntriesPerDayNew,
      windowMs: 24 * 60 * 60 * 1000,
    },
    'New accounts enter a few listings a day in rounds. Please wait before entering more.',
  );
}

/**
 * Enters one of the actor's listings: it must be free, and is held for the round.
 * `organiserSetsWants`: the organiser's import may set its wants even after the actor did.
 */
export async function addEntry(
  ctx: AppContext,
  actor: Member,
  roundId: number,
  itemId: number,
  options: { organiserSetsWants?: boolean } = {},
): Promise<number> {
  const seen = await findRound(ctx.db, roundId);
  enforce(canEnterRound(actor, factsOf(seen), verified(actor), new Date()));
  if (!options.organiserSetsWants) await consumeNewAccountEntries(ctx, actor);
  try {
    return await transact(ctx.db, async (tx) => {
      // Round operations lock the round's row before its listings (solving and closing too).
      const round = await findRound(tx, roundId, { lock: 'share' });
      enforce(canEnterRound(actor, factsOf(round), verified(actor), new Date()));
      // Locked (after the round, as every round operation does): its mode cannot change before
      // the reservation below holds it.
      const [item] = await tx
        .select({ userId: items.userId, mode: items.mode, title: items.title })
        .from(items)
        .where(eq(items.id, itemId))
        .for('update');
      if (!item) throw new AppError(404, 'Item not found');
      enforce(canEnterListing(actor, item));
      await reserveItems(tx, [itemId], roundHolder(roundId));
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(roundEntries)
        .where(and(eq(roundEntries.roundId, roundId), eq(roundEntries.userId, actor.id)));
      if (count >= ROUND_MAX_ENTRIES_PER_MEMBER)
        throw new AppError(409, `A member enters at most ${ROUND_MAX_ENTRIES_PER_MEMBER} listings`);
      const [{ total } = { total: 0 }] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(roundEntries)
        .where(eq(roundEntries.roundId, roundId));
      if (total >= ROUND_MAX_ENTRIES)
        throw new AppError(
          409,
          `This round is full: it takes at most ${ROUND_MAX_ENTRIES} entries`,
        );
      const [entry] = await tx
        .insert(roundEntries)
        .values({
          roundId,
          itemId,
          userId: actor.id,
          organiserSetsWants: options.organiserSetsWants ?? false,
        })
        .returning({ id: roundEntries.id });
      if (!entry) throw new Error('entry insert returned nothing');
      await roundChanged(ctx, tx, roundId);
      return entry.id;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'round_entries_round_item_idx')
      throw new AppError(409, 'This listing is already entered in the round');
    throw error;
  }
}

/** Withdraws an entry while entries are open: its listing is free again. */
export async function removeEntry(
  ctx: AppContext,
  actor: Actor,
  roundId: number,
  entryId: number,
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'share' });
    const entry = round ? await findEntry(tx, roundId, entryId) : undefined;
    enforce(canWithdrawEntry(actor, factsOf(round), entry, new Date()));
    if (!entry) throw new AppError(404, ENTRY_NOT_FOUND);
    await tx.delete(roundEntries).where(eq(roundEntries.id, entryId));
    await tx
      .update(items)
      .set({ reservedBy: null })
      .where(and(eq(items.id, entry.itemId), eq(items.reservedBy, roundHolder(roundId))));
    await roundChanged(ctx, tx, roundId);
  });
}

/** The actor's want lists, one per entry of theirs. */
export async function myWants(ctx: AppContext, actor: Actor, roundId: number) {
  const round = await findRound(ctx.db, roundId);
  enforce(canReadMyWants(actor, factsOf(round)));
  const rows = await ctx.db
    .select({ entryId: roundEntries.id, wants: roundEntries.wants })
    .from(roundEntries)
    .where(and(eq(roundEntries.roundId, roundId), eq(roundEntries.userId, actor.id)))
    .orderBy(roundEntries.id);
  return { entries: rows };
}

/** Replaces one entry's want list: other members' entries of this round, each once. */
export async function setWants(
  ctx: AppContext,
  actor: Actor,
  roundId: number,
  entryId: number,
  wants: WantElement[],
): Promise<{ entryId: number; wants: WantElement[] }> {
  return transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'share' });
    const entry = round ? await findEntry(tx, roundId, entryId) : undefined;
    enforce(canRankWants(actor, factsOf(round), entry, new Date()));
    const ids = wants.flatMap((w) => (Array.isArray(w) ? w : [w]));
    if (new Set(ids).size !== ids.length)
      throw new AppError(400, 'A want list names each entry once');
    if (ids.length > 0) {
      const found = await tx
        .select({ id: roundEntries.id, userId: roundEntries.userId })
        .from(roundEntries)
        .where(and(eq(roundEntries.roundId, roundId), inArray(roundEntries.id, ids)));
      if (found.length !== ids.length)
        throw new AppError(400, 'Your wants can only name entries of this round');
      if (found.some((row) => row.userId === actor.id))
        throw new AppError(400, 'Your wants cannot name your own entries');
    }
    // Set by its owner: an organiser's import leaves it unless they allowed it.
    await tx
      .update(roundEntries)
      .set({ wants, wantsSetAt: sql`now()` })
      .where(eq(roundEntries.id, entryId));
    return { entryId, wants };
  });
}

/** The organiser's or an admin's moves: close entries now, close the round, hide it. */
export async function updateRound(
  ctx: AppContext,
  actor: Actor,
  roundId: number,
  move: { action: 'close-entries' } | { action: 'close'; reason?: string } | { action: 'hide' },
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'update' });
    const now = new Date();
    const facts = factsOf(round);
    if (move.action === 'close-entries') enforce(canCloseEntries(actor, facts, now));
    else if (move.action === 'close') enforce(canCloseRound(actor, facts));
    else enforce(canHideRound(actor, facts));
    if (!round) throw new AppError(404, ROUND_NOT_FOUND);

    if (move.action === 'close-entries') {
      await tx
        .update(rounds)
        .set({ entriesCloseAt: now, updatedAt: now })
        .where(eq(rounds.id, roundId));
      await announce(ctx, tx, round, 'open');
      await roundChanged(ctx, tx, roundId);
      return;
    }
    await releaseReservations(tx, roundHolder(roundId));
    await tx
      .update(rounds)
      .set({
        state: 'closed',
        closedAt: round.closedAt ?? now,
        closedReason:
          round.closedReason ??
          (move.action === 'close'
            ? move.reason || 'Closed by the organiser'
            : 'Hidden by an admin'),
        ...(move.action === 'hide' ? { hiddenAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(rounds.id, roundId));
    if (round.state !== 'closed') await announce(ctx, tx, round, 'ended');
    await roundChanged(ctx, tx, roundId);
  });
}

export async function myTrades(ctx: AppContext, actor: Actor, roundId: number) {
  const round = await findRound(ctx.db, roundId);
  enforce(canReadMyTrades(actor, factsOf(round), round?.solvedAt != null));
  return round as RoundRow;
}

export async function requireResults(ctx: AppContext, viewer: Actor | null, roundId: number) {
  const round = await findRound(ctx.db, roundId);
  enforce(canViewResults(viewer, factsOf(round), round?.solvedAt != null));
  return round as RoundRow;
}

/** The sender marks their leg sent, the receiver marks it received. */
export async function markTrade(
  ctx: AppContext,
  actor: Actor,
  roundId: number,
  entryId: number,
  mark: 'sent' | 'received',
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'share' });
    const trade = round ? await findTrade(tx, roundId, entryId, { lock: true }) : undefined;
    enforce(canMarkTrade(actor, factsOf(round), trade, mark, new Date()));
    await tx
      .update(roundTrades)
      .set(mark === 'sent' ? { sentAt: sql`now()` } : { receivedAt: sql`now()` })
      .where(and(eq(roundTrades.roundId, roundId), eq(roundTrades.entryId, entryId)));
    await roundChanged(ctx, tx, roundId);
  });
}

/** The round's want list in TradeMaximizer's format: as solved, or as it stands now. */
export async function exportWantList(ctx: AppContext, actor: Actor, roundId: number) {
  const round = await findRound(ctx.db, roundId);
  enforce(canExportWants(actor, factsOf(round)));
  if (!round) throw new AppError(404, ROUND_NOT_FOUND);
  if (round.solvedWantList) return round.solvedWantList;
  const entries = await solveEntries(ctx.db, round);
  return roundWantList(round, entries, await namesOf(ctx.db, entries));
}

/**
 * Replaces the want lists of the entries the file names (moving a forum round here), except
 * those whose owner set theirs in the app and did not let the organiser set them (issue 36 §5):
 * those are counted in `keptByOwner`. Each member whose list the import changed is notified.
 */
export async function importWantList(
  ctx: AppContext,
  actor: Actor,
  roundId: number,
  text: string,
): Promise<{ updated: number; keptByOwner: number; warnings: string[] }> {
  return transact(ctx.db, async (tx) => {
    const round = await findRound(tx, roundId, { lock: 'share' });
    enforce(canImportWants(actor, factsOf(round), new Date()));
    if (!round) throw new AppError(404, ROUND_NOT_FOUND);
    const entries = await findEntries(tx, roundId);
    const { wants, warnings } = readImportedWants(text, entries, await namesOf(tx, entries));
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    let updated = 0;
    let keptByOwner = 0;
    const changedFor = new Map<string, number>();
    for (const [entryId, list] of wants) {
      const entry = byId.get(entryId);
      if (!entry) continue;
      if (entry.wantsSetAt !== null && !entry.organiserSetsWants) {
        keptByOwner += 1;
        continue;
      }
      updated += 1;
      if (JSON.stringify(entry.wants) === JSON.stringify(list)) continue;
      await tx.update(roundEntries).set({ wants: list }).where(eq(roundEntries.id, entryId));
      changedFor.set(entry.userId, (changedFor.get(entry.userId) ?? 0) + 1);
    }
    await notify(
      ctx,
      tx,
      [...changedFor]
        .filter(([userId]) => userId !== actor.id)
        .map(([userId, count]) => ({
          recipientId: userId,
          type: 'round' as const,
          text: (t: Translator) =>
            t._('notify.round.wantsImported', { title: quoted(t, round.title), count }),
          link: roundLink(roundId),
          subjectKey: `round:${roundId}:wants-imported`,
          actorId: actor.id,
        })),
    );
    if (changedFor.size > 0) await roundChanged(ctx, tx, roundId);
    return { updated, keptByOwner, warnings: warnings.slice(0, 500) };
  });
}
