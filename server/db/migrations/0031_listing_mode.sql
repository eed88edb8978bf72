-- Give-aways (issue 38 §2): a listing's mode, `swap` (every listing so far) or `giveaway`, and a
-- give-away's fair chance in hours (null for a swap). The want graph marks give-aways, which
-- are never given in exchange. Browse pages and listings show both columns, and kept rankings
-- filter on the mode, so the triggers that tell app servers watch them too.
ALTER TABLE "items" ADD COLUMN "mode" text DEFAULT 'swap' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "fair_chance_hours" integer;--> statement-breakpoint
ALTER TABLE "matching_listings" ADD COLUMN "giveaway" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "items_giveaway_created_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."mode" = 'giveaway';--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_mode_check" CHECK ("items"."mode" in ('swap', 'giveaway'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_fair_chance_hours_check" CHECK (("items"."mode" = 'giveaway' and "items"."fair_chance_hours" is not null and "items"."fair_chance_hours" between 0 and 72) or ("items"."mode" = 'swap' and "items"."fair_chance_hours" is null));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_changes_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "item_changes" ("item_id") SELECT n."id" FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "item_changes" ("item_id") SELECT o."id" FROM old_rows o;
  ELSE
    INSERT INTO "item_changes" ("item_id")
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE (n."search_vector", n."is_active", n."deleted_at", n."category_id", n."condition", n."mode", n."created_at", n."user_id")
           IS DISTINCT FROM (o."search_vector", o."is_active", o."deleted_at", o."category_id", o."condition", o."mode", o."created_at", o."user_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "listings_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."title", n."description", n."category_id", n."condition", n."images",
                     n."user_id", n."wanted_items", n."estimated_value", n."is_open_to_offers",
                     n."mode", n."fair_chance_hours",
                     n."location", n."latitude", n."longitude", n."public_latitude",
                     n."public_longitude", n."is_active", n."deleted_at", n."reserved_by",
                     n."origin_instance_id", n."origin_url", n."created_at", n."updated_at")
                    IS DISTINCT FROM
                    (o."title", o."description", o."category_id", o."condition", o."images",
                     o."user_id", o."wanted_items", o."estimated_value", o."is_open_to_offers",
                     o."mode", o."fair_chance_hours",
                     o."location", o."latitude", o."longitude", o."public_latitude",
                     o."public_longitude", o."is_active", o."deleted_at", o."reserved_by",
                     o."origin_instance_id", o."origin_url", o."created_at", o."updated_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
