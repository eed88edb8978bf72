-- The listings are ordered by "created_at DESC, id DESC", which PostgreSQL reads as NULLS FIRST;
-- indexes built NULLS LAST cannot serve that order, and browsing fell back to sorting every row.
DROP INDEX "items_active_created_idx";--> statement-breakpoint
DROP INDEX "items_category_created_idx";--> statement-breakpoint
DROP INDEX "items_user_created_idx";--> statement-breakpoint
CREATE INDEX "items_active_created_idx" ON "items" USING btree ("is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "items_category_created_idx" ON "items" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "items_user_created_idx" ON "items" USING btree ("user_id","created_at" DESC NULLS FIRST);