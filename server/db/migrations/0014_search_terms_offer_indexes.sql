CREATE TABLE "search_terms" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("swap_request_id") WHERE not "messages"."is_read";--> statement-breakpoint
CREATE INDEX "swap_requests_from_updated_idx" ON "swap_requests" USING btree ("from_user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "swap_requests_to_updated_idx" ON "swap_requests" USING btree ("to_user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);