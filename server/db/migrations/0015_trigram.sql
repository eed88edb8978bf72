-- Typo tolerance (docs/decisions/004-search-speed.md): pg_trgm finds the title words that look like
-- a misspelt search word, fuzzystrmatch's levenshtein keeps those within an edit or two. Both ship
-- with PostgreSQL's contrib, like cube and earthdistance.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_terms_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of the titles already listed; the app adds those of new and edited titles
-- (server/features/items/spelling.ts), so a backup restores the table as it was.
INSERT INTO search_terms (word)
SELECT DISTINCT w FROM items, regexp_split_to_table(lower(items.title), '[^[:alnum:]]+') AS w
 WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
