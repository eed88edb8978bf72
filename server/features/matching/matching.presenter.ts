import { thumbnailOf } from '../../../shared/item-display.js';
import type { ListingSummary, Matches } from '../../../shared/matching.js';
import { presentPublicUser } from '../users/public-user.js';
import type { MatchRows, SummaryRow } from './matching.queries.js';

/** A listing as match and circle cards show it. */
export function presentSummary(row: SummaryRow): ListingSummary {
  return {
    id: row.id,
    title: row.title,
    thumbnail: row.firstImage ? thumbnailOf(row.firstImage) : null,
    mode: row.mode,
    owner: presentPublicUser(row.owner),
  };
}

/**
 * GET /api/matches. A listing whose summary is missing (deleted between the two reads) drops
 * the entry that names it.
 */
export function presentMatches(rows: MatchRows): Matches {
  const summary = (id: number) => {
    const row = rows.summaries.get(id);
    return row ? presentSummary(row) : undefined;
  };
  const wanted: Matches['wanted'] = [];
  for (const w of rows.wanted) {
    const theirs = summary(w.theirs);
    const mine = summary(w.mine);
    if (theirs && mine) wanted.push({ ...theirs, source: w.source, mine });
  }
  const mutual: Matches['mutual'] = [];
  for (const m of rows.mutual) {
    const mine = summary(m.mine);
    const theirs = summary(m.theirs);
    if (mine && theirs) mutual.push({ mine, theirs });
  }
  const circles: Matches['circles'] = [];
  for (const c of rows.circles) {
    const items = c.itemIds.map(summary);
    if (items.every((item): item is ListingSummary => item !== undefined)) {
      circles.push({
        itemIds: c.itemIds,
        items,
        members: items.map((item) => item.owner),
        proposal: c.proposal ?? null,
      });
    }
  }
  return { wanted, mutual, circles };
}
