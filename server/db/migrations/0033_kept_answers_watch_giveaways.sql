-- Kept answers that show give-aways: listings read `giveaway_since` (when a give-away's fair
-- chance began, migration 0032), and pages of offers show each listing's mode and when its
-- requests stay open until; the triggers that tell app servers to forget them watch those columns.
CREATE OR REPLACE FUNCTION "listings_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."title", n."description", n."category_id", n."condition", n."images",
                     n."user_id", n."wanted_items", n."estimated_value", n."is_open_to_offers",
                     n."mode", n."fair_chance_hours", n."giveaway_since",
                     n."location", n."latitude", n."longitude", n."public_latitude",
                     n."public_longitude", n."is_active", n."deleted_at", n."reserved_by",
                     n."origin_instance_id", n."origin_url", n."created_at", n."updated_at")
                    IS DISTINCT FROM
                    (o."title", o."description", o."category_id", o."condition", o."images",
                     o."user_id", o."wanted_items", o."estimated_value", o."is_open_to_offers",
                     o."mode", o."fair_chance_hours", o."giveaway_since",
                     o."location", o."latitude", o."longitude", o."public_latitude",
                     o."public_longitude", o."is_active", o."deleted_at", o."reserved_by",
                     o."origin_instance_id", o."origin_url", o."created_at", o."updated_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offers_cache_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[];
BEGIN
  changed := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."title", n."images", n."condition", n."is_active", n."user_id", n."deleted_at",
           n."mode", n."fair_chance_hours", n."giveaway_since")
          IS DISTINCT FROM (o."title", o."images", o."condition", o."is_active", o."user_id", o."deleted_at",
           o."mode", o."fair_chance_hours", o."giveaway_since"));
  IF cardinality(changed) > 0 THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT s."id" FROM "swap_requests" s WHERE s."item_id" = ANY(changed)
      UNION SELECT s."id" FROM "swap_requests" s WHERE s."offered_item_id" = ANY(changed)
      UNION SELECT l."request_id" FROM "swap_request_items" l WHERE l."item_id" = ANY(changed))));
  END IF;
  RETURN NULL;
END
$$;
