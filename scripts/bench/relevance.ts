/**
 * `npm run bench:relevance`: how well search ranks, on the bench's 100k data set (seeded when
 * there is none). 40 queries — common words, rare words, prefixes, plurals, two-word queries,
 * typos — each with judged results: a listing is highly relevant (2) or partly relevant (1) by
 * what the generated data says it is (its title's noun and adjective, its description, what its
 * owner wants). The app's own search call (searchListings) answers each query; the report gives
 * nDCG@10 and precision@10 per kind, with typo corrections off (the search before issue 19) and
 * on, and writes them into bench/RESULTS.md's relevance section.
 */
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createDatabase } from '../../server/db/client.js';
import { createKeptRankings } from '../../server/features/search/kept-rankings.js';
import { searchEngines, searchListings } from '../../server/features/search/search.service.js';
import { benchDataset } from './dataset.js';
import { spliceSection } from './report-splice.js';

type Kind = 'common' | 'rare' | 'prefix' | 'plural' | 'two words' | 'typo';
/** Regular expressions (PostgreSQL and JavaScript alike, case-insensitive) on the listing's text. */
type Rule = { title?: string; description?: string; wanted?: string };
type Judged = { query: string; kind: Kind; relevant: Rule; partly?: Rule };

const word = (w: string) => `\\m${w}\\M`;
const noun = (n: string): Rule => ({ title: word(n) });

export const JUDGED: Judged[] = [
  { query: 'vintage', kind: 'common', relevant: noun('vintage') },
  { query: 'guitar', kind: 'common', relevant: noun('guitar') },
  { query: 'camera', kind: 'common', relevant: noun('camera') },
  {
    query: 'lamp',
    kind: 'common',
    relevant: noun('lamp'),
    partly: { wanted: word('lamp') },
  },
  {
    query: 'collection only',
    kind: 'common',
    relevant: { description: 'collection only' },
  },
  { query: 'chair', kind: 'common', relevant: noun('chair'), partly: { title: 'armchair' } },
  { query: 'bike', kind: 'common', relevant: noun('bike'), partly: noun('bicycle') },
  { query: 'theodolite', kind: 'rare', relevant: noun('theodolite') },
  { query: 'surveyor', kind: 'rare', relevant: { title: 'surveyor' } },
  { query: 'harmonium', kind: 'rare', relevant: noun('harmonium') },
  { query: 'paddleboard', kind: 'rare', relevant: noun('paddleboard') },
  { query: 'wetsuit', kind: 'rare', relevant: noun('wetsuit') },
  { query: 'tele', kind: 'prefix', relevant: noun('telescope') },
  { query: 'bic', kind: 'prefix', relevant: noun('bicycle') },
  {
    query: 'sew',
    kind: 'prefix',
    relevant: { title: 'sewing machine' },
    partly: { wanted: 'sewing' },
  },
  { query: 'ukul', kind: 'prefix', relevant: noun('ukulele') },
  { query: 'micro', kind: 'prefix', relevant: noun('microscope') },
  { query: 'binoc', kind: 'prefix', relevant: noun('binoculars') },
  { query: 'guitars', kind: 'plural', relevant: noun('guitar') },
  { query: 'bicycles', kind: 'plural', relevant: noun('bicycle') },
  { query: 'lamps', kind: 'plural', relevant: noun('lamp'), partly: { wanted: word('lamp') } },
  { query: 'telescopes', kind: 'plural', relevant: noun('telescope') },
  {
    query: 'board games',
    kind: 'plural',
    relevant: { title: 'board game' },
    partly: { wanted: 'board game' },
  },
  { query: 'kettles', kind: 'plural', relevant: noun('kettle') },
  {
    query: 'vintage camera',
    kind: 'two words',
    relevant: { title: 'vintage camera' },
    partly: noun('camera'),
  },
  {
    query: 'wooden bookcase',
    kind: 'two words',
    relevant: { title: 'wooden bookcase' },
    partly: noun('bookcase'),
  },
  {
    query: 'leather armchair',
    kind: 'two words',
    relevant: { title: 'leather armchair' },
    partly: noun('armchair'),
  },
  {
    query: 'electric guitar',
    kind: 'two words',
    relevant: { title: 'electric guitar' },
    partly: noun('guitar'),
  },
  {
    query: 'road bike',
    kind: 'two words',
    relevant: { title: 'road bike' },
    partly: { wanted: 'road bike' },
  },
  { query: 'record player', kind: 'two words', relevant: { title: 'record player' } },
  { query: 'sewing machine', kind: 'two words', relevant: { title: 'sewing machine' } },
  { query: 'telescpoe', kind: 'typo', relevant: noun('telescope') },
  { query: 'guitr', kind: 'typo', relevant: noun('guitar') },
  { query: 'bycicle', kind: 'typo', relevant: noun('bicycle') },
  { query: 'typewritter', kind: 'typo', relevant: noun('typewriter') },
  { query: 'microscpe', kind: 'typo', relevant: noun('microscope') },
  { query: 'ukelele', kind: 'typo', relevant: noun('ukulele') },
  { query: 'harmonim', kind: 'typo', relevant: noun('harmonium') },
  { query: 'binoculers', kind: 'typo', relevant: noun('binoculars') },
  {
    query: 'vintage telescpoe',
    kind: 'typo',
    relevant: { title: 'vintage telescope' },
    partly: noun('telescope'),
  },
];

type Text = { title: string; description: string; wanted: string | null };

