ALTER TABLE "swap_requests" DROP CONSTRAINT "swap_requests_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "swap_requests" DROP CONSTRAINT "swap_requests_offered_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reserved_by" text;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_offered_item_id_items_id_fk" FOREIGN KEY ("offered_item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_reserved_by_idx" ON "items" USING btree ("reserved_by") WHERE "items"."reserved_by" is not null;--> statement-breakpoint
CREATE INDEX "swap_requests_offered_item_idx" ON "swap_requests" USING btree ("offered_item_id");