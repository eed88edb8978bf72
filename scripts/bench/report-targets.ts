/**
 * What the bench's report holds each figure against (the issues' targets), and the mark and
 * number format every section of bench/RESULTS.md writes them with.
 */

/** Issue 19 §1: the hottest reads reach half the static floor at 10 connections. */
export const HOT_READS = ['browse', 'category', 'search-common', 'detail'];

/** Issue #9's targets. */
export const TARGETS = {
  ratioToFloor: 0.6,
  /** Issue 19 §1, for HOT_READS at 10 connections. */
  ratioToStatic: 0.5,
  /** Issue 19 §5: a read's p99 at 1M listings within 2× of its p99 at 100k. */
  p99Growth: 2,
  browseDetailP99Ms: 50,
  searchP99Ms: 100,
  browsePageKB: 25,
  deliveryP95Ms: 250,
  idleRequestsPerMinute: 2,
  homeJsKB: 150,
  homeJsGoalKB: 120,
  /** Issue 19 §4: every route's JavaScript. */
  routeJsKB: 150,
  lighthouseScore: 95,
  lcpMs: 2000,
  cls: 0.05,
  /** Issue 18: with 100,000 alerts, a new listing's alerts are found in ≤ 50 ms. */
  alertsMs: 50,
  /** Issue 37 §5: inbound activities one app server applies a second. */
  inboundPerSecond: 200,
  /** Issue 37 §5: a listing reaching 50 follower instances, p95 from its creation. */
  fanOutP95Ms: 5000,
};

/** A figure's mark against its target. */
export const mark = (ok: boolean) => (ok ? '✅' : '❌');
/** A number as the report writes it (en-GB grouping), with `digits` decimals. */
export const n = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