const matchesRule = (rule: Rule | undefined, text: Text) =>
  rule !== undefined &&
  (rule.title === undefined || jsRegex(rule.title).test(text.title)) &&
  (rule.description === undefined || jsRegex(rule.description).test(text.description)) &&
  (rule.wanted === undefined || jsRegex(rule.wanted).test(text.wanted ?? ''));

/** PostgreSQL's word boundaries \m and \M as JavaScript's \b. */
const jsRegex = (pattern: string) => new RegExp(pattern.replace(/\\[mM]/g, '\\b'), 'i');

export const grade = (judged: Judged, text: Text) =>
  matchesRule(judged.relevant, text) ? 2 : matchesRule(judged.partly, text) ? 1 : 0;

const ruleSql = (rule: Rule, params: unknown[]) => {
  const parts: string[] = [];
  for (const [field, column] of [
    ['title', 'title'],
    ['description', 'description'],
    ['wanted', "coalesce(wanted_items, '')"],
  ] as const) {
    const pattern = rule[field];
    if (pattern === undefined) continue;
    params.push(pattern);
    parts.push(`${column} ~* $${params.length}`);
  }
  return parts.join(' and ');
};

/** The best ten grades the data set allows for a query: its ideal ranking. */
async function idealGrades(client: pg.Client, judged: Judged): Promise<number[]> {
  const params: unknown[] = [];
  const relevant = ruleSql(judged.relevant, params);
  const partly = judged.partly ? ruleSql(judged.partly, params) : 'false';
  const { rows } = await client.query(
    `select count(*) filter (where ${relevant})::int as high,
            count(*) filter (where not (${relevant}) and (${partly}))::int as part
       from items where is_active and deleted_at is null`,
    params,
  );
  const high = Math.min(10, rows[0].high as number);
  const part = Math.min(10 - high, rows[0].part as number);
  return [...Array(high).fill(2), ...Array(part).fill(1)];
}

const dcg = (grades: number[]) =>
  grades.slice(0, 10).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

export type RelevanceRow = { query: string; kind: Kind; before: Scores; after: Scores };
type Scores = { ndcg: number; precision: number; found: number };

async function main() {
  const report = (line: string) => process.stdout.write(`${line}\n`);
  const dataset = await benchDataset(report);
  const db = createDatabase(dataset.url, { info: () => {}, warn: report, error: report } as never, {
    max: 2,
  });
  const client = new pg.Client({ connectionString: dataset.url });
  await client.connect();
  const rows: RelevanceRow[] = [];
  // "After" searches as the app serves: typo corrections, from kept rankings (decision 005).
  const rankings = createKeptRankings(2_000_000);
  const { rows: counted } = await client.query('select count(*)::int as n from items');
  const listings = counted[0].n as number;
  try {
    for (const judged of JUDGED) {
      const ideal = dcg(await idealGrades(client, judged));
      const score = async (corrections: boolean): Promise<Scores> => {
        const found = await searchListings(
          db,
          searchEngines(corrections ? rankings : undefined),
          { query: { limit: 10, offset: 0, search: judged.query } as never, viewerId: null },
          { corrections },
        );
        const grades = found.map((row) =>
          grade(judged, {
            title: row.item.title,
            description: row.item.description,
            wanted: row.item.wantedItems,
          }),
        );
        return {
          ndcg: ideal === 0 ? 0 : dcg(grades) / ideal,
          precision: grades.filter((g) => g > 0).length / 10,
          found: found.length,
        };
      };
      const row = { ...judged, before: await score(false), after: await score(true) };
      rows.push(row);
      report(
        `${judged.kind.padEnd(9)} ${judged.query.padEnd(18)} nDCG@10 ${row.before.ndcg.toFixed(2)} → ${row.after.ndcg.toFixed(2)}   P@10 ${row.before.precision.toFixed(1)} → ${row.after.precision.toFixed(1)}`,
      );
    }
  } finally {
    await client.end();
    await (db as unknown as { $client: { end: () => Promise<void> } }).$client.end();
    await dataset.stop();
  }
  const markdown = renderRelevance(rows, new Date().toISOString(), listings);
  report(markdown);
  const current = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
  await writeFile('bench/RESULTS.md', spliceSection(current, RELEVANCE_HEADING, markdown));
  report('wrote the relevance section of bench/RESULTS.md');
}

export const RELEVANCE_HEADING = '## Search relevance';

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);

export function renderRelevance(rows: RelevanceRow[], date: string, listings = 100_000): string {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const line = (label: string, of: RelevanceRow[]) =>
    `| ${label} | ${of.length} | ${mean(of.map((r) => r.before.ndcg)).toFixed(3)} | ${mean(of.map((r) => r.after.ndcg)).toFixed(3)} | ${mean(of.map((r) => r.before.precision)).toFixed(2)} | ${mean(of.map((r) => r.after.precision)).toFixed(2)} |`;
  return [
    RELEVANCE_HEADING,
    '',
    `\`npm run bench:relevance\`, ${date}: ${rows.length} judged queries over the bench's ${listings.toLocaleString('en-US')} listings (scripts/bench/relevance.ts holds the judgements). "Before" is search as it was (full text only), "after" adds typo correction and reads the app's kept rankings (decision 005); both through the app's own searchListings.`,
    '',
    '| Queries | n | nDCG@10 before | nDCG@10 after | P@10 before | P@10 after |',
    '| --- | --- | --- | --- | --- | --- |',
    ...kinds.map((kind) =>
      line(
        kind,
        rows.filter((r) => r.kind === kind),
      ),
    ),
    line('**all**', rows),
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('relevance.ts')) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  });
}
