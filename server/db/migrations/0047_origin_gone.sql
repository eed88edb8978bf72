-- Issue 39: a remote listing its home removed while a swap across instances held it stays for
-- that swap, off the market for good: an update sent before the removal and delivered after it,
-- or the swap cancelled later, no longer puts it back.
ALTER TABLE "items" ADD COLUMN "origin_gone_at" timestamp with time zone;--> statement-breakpoint
-- Kept listings read the column: their trigger watches it too.
CREATE OR REPLACE FUNCTION "listings_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."title", n."description", n."category_id", n."condition", n."images",
                     n."user_id", n."wanted_items", n."estimated_value", n."is_open_to_offers",
                     n."mode", n."fair_chance_hours", n."giveaway_since",
                     n."location", n."latitude", n."longitude", n."public_latitude",
                     n."public_longitude", n."is_active", n."deleted_at", n."reserved_by",
                     n."origin_instance_id", n."origin_url", n."origin_gone_at", n."created_at", n."updated_at")
                    IS DISTINCT FROM
                    (o."title", o."description", o."category_id", o."condition", o."images",
                     o."user_id", o."wanted_items", o."estimated_value", o."is_open_to_offers",
                     o."mode", o."fair_chance_hours", o."giveaway_since",
                     o."location", o."latitude", o."longitude", o."public_latitude",
                     o."public_longitude", o."is_active", o."deleted_at", o."reserved_by",
                     o."origin_instance_id", o."origin_url", o."origin_gone_at", o."created_at", o."updated_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
