import { escapeLiteral, type QueryResult } from 'pg';
import type { AppContext } from '../../context.js';
import type { Database, Executor } from '../../db/client.js';
import { searchTerms } from '../../db/schema/items.js';
import type { Subscribe } from '../../infra/features.js';
import { factsOf } from '../items/listing-changes.js';
import { searchWords } from './text-query.js';

/** Words shorter than this are left as typed: "cat" is one edit away from too many words. */
const MIN_CORRECTED_LENGTH = 4;
/** Candidates share at least this trigram similarity ("bycicle" and "bicycle": 0.23). */
const CANDIDATE_SIMILARITY = 0.2;

/** Title words as the vocabulary keeps them: 3 to 40 letters or digits, lower-case. */
export function titleWords(title: string): string[] {
  return [...new Set(searchWords(title) ?? [])].filter((w) => w.length >= 3 && w.length <= 40);
}

/** Adds a new or edited title's words to the vocabulary (search_terms); never waits on a lock. */
export async function addSearchTerms(db: Executor, title: string): Promise<void> {
  const words = titleWords(title);
  if (!words.length) return;
  await db
    .insert(searchTerms)
    .values(words.map((word) => ({ word })))
    .onConflictDoNothing();
}

/** Edits a word of `length` letters may be away from its correction. */
export const maxEdits = (length: number) => (length >= 5 ? 2 : 1);

/**
 * The search words with each misspelt one replaced by the nearest title word (fewest edits, then
 * most trigrams in common), or null when no word needed or found a correction. A word is kept as
 * typed when it is a title word, when it is short, or, for the last word (a prefix in the search),
 * when a title word starts with it.
 */
export async function correctWords(db: Database, words: string[]): Promise<string[] | null> {
  const last = words.length - 1;
  const candidates = words.map((w, i) => (w.length >= MIN_CORRECTED_LENGTH ? { w, i } : null));
  const asked = candidates.filter((c): c is { w: string; i: number } => c !== null);
  if (!asked.length) return null;
  // One round trip, one statement's transaction: a simple query of two statements runs as one
  // implicit transaction, so the threshold set_config makes local holds for the second statement
  // alone (an explicit transaction cost BEGIN, the setting, the query and COMMIT: four round
  // trips and a pooled client held for all of them). Simple queries take no parameters: the
  // words are letters and digits only (searchWords), and quoted as literals all the same.
  const list = (values: Array<string | number>) =>
    values.map((v) => (typeof v === 'number' ? String(v) : escapeLiteral(v))).join(',');
  const results = (await db.$client.query(`
    select set_config('pg_trgm.similarity_threshold', '${CANDIDATE_SIMILARITY}', true);
    select q.i, case
      when exists (select 1 from search_terms t where t.word = q.w) then null
      when q.i = ${last} and exists (select 1 from search_terms t where t.word like q.w || '%') then null
      else (select t.word from search_terms t
             where t.word % q.w and levenshtein_less_equal(t.word, q.w, q.edits) <= q.edits
             order by levenshtein(t.word, q.w), similarity(t.word, q.w) desc, t.word
             limit 1)
    end as fix
    from unnest(array[${list(asked.map((a) => a.w))}]::text[], array[${list(asked.map((a) => a.i))}]::int[],
                array[${list(asked.map((a) => maxEdits(a.w.length)))}]::int[]) as q(w, i, edits)`)) as unknown as Array<
    QueryResult<{ i: number; fix: string | null }>
  >;
  const rows = results[1]?.rows ?? [];
  const corrected = [...words];
  let changed = false;
  for (const row of rows) {
    if (row.fix && row.fix !== corrected[row.i]) {
      corrected[row.i] = row.fix;
      changed = true;
    }
  }
  return changed ? corrected : null;
}

/**
 * A listed or edited title's words join the vocabulary in that change's transaction, so a typo
 * is corrected towards them the moment the listing can be found.
 */
export function vocabularyListeners(_ctx: AppContext, on: Subscribe): void {
  on('item.changed', async (tx, change) => {
    if (change.kind !== 'created' && change.kind !== 'updated') return;
    const listing = await factsOf(tx, change);
    if (listing) await addSearchTerms(tx, listing.title);
  });
}
