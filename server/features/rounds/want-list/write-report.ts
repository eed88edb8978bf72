/**
 * The result in TradeMaximizer's report layout, which organisers paste into forum threads:
 * TRADE LOOPS (one line per hand-over, "(A) X receives (B) Y": A sends X and gets B's Y), ITEM
 * SUMMARY (sorted, with items that do not trade unless HIDE-NONTRADES), then the statistics.
 * Added lines say how many members trade and whether the answer is proven optimal.
 */
import { gapOf } from '../solver/build-result.js';
import type { SolverResult } from '../solver/types.js';
import type { ParsedWantList } from './parse-want-list.js';

export type ReportOptions = { maxCycle?: number };

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export function writeReport(
  parsed: ParsedWantList,
  result: SolverResult,
  reportOptions: ReportOptions = {},
): string {
  const { options, users, officialNames } = parsed;
  const out: string[] = ['SwapMarket trade solver (TradeMaximizer want lists and report)'];
  if (options.declared.length > 0) out.push(`Options: ${options.declared.join(' ')}`);
  out.push('');

  if (options.showMissing && parsed.missing.length > 0) {
    for (const name of parsed.missing) out.push(`**** Missing want list for official name ${name}`);
    out.push('');
  }
  const problems = [
    ...parsed.errors.map((e) =>
      e.line > 0 ? `**** Line ${e.line}: ${e.message} (line skipped)` : `**** ${e.message}`,
    ),
    ...parsed.warnings,
  ].sort();
  if (!options.hideErrors && problems.length > 0) out.push('ERRORS:', ...problems, '');

  const show = (item: string) => {
    const user = users.get(item) ?? null;
    if (user === null) return item;
    return options.sortByItem ? `${item} (${user})` : `(${user}) ${item}`;
  };
  const realItems = parsed.input.items.filter((item) => !item.dummy);
  const width = Math.max(1, ...realItems.map((item) => show(item.id).length));
  const pad = (text: string) => text.padEnd(width);
  const nameOf = (item: string) => {
    const official = officialNames?.get(item);
    return official ? (official.name ?? official.description) : '';
  };

  const { totals } = result;
  const traded = totals.itemsTraded;
  if (!options.hideLoops) {
    out.push(`TRADE LOOPS (${traded} total trades):`, '');
    for (const loop of result.loops) {
      // Legs run giver to receiver; TradeMaximizer lists each loop receiver-first.
      for (const leg of [...loop.legs].reverse()) {
        const name = nameOf(leg.item);
        const line = `${pad(show(leg.forItem))} receives ${show(leg.item)}`;
        out.push(
          name ? `${pad(show(leg.forItem))} receives ${pad(show(leg.item))}  "${name}"` : line,
        );
      }
      out.push('');
    }
  }

  if (!options.hideSummary) {
    const summary: string[] = [];
    const receives = new Map<string, string>();
    const sendsTo = new Map<string, string>();
    for (const leg of result.loops.flatMap((l) => l.legs)) {
      receives.set(leg.forItem, leg.item);
      sendsTo.set(leg.item, leg.forItem);
    }
    for (const item of realItems) {
      const got = receives.get(item.id);
      if (got !== undefined) {
        summary.push(
          `${pad(show(item.id))} receives ${pad(show(got))} and sends to ${show(sendsTo.get(item.id) ?? '')}`,
        );
      } else if (!options.hideNonTrades) {
        summary.push(`${pad(show(item.id))}             does not trade`);
      }
    }
    summary.sort();
    out.push(`ITEM SUMMARY (${traded} total trades):`, '', ...summary, '');
  }

  const items = totals.realItems;
  out.push(
    `Num trades   = ${traded} of ${items} items${items === 0 ? '' : ` (${percent(traded, items)})`}`,
  );
  if (!options.hideStats) {
    const sizes = [...totals.loopSizes].sort((a, b) => b - a);
    out.push(
      `Total cost   = ${totals.totalCost}${traded === 0 ? '' : ` (avg ${(totals.totalCost / traded).toFixed(2)})`}`,
      `Num groups   = ${sizes.length}`,
      `Group sizes  =${sizes.map((s) => ` ${s}`).join('')}`,
      `Sum squares  = ${sizes.reduce((sum, s) => sum + s * s, 0)}`,
    );
  }
  out.push(
    `Num members  = ${totals.membersTrading} of ${totals.members} members trading${totals.members === 0 ? '' : ` (${percent(totals.membersTrading, totals.members)})`}`,
  );
  if (reportOptions.maxCycle !== undefined)
    out.push(`Max loop     = ${reportOptions.maxCycle} items (dummies not counted)`);
  out.push(`Optimal      = ${optimality(result)}`);
  if (options.showElapsedTime) out.push(`Elapsed time = ${result.elapsedMs}ms`);
  return `${out.join('\n')}\n`;
}

function optimality(result: SolverResult): string {
  if (result.optimal) return 'yes (most items, then most members trading, then lowest cost)';
  const { bound, totals } = result;
  const stopped = 'not proven (time limit)';
  // The distance to the bound on the first objective still open (decision 006: the answer is
  // shown with its gap, "optimal" only when proven).
  const gap = gapOf(totals, bound);
  const size = gap ? ` (gap ${gap.absolute}, ${gap.percent} %)` : '';
  if (gap?.objective === 'itemsTraded')
    return `${stopped}: at most ${bound.itemsTraded} items could trade${size}`;
  if (gap?.objective === 'membersTrading')
    return `${stopped}: items optimal; at most ${bound.membersTrading} members could trade${size}`;
  return `${stopped}: items and members optimal; cost at least ${bound.totalCost}${size}`;
}
