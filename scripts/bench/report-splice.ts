/** Sections of bench/RESULTS.md (`## ` headings): one replaced in place, or the rest kept. */

/**
 * The fresh report of a full run with every section of the previous report that the run does not
 * write itself (the solver's, the history bench's, relevance, the scale comparison, hand-written
 * notes on focused runs): each is kept as it was, before the missed-targets section, in its
 * previous order. Sections are `## ` headings.
 */
export function keepOtherSections(previous: string, fresh: string): string {
  const headings = (markdown: string) =>
    markdown
      .split('\n')
      .filter((line) => line.startsWith('## '))
      .map((line) => line.trimEnd());
  const written = new Set(headings(fresh));
  let report = fresh;
  for (const heading of headings(previous)) {
    if (written.has(heading)) continue;
    const start = previous.indexOf(`${heading}\n`);
    const next = previous.indexOf('\n## ', start + heading.length);
    const section = previous.slice(start, next >= 0 ? next + 1 : undefined);
    report = spliceSection(report, heading, section.endsWith('\n') ? section : `${section}\n`);
  }
  return report;
}

/**
 * Replaces the section under `heading` in a report (a partial run, e.g. BENCH_ONLY=matching,
 * rewrites its own section only), or adds it before the missed-targets section.
 */
export function spliceSection(markdown: string, heading: string, section: string): string {
  const start = markdown.indexOf(heading);
  if (start >= 0) {
    const next = markdown.indexOf('\n## ', start + heading.length);
    return `${markdown.slice(0, start)}${section}${next >= 0 ? markdown.slice(next + 1) : ''}`;
  }
  const missed = markdown.indexOf('## Missed targets');
  return missed >= 0
    ? `${markdown.slice(0, missed)}${section}\n${markdown.slice(missed)}`
    : `${markdown}\n${section}`;
}
