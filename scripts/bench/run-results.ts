/**
 * Where a run's figures go: bench/results.json and bench/RESULTS.md, whole after a full run, one
 * section merged into the last full run's after a partial one, and the scale comparison.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { type Row, type RunFigures, renderMarkdown } from './report.js';
import { renderScale, SCALE_HEADING, type ScaleRun } from './report-scale.js';
import { keepOtherSections, spliceSection } from './report-splice.js';
import { API_ONLY, say } from './run-settings.js';
import { BENCH_SCALE } from './seed.js';

/** Replaces (or adds) `heading`'s section of bench/RESULTS.md; the rest stays as it was. */
export async function spliceResults(heading: string, markdown: string) {
  const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
  await writeFile('bench/RESULTS.md', spliceSection(report, heading, markdown));
}

/**
 * A partial run's figures merged into the last full run's: `key` of bench/results.json (when
 * there is one) and `heading`'s section of bench/RESULTS.md; the rest stays as it was. `what`
 * names the section in the log line.
 */
export async function mergeSection(
  key: string,
  value: unknown,
  heading: string,
  markdown: string,
  what = `the section "${heading.slice(3)}"`,
) {
  await mkdir('bench', { recursive: true });
  const previous = await readFile('bench/results.json', 'utf8').catch(() => null);
  if (previous) {
    const merged = { ...JSON.parse(previous), [key]: value };
    await writeFile('bench/results.json', `${JSON.stringify(merged, null, 2)}\n`);
  }
  await spliceResults(heading, markdown);
  console.info(`\n${markdown}`);
  say(`wrote ${what} of bench/RESULTS.md`);
}

/**
 * A full run's figures: bench/results.json and a fresh bench/RESULTS.md that keeps the sections
 * other benches wrote. A scale run (or an API-only one) leaves the full report alone: it has its
 * own file and section, set beside the last full run's figures.
 */
export async function writeRun(results: Omit<RunFigures, 'rows'>, rows: Row[]) {
  await mkdir('bench', { recursive: true });
  if (BENCH_SCALE > 1 || API_ONLY) {
    const file = `bench/results-scale${BENCH_SCALE}.json`;
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    await writeScaleSection();
    say(`wrote ${file} and the scale section of bench/RESULTS.md`);
    return;
  }
  await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  const previous = await readFile('bench/RESULTS.md', 'utf8').catch(() => '');
  await writeFile(
    'bench/RESULTS.md',
    keepOtherSections(previous, renderMarkdown({ ...results, rows })),
  );
  await writeScaleSection();
  console.info(`\n${await readFile('bench/RESULTS.md', 'utf8')}`);
  say('wrote bench/results.json and bench/RESULTS.md');
}

/** The scale section: the last full run (scale 1) against the last BENCH_SCALE=10 run. */
async function writeScaleSection() {
  const read = (file: string) =>
    readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as ScaleRun,
      () => undefined,
    );
  const [base, scaled] = await Promise.all([
    read('bench/results.json'),
    read('bench/results-scale10.json'),
  ]);
  if (!base || !scaled) return;
  await spliceResults(SCALE_HEADING, renderScale(base, scaled));
}
