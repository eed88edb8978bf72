/**
 * Everything a result must satisfy whatever the objective: legs are wants, items trade at most
 * once, loops close, totals agree with the loops. Returns the broken rules (empty when sound).
 */
import type { Priorities, SolverInput, SolverResult } from '../types.js';

export function resultProblems(
  input: SolverInput,
  result: SolverResult,
  options: { maxCycle?: number; priorities?: Priorities } = {},
): string[] {
  const problems: string[] = [];
  const byId = new Map(input.items.map((item) => [item.id, item]));
  const rankOf = (from: string, to: string) =>
    byId.get(from)?.wants.find((w) => w.item === to)?.rank;
  const used = new Set<string>();
  const use = (id: string) => {
    if (used.has(id)) problems.push(`${id} is used twice`);
    used.add(id);
  };
  let items = 0;
  let totalRank = 0;
  let totalCost = 0;
  const members = new Set<string>();
  result.loops.forEach((loop, l) => {
    const { legs } = loop;
    if (legs.length < 2) problems.push(`loop ${l} has ${legs.length} legs`);
    if (options.maxCycle !== undefined && legs.length > options.maxCycle)
      problems.push(`loop ${l} has ${legs.length} items, over the cap`);
    if (result.totals.loopSizes[l] !== legs.length) problems.push(`loop ${l} size is misreported`);
    legs.forEach((leg, k) => {
      const item = byId.get(leg.item);
      const forItem = byId.get(leg.forItem);
      if (!item || item.dummy) problems.push(`leg gives ${leg.item}, not a real item`);
      if (!forItem || forItem.dummy) problems.push(`leg is for ${leg.forItem}, not a real item`);
      if (item?.owner !== leg.giver) problems.push(`${leg.giver} does not own ${leg.item}`);
      if (forItem?.owner !== leg.receiver)
        problems.push(`${leg.receiver} does not own ${leg.forItem}`);
      const chain = [leg.forItem, ...leg.via, leg.item];
      for (let s = 0; s + 1 < chain.length; s++) {
        if (rankOf(chain[s] ?? '', chain[s + 1] ?? '') === undefined)
          problems.push(`${chain[s]} does not want ${chain[s + 1]}`);
      }
      for (const d of leg.via) {
        const dummy = byId.get(d);
        if (!dummy?.dummy || dummy.owner !== leg.receiver)
          problems.push(`${d} is not ${leg.receiver}'s dummy`);
        use(d);
      }
      const rank = rankOf(leg.forItem, chain[1] ?? '');
      if (rank !== leg.rank)
        problems.push(`leg ${leg.forItem} → ${leg.item} has rank ${leg.rank}, not ${rank}`);
      const next = legs[(k + 1) % legs.length];
      if (next?.item !== leg.forItem) problems.push(`loop ${l} does not chain at leg ${k}`);
      use(leg.item);
      items++;
      totalRank += leg.rank;
      const p = options.priorities ?? 'linear';
      totalCost +=
        p === 'triangle'
          ? (leg.rank * (leg.rank + 1)) / 2
          : p === 'square'
            ? leg.rank ** 2
            : leg.rank;
      members.add(leg.giver);
    });
  });
  const { totals } = result;
  if (totals.itemsTraded !== items) problems.push(`itemsTraded ${totals.itemsTraded} ≠ ${items}`);
  if (totals.membersTrading !== members.size)
    problems.push(`membersTrading ${totals.membersTrading} ≠ ${members.size}`);
  if (totals.totalRank !== totalRank) problems.push(`totalRank ${totals.totalRank} ≠ ${totalRank}`);
  if (totals.totalCost !== totalCost) problems.push(`totalCost ${totals.totalCost} ≠ ${totalCost}`);
  const expectedNotTraded = input.items.filter((i) => !i.dummy && !used.has(i.id)).map((i) => i.id);
  if (JSON.stringify(expectedNotTraded) !== JSON.stringify(result.notTraded))
    problems.push('notTraded is not the untraded real items in input order');
  return problems;
}
