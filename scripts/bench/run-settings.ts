/**
 * What `npm run bench` reads from its environment (run.ts lists every variable), and the run's
 * clock and log line: shared by run.ts and its run-*.ts parts.
 */
import os from 'node:os';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ONLY_MATCHING = process.env.BENCH_ONLY === 'matching';
export const REUSE = process.env.BENCH_REUSE === '1';
/**
 * BENCH_ENDPOINTS=browse,detail,… measures those endpoints only (keys as in `endpoints`);
 * BENCH_PARTS=api measures the API table and the query plans alone (no want graph, matching,
 * alerts, live updates or front end): what a BENCH_SCALE=10 run needs.
 */
export const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
export const API_ONLY = process.env.BENCH_PARTS === 'api';
export const CONNECTIONS = [10, 50];
/** BENCH_PORT (default 4610) and the next two: the app, the SQL floor and the static floor. */
export const APP_PORT = Number(process.env.BENCH_PORT ?? 4610);
export const FLOOR_PORT = APP_PORT + 1;
export const STATIC_PORT = APP_PORT + 2;
/** The federation part's four servers: APP_PORT + 3 … + 6. */
export const FEDERATION_PORT = APP_PORT + 3;
export const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
export const say = (line: string) => console.info(`[bench ${elapsed()}] ${line}`);
/** The machine's 1-minute load average: other sessions share the cores. */
export const loadAverage = () => os.loadavg()[0] ?? 0;
