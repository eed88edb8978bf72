import os from 'node:os';
import type { LighthouseMedian } from './frontend.js';
import { mark, n, TARGETS } from './report-targets.js';

export type Frontend = {
  date?: string;
  /** The machine's 1-minute load average as the Lighthouse runs started. */
  loadAverage?: number;
  routes: Record<string, { kb: number; files: number }>;
  /** Median of 3 Lighthouse runs per page. */
  lighthouse: Record<string, LighthouseMedian>;
};

export const FRONTEND_HEADING = '## Front end';

/** The front-end section: its own heading, so BENCH_ONLY=frontend can replace it in place. */
export function renderFrontend(f: Frontend): string {
  const out = [
    FRONTEND_HEADING,
    '',
    ...(f.date
      ? [
          `Measured on ${f.date.slice(0, 10)} (\`BENCH_ONLY=frontend BENCH_REUSE=1 npm run bench\` runs this part alone), the machine's 1-minute load average at ${n(f.loadAverage ?? Number.NaN, 1)} on ${os.availableParallelism()} cores as the Lighthouse runs started. JavaScript per route as a browser loads it (gzip), signed in as the bench member except on \`/\`.`,
          '',
        ]
      : []),
    '| Route | JavaScript (gzip) | Files |',
    '|---|---:|---:|',
  ];
  for (const [route, size] of Object.entries(f.routes))
    out.push(
      `| \`${route}\` | ${n(size.kb, 1)} KB ${mark(size.kb <= (route === '/' ? TARGETS.homeJsGoalKB : TARGETS.routeJsKB))} | ${size.files} |`,
    );
  const home = f.routes['/']?.kb ?? Number.NaN;
  const over = Object.entries(f.routes).filter(([, size]) => size.kb > TARGETS.routeJsKB);
  out.push(
    '',
    `- Home route: ${n(home, 1)} KB gzip (goal ${TARGETS.homeJsGoalKB} KB ${mark(home <= TARGETS.homeJsGoalKB)}); every route ≤ ${TARGETS.routeJsKB} KB ${mark(over.length === 0)}${over.length ? ` (over: ${over.map(([route]) => `\`${route}\``).join(', ')})` : ''}.`,
    '',
    `Lighthouse 12, mobile (simulated slow 4G, 4× CPU slowdown), on Debian’s Chromium, signed out; median of ${Object.values(f.lighthouse)[0]?.runs.length ?? 1} runs per page:`,
    '',
    '| Page | Performance (runs) | LCP | FCP | TBT | CLS | Host CPU (benchmarkIndex) | LCP element |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const [page, l] of Object.entries(f.lighthouse))
    out.push(
      `| ${page} | **${l.score}** (${l.runs.join(', ')}) ${mark(l.score >= TARGETS.lighthouseScore)} | ${n(l.lcpMs / 1000, 2)} s ${mark(l.lcpMs <= TARGETS.lcpMs)} | ${n(l.fcpMs / 1000, 2)} s | ${n(l.tbtMs)} ms | ${n(l.cls, 3)} ${mark(l.cls < TARGETS.cls)} | ${n(l.benchmarkIndex)} | ${l.lcpElement ? `\`${l.lcpElement.replace(/\|/g, '\\|').slice(0, 80)}\`` : '—'} |`,
    );
  out.push(
    '',
    `Goals: performance ≥ ${TARGETS.lighthouseScore}, LCP ≤ ${n(TARGETS.lcpMs / 1000, 1)} s, CLS < ${TARGETS.cls}. Lighthouse's 4× CPU slowdown assumes a host with a benchmarkIndex of 1,500-2,000; on a slower host the same page scores lower (its docs, "Calibrating the CPU slowdown"). Where they are missed and what comes next: docs/decisions/007-front-end-speed.md.`,
  );
  return `${out.join('\n')}\n\n`;
}
