/**
 * Small random instances that respect every input rule (nobody wants their own items except
 * their own dummies; dummies want other members' items or their owner's other dummies), for the
 * brute-force comparisons and property tests.
 */
import { type Random, seededRandom } from '../../../../../shared/seeded-random.js';
import type { SolverInput, SolverItem } from '../types.js';

export type RandomInstanceOptions = {
  items: number;
  members: number;
  dummies?: number;
  /** Chance that a given allowed want is present. */
  density?: number;
  seed: number;
};

const pick = <T>(values: readonly T[], random: Random): T | undefined =>
  values[Math.floor(random() * values.length)];

export function randomInstance(options: RandomInstanceOptions): SolverInput {
  const random = seededRandom(options.seed);
  const density = options.density ?? 0.35;
  const owners = Array.from({ length: options.items }, (_, i) =>
    i < options.members
      ? `m${i}`
      : (pick(
          Array.from({ length: options.members }, (_, m) => `m${m}`),
          random,
        ) ?? 'm0'),
  );
  const items: SolverItem[] = owners.map((owner, i) => ({ id: `i${i}`, owner, wants: [] }));
  for (let d = 0; d < (options.dummies ?? 0); d++) {
    const owner = pick(owners, random) ?? 'm0';
    items.push({ id: `%d${d}`, owner, dummy: true, wants: [] });
  }
  return {
    items: items.map((item) => {
      const allowed = items.filter((other) =>
        other.id === item.id
          ? false
          : other.dummy
            ? other.owner === item.owner
            : other.owner !== item.owner,
      );
      const chosen = allowed.filter(() => random() < density);
      for (let k = chosen.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        const swap = chosen[k] as SolverItem;
        chosen[k] = chosen[j] as SolverItem;
        chosen[j] = swap;
      }
      let rank = 0;
      const wants = chosen.map((other) => {
        // Occasional `;`-style jumps in rank.
        rank += random() < 0.2 ? 10 : 1;
        return { item: other.id, rank };
      });
      return { ...item, wants };
    }),
  };
}
