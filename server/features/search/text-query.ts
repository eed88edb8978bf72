import { type SQL, sql } from 'drizzle-orm';

/** The words of a search text as the full-text queries take them: lower-case letters and digits. */
export function searchWords(text: string): string[] | null {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
}

/**
 * Input with web-search syntax (quotes, -exclusions, or) goes to websearch_to_tsquery as typed,
 * and is never corrected.
 */
export const WEB_SYNTAX = /"|(^|\s)-\S|\sor\s/i;

/** A search box's text as a full-text query, and a key that names it (one per distinct query). */
export type TextQuery = { sql: SQL; key: string };

/**
 * Full-text query for a search box: every word must match, the last one as a prefix so "tele"
 * finds "telescope".
 */
export function textQueryOf(term: string): TextQuery | undefined {
  const words = searchWords(term);
  if (!words) return undefined;
  if (WEB_SYNTAX.test(term))
    return { sql: sql`websearch_to_tsquery('english', ${term})`, key: `web:${term}` };
  const prefixQuery = words
    .map((word, i) => (i === words.length - 1 ? `${word}:*` : word))
    .join(' & ');
  return { sql: sql`to_tsquery('english', ${prefixQuery})`, key: `words:${prefixQuery}` };
}

export function textQuery(term: string): SQL | undefined {
  return textQueryOf(term)?.sql;
}

/** Fewer exact matches than this, and misspelt words are corrected for more (spelling.ts). */
export const FEW_RESULTS = 10;
