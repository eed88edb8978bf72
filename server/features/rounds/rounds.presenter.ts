import type { Actor } from '../../../shared/policies/decision.js';
import { roundActionsFor, roundPhase } from '../../../shared/policies/rounds.js';
import type { Round, RoundEntry, RoundTrade } from '../../../shared/rounds.js';
import type { Executor } from '../../db/client.js';
import { presentSummary } from '../matching/matching.presenter.js';
import { findSummaries } from '../matching/matching.queries.js';
import { presentPublicUser } from '../users/public-user.js';
import {
  type EntryRow,
  findRoundCounts,
  type RoundRow,
  roundFacts,
  type TradeRow,
} from './rounds.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type OrganiserRow = Parameters<typeof presentPublicUser>[0];
export type Viewer = (Actor & { emailVerifiedAt: Date | null }) | null;

export async function presentRounds(
  db: Executor,
  rows: ReadonlyArray<{ round: RoundRow; organiser: OrganiserRow }>,
  viewer: Viewer,
): Promise<Round[]> {
  const counts = await findRoundCounts(
    db,
    rows.map((row) => row.round.id),
    viewer?.id,
  );
  const now = new Date();
  return rows.map(({ round, organiser }) => {
    const count = counts.get(round.id);
    const facts = roundFacts(round);
    return {
      id: round.id,
      title: round.title,
      description: round.description,
      organiser: presentPublicUser(organiser),
      phase: roundPhase(facts, now),
      entriesCloseAt: round.entriesCloseAt.toISOString(),
      wantsCloseAt: round.wantsCloseAt.toISOString(),
      shippingDeadline: round.shippingDeadline.toISOString(),
      maxLoopLength: round.maxLoopLength,
      joinPolicy: round.joinPolicy,
      hidden: round.hiddenAt !== null,
      seed: round.seed,
      entryCount: count?.entries ?? 0,
      memberCount: count?.members ?? 0,
      createdAt: round.createdAt.toISOString(),
      solvedAt: iso(round.solvedAt),
      closedAt: iso(round.closedAt),
      closedReason: round.closedReason,
      result: round.result ?? null,
      actions: roundActionsFor(viewer, facts, viewer?.emailVerifiedAt != null, now),
      myEntryCount: count?.mine ?? 0,
    };
  });
}

export async function presentEntries(
  db: Executor,
  entries: readonly EntryRow[],
): Promise<RoundEntry[]> {
  const summaries = await findSummaries(
    db,
    entries.map((entry) => entry.itemId),
  );
  return entries.flatMap((entry) => {
    const summary = summaries.get(entry.itemId);
    return summary ? [{ id: entry.id, item: presentSummary(summary) }] : [];
  });
}

export async function presentTrades(
  db: Executor,
  trades: readonly TradeRow[],
): Promise<RoundTrade[]> {
  const summaries = await findSummaries(
    db,
    trades.map((trade) => trade.itemId),
  );
  // Every receiver also gives in the loop: their profile comes with the listing they give.
  const givenIn = new Map(trades.map((trade) => [`${trade.loop}:${trade.giverId}`, trade.itemId]));
  return trades.map((trade) => {
    const summary = summaries.get(trade.itemId);
    if (!summary) throw new Error(`listing ${trade.itemId} of a round trade is missing`);
    const receiverItem = givenIn.get(`${trade.loop}:${trade.receiverId}`);
    const receiverSummary = receiverItem === undefined ? undefined : summaries.get(receiverItem);
    return {
      loop: trade.loop,
      position: trade.position,
      entryId: trade.entryId,
      item: presentSummary(summary),
      giver: presentPublicUser(summary.owner),
      receiver: receiverSummary
        ? presentPublicUser(receiverSummary.owner)
        : presentPublicUser({ ...summary.owner, id: trade.receiverId }),
      forEntryId: trade.forEntryId,
      rank: trade.rank,
      sentAt: iso(trade.sentAt),
      receivedAt: iso(trade.receivedAt),
    };
  });
}
