import type { AlertsResult } from './alerts.js';
import { mark, n, TARGETS } from './report-targets.js';

export const ALERTS_HEADING = '## Want alerts';

/** The want-alert section: how long a new listing takes to find its alerts among 100,000. */
export function renderAlerts(a: AlertsResult, date: string): string {
  const ok = a.p95 <= TARGETS.alertsMs;
  const planTop = a.plan
    .filter((line) => /Index Scan|Seq Scan|Bitmap/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, '').trim());
  return [
    ALERTS_HEADING,
    '',
    `Measured on ${date.slice(0, 10)} (\`BENCH_ONLY=alerts npm run bench\` runs this part alone). ${n(a.alerts)} saved searches (a thing, a kind of thing or the start of a word; a third in a category, ${n(a.withPlace)} around a town with a 10–50 km radius, 5 % paused), seeded in SQL and checked against the app's own compiler on ${a.sampleChecked} of them. For ${a.probes} listings of the data set in turn, the app's query (\`findAlertsForListing\`: GIN overlap of the alerts' keys with the listing's lexemes and their prefixes, then \`@@\`, category and radius):`,
    '',
    `- p50 ${n(a.p50, 1)} ms, p95 ${n(a.p95, 1)} ms, max ${n(a.max, 1)} ms (target ≤ ${TARGETS.alertsMs} ms) ${mark(ok)}; ${n(a.meanMatches, 1)} alerts matched per listing on average, ${n(a.maxMatches)} at most.`,
    `- Plan for the listing with the most matches: ${planTop.map((l) => `\`${l}\``).join(' → ') || 'see results.json'}.`,
    '',
  ].join('\n');
}
