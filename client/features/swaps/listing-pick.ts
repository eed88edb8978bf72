import { OFFER_SIDE_MAX } from '../../../shared/swap-display';

export { OFFER_SIDE_MAX };

/**
 * `ids` with `id` added (at the end, unless `max` are already chosen) or taken out: the choices of
 * one side of an offer, in the order the member made them.
 */
export function togglePick(ids: readonly number[], id: number, max: number): number[] {
  if (ids.includes(id)) return ids.filter((other) => other !== id);
  return ids.length >= max ? [...ids] : [...ids, id];
}

/**
 * The ids of `wanted` that are among `available` (listings that may still be named), in the order
 * of `wanted`, each once, at most `max`: a preselection (a match, the offer being countered)
 * whose listings may since have been reserved or unlisted.
 */
export function pickFrom(
  wanted: readonly number[],
  available: ReadonlyArray<{ id: number }>,
  max: number,
): number[] {
  const there = new Set(available.map((listing) => listing.id));
  return [...new Set(wanted)].filter((id) => there.has(id)).slice(0, max);
}

/** Listing ids of a query parameter such as `offered=3,5` (anything not an id is skipped). */
export function idsParam(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
