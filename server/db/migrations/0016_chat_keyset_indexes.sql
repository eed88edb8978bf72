DROP INDEX "circle_messages_circle_created_idx";--> statement-breakpoint
DROP INDEX "messages_swap_created_idx";--> statement-breakpoint
CREATE INDEX "circle_messages_circle_id_idx" ON "circle_messages" USING btree ("circle_id","id");--> statement-breakpoint
CREATE INDEX "messages_swap_created_idx" ON "messages" USING btree ("swap_request_id","created_at","id");