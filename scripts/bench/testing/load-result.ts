import type { LoadResult } from '../load.js';

/** A load run's figures for the report tests: `rps` requests a second, p99 of `p99` ms. */
export const load = (rps: number, p99: number): LoadResult => ({
  rps,
  p50: 1,
  p99,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
});
