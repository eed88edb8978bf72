import { sql } from 'drizzle-orm';
import { MATCHES_PER_PHRASE } from '../../../shared/matching.js';
import type { Executor } from '../../db/client.js';
import { intArray, type Pending, textArray } from './graph-sql.js';
import { phraseQueries } from './want-phrases.js';

/**
 * The text side of the want graph: each phrase of a listing's wanted-items text (`want_phrases`)
 * and its best MATCHES_PER_PHRASE listings of other members (`phrase_matches`, competition
 * ranks by score, then listing id). Incremental upkeep and the rebuild rank phrases with the
 * same function, `rerankPhrases`, and record the (listing, match) pairs whose edge may change.
 */

/** Extra listings fetched per shared query so that phrases of owners with listings in it still fill. */
const SHARED_SLACK = MATCHES_PER_PHRASE;

export type PhraseQueryRow = { position: number; phrase: string; query: string; required: string };

/** What a listing's own phrases come from. */
export type ListingText = { id: number; userId: string | null; wantedItems: string | null };

/** Listings' phrases, new: stored in one statement, and queued to be ranked. */
export async function insertPhrases(
  tx: Executor,
  states: readonly ListingText[],
  pending: Pending,
) {
  const insert = insertPhrasesSql(states);
  if (!insert) return;
  const inserted = await tx.execute<{ id: number }>(insert);
  pending.addPhrases(inserted.rows);
}

/**
 * One INSERT for many listings' phrases (none when their texts have none). A phrase whose
 * words are all stop words is dropped (it has no lexeme to match).
 */
export function insertPhrasesSql(states: readonly ListingText[]) {
  const listings: number[] = [];
  const owners: string[] = [];
  // at[j]: which listing (index in listings and owners) phrase j belongs to.
  const at: number[] = [];
  const queries: PhraseQueryRow[] = [];
  for (const state of states) {
    const own = phraseQueries(state.wantedItems);
    if (own.length === 0 || !state.userId) continue;
    for (const query of own) {
      at.push(listings.length);
      queries.push(query);
    }
    listings.push(state.id);
    owners.push(state.userId);
  }
  if (queries.length === 0) return undefined;
  return sql`
    insert into want_phrases (item_id, user_id, position, phrase, query, key_lexeme)
    select (${intArray(listings)})[p.at + 1], (${textArray(owners)})[p.at + 1], p.position, p.phrase,
           to_tsquery('english', p.query), k.lexeme
      from unnest(${intArray(at)}, ${intArray(queries.map((q) => q.position))},
                  ${textArray(queries.map((q) => q.phrase))}, ${textArray(queries.map((q) => q.query))},
                  ${textArray(queries.map((q) => q.required))})
           as p(at, position, phrase, query, required)
      cross join lateral (
        select lexeme from unnest(tsvector_to_array(to_tsvector('english', p.required))) as lexeme
         order by length(lexeme) desc, lexeme limit 1
      ) k
     where numnode(to_tsquery('english', p.query)) > 0
    returning id`;
}

/**
 * The phrases of other members that these listings now get into: one contains their key lexeme
 * and satisfies their query, and either they have room or it beats their last match.
 */
export async function phrasesJoinedBy(tx: Executor, itemIds: readonly number[], pending: Pending) {
  const joined = await tx.execute<{ id: number }>(sql`
    select p.id
      from matching_listings j
      join want_phrases p on p.key_lexeme = any(tsvector_to_array(j.offer_vector))
                         and p.user_id <> j.user_id
      cross join lateral (select ts_rank_cd(j.offer_vector, p.query) as score) s
     where j.item_id = any(${intArray(itemIds)})
       and j.offer_vector @@ p.query
       and (p.match_count < ${MATCHES_PER_PHRASE}
            or s.score > p.floor_score
            or (s.score = p.floor_score and j.item_id < p.floor_item_id))`);
  pending.addPhrases(joined.rows);
}

type Match = { itemId: number; userId: string; score: number };

/**
 * Re-ranks these phrases: each gets the best MATCHES_PER_PHRASE listings of other members
 * matching its query. Phrases with the same query share one ranking. Returns the (listing,
 * match) pairs whose match row appeared, went or changed rank or score.
 */
export async function rerankPhrases(tx: Executor, phraseIds: readonly number[], pending: Pending) {
  if (phraseIds.length === 0) return;
  const { rows: phrases } = await tx.execute<{
    id: number;
    item_id: number;
    user_id: string;
    query: string;
  }>(sql`
    select id, item_id, user_id, query::text as query from want_phrases
     where id = any(${intArray(phraseIds)}) order by id`);
  if (phrases.length === 0) return;
  const ids = phrases.map((p) => Number(p.id));
  const limit = MATCHES_PER_PHRASE + SHARED_SLACK;
  const ranked = await tx.execute<{
    query: string;
    item_id: number;
    user_id: string;
    score: number;
  }>(sql`
    select q.query::text as query, m.item_id, m.user_id, m.score
      from (select distinct query from want_phrases where id = any(${intArray(ids)})) q
      cross join lateral (
        select l.item_id, l.user_id, ts_rank_cd(l.offer_vector, q.query) as score
          from matching_listings l
         where l.offer_vector @@ q.query
         order by score desc, l.item_id
         limit ${limit}
      ) m
     order by q.query, m.score desc, m.item_id`);
  const byQuery = new Map<string, Match[]>();
  for (const row of ranked.rows) {
    const list = byQuery.get(row.query) ?? [];
    list.push({ itemId: Number(row.item_id), userId: row.user_id, score: Number(row.score) });
    byQuery.set(row.query, list);
  }

  const next = new Map<number, Match[]>();
  for (const phrase of phrases) {
    const shared = byQuery.get(phrase.query) ?? [];
    let best = shared.filter((m) => m.userId !== phrase.user_id).slice(0, MATCHES_PER_PHRASE);
    if (best.length < MATCHES_PER_PHRASE && shared.length === limit) {
      // The owner has many listings among the shared ones: rank this phrase on its own.
      const own = await tx.execute<{ item_id: number; user_id: string; score: number }>(sql`
        select l.item_id, l.user_id, ts_rank_cd(l.offer_vector, p.query) as score
          from want_phrases p join matching_listings l on l.offer_vector @@ p.query
         where p.id = ${phrase.id} and l.user_id <> p.user_id
         order by score desc, l.item_id
         limit ${MATCHES_PER_PHRASE}`);
      best = own.rows.map((r) => ({
        itemId: Number(r.item_id),
        userId: r.user_id,
        score: Number(r.score),
      }));
    }
    next.set(Number(phrase.id), best);
  }

  const { rows: current } = await tx.execute<{
    phrase_id: number;
    item_id: number;
    rank: number;
    score: number;
  }>(sql`
    select phrase_id, item_id, rank, score from phrase_matches
     where phrase_id = any(${intArray(ids)})`);
  const existing = new Map<string, { rank: number; score: number }>();
  for (const row of current) {
    existing.set(`${row.phrase_id}:${row.item_id}`, {
      rank: Number(row.rank),
      score: Number(row.score),
    });
  }
  const upserts = {
    phrase: [] as number[],
    item: [] as number[],
    rank: [] as number[],
    score: [] as number[],
  };
  const removals = { phrase: [] as number[], item: [] as number[] };
  const itemOf = new Map(phrases.map((p) => [Number(p.id), Number(p.item_id)]));
  for (const [phraseId, matches] of next) {
    const listing = itemOf.get(phraseId) ?? 0;
    let rank = 0;
    matches.forEach((match, index) => {
      // Competition ranking: equal scores share a rank (1, 2, 2, 4), so a listing leaving or
      // joining moves only the matches it is strictly better than.
      if (index === 0 || match.score !== matches[index - 1]?.score) rank = index + 1;
      const key = `${phraseId}:${match.itemId}`;
      const before = existing.get(key);
      existing.delete(key);
      if (before && before.rank === rank && before.score === match.score) return;
      upserts.phrase.push(phraseId);
      upserts.item.push(match.itemId);
      upserts.rank.push(rank);
      upserts.score.push(match.score);
      pending.pairs.push([listing, match.itemId]);
    });
  }
  for (const key of existing.keys()) {
    const [phraseId, itemId] = key.split(':').map(Number) as [number, number];
    removals.phrase.push(phraseId);
    removals.item.push(itemId);
    pending.pairs.push([itemOf.get(phraseId) ?? 0, itemId]);
  }
  if (removals.phrase.length > 0) {
    await tx.execute(sql`
      delete from phrase_matches m using unnest(${intArray(removals.phrase)}, ${intArray(removals.item)}) as r(p, i)
       where m.phrase_id = r.p and m.item_id = r.i`);
  }
  if (upserts.phrase.length > 0) {
    await tx.execute(sql`
      insert into phrase_matches (phrase_id, item_id, rank, score)
      select * from unnest(${intArray(upserts.phrase)}, ${intArray(upserts.item)},
                           ${intArray(upserts.rank)}, ${sql.param(upserts.score)}::real[])
      on conflict (phrase_id, item_id) do update set rank = excluded.rank, score = excluded.score`);
  }
  // Each phrase's count and floor (its last match), from the lists just computed.
  const floors = {
    id: [] as number[],
    count: [] as number[],
    score: [] as Array<number | null>,
    item: [] as Array<number | null>,
  };
  for (const [phraseId, matches] of next) {
    const last = matches.length === MATCHES_PER_PHRASE ? matches.at(-1) : undefined;
    floors.id.push(phraseId);
    floors.count.push(matches.length);
    floors.score.push(last?.score ?? null);
    floors.item.push(last?.itemId ?? null);
  }
  await tx.execute(sql`
    update want_phrases p
       set match_count = f.n, floor_score = f.score, floor_item_id = f.item
      from unnest(${intArray(floors.id)}, ${intArray(floors.count)},
                  ${sql.param(floors.score)}::real[], ${sql.param(floors.item)}::int[]) as f(id, n, score, item)
     where p.id = f.id
       and (p.match_count, p.floor_score, p.floor_item_id) is distinct from (f.n, f.score, f.item)`);
}
