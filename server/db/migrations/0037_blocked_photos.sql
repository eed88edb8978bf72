-- Photos that scammers reuse (issue 40 §3). Every listing and offer photo's perceptual hash is
-- kept beside it, so "seen before?" is one scan of a narrow table, never a decode of pictures.
CREATE TABLE "image_hashes" (
	"image_id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"hash" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_hashes" ADD CONSTRAINT "image_hashes_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_hashes" ADD CONSTRAINT "image_hashes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_hashes_owner_idx" ON "image_hashes" USING btree ("owner_id");--> statement-breakpoint
-- An admin's blocks keep their own copy of the hash: the block outlives the listing it came from.
CREATE TABLE "blocked_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocked_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" bigint NOT NULL,
	"image_url" text NOT NULL,
	"item_id" integer,
	"blocked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocked_images" ADD CONSTRAINT "blocked_images_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_images" ADD CONSTRAINT "blocked_images_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_images_hash_idx" ON "blocked_images" USING btree ("hash");--> statement-breakpoint
-- The site flags a listing whose photo another member's listing shows, in the same queue as
-- members' reports: such a flag has no reporter, and one listing has at most one open.
ALTER TABLE "flagged_items" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "flagged_items_site_pending_idx" ON "flagged_items" USING btree ("item_id") WHERE "flagged_items"."user_id" is null and "flagged_items"."status" = 'pending';
