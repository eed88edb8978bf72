import { wantPhrases } from '../../../shared/matching.js';
import { searchWords } from '../search/text-query.js';

/** One phrase of a wanted-items text, ready to become a stored query. */
export type PhraseQuery = {
  /** 1-based place among the listing's phrases that make a query. */
  position: number;
  phrase: string;
  /** to_tsquery input: `word & word & !word`. */
  query: string;
  /** The words a match must contain (to_tsvector input), for the phrase's key lexeme. */
  required: string;
};

/**
 * The queries a listing's wanted-items text makes. Each phrase is tokenised like the search box
 * (server/features/items/items.queries.ts), but every word must match as a whole word: no
 * prefix on the last one, since a want is a standing query and "bike" should not find "biker".
 * A word written with a leading minus excludes listings that contain it ("telescope -broken").
 * Phrases with no positive word, or that repeat an earlier phrase's query, make none.
 */
export function phraseQueries(text: string | null | undefined): PhraseQuery[] {
  const made: PhraseQuery[] = [];
  const seen = new Set<string>();
  for (const phrase of wantPhrases(text)) {
    const positive: string[] = [];
    const negative: string[] = [];
    for (const token of phrase.split(' ')) {
      const words = searchWords(token) ?? [];
      (token.startsWith('-') ? negative : positive).push(...words);
    }
    if (positive.length === 0) continue;
    const query = [...positive, ...negative.map((word) => `!${word}`)].join(' & ');
    if (seen.has(query)) continue;
    seen.add(query);
    made.push({ position: made.length + 1, phrase, query, required: positive.join(' ') });
  }
  return made;
}
