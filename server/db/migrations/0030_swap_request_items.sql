-- Issue 38: offers with several listings a side, and an accepted offer's cancellation.
CREATE TABLE "swap_request_items" (
	"request_id" integer NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "swap_request_items_request_id_side_position_pk" PRIMARY KEY("request_id","side","position"),
	CONSTRAINT "swap_request_items_side_check" CHECK ("swap_request_items"."side" in ('asked', 'offered')),
	CONSTRAINT "swap_request_items_position_check" CHECK ("swap_request_items"."position" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "swap_requests" DROP CONSTRAINT "swap_requests_status_check";--> statement-breakpoint
ALTER TABLE "swap_request_items" ADD CONSTRAINT "swap_request_items_request_id_swap_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_request_items" ADD CONSTRAINT "swap_request_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Checked at commit: a deleted account takes its listings and its offers (with their rows here)
-- by two cascades, and a check at the end of the first would still see the second's rows. A
-- listing an offer names still cannot be deleted for real (items.service hides it instead).
ALTER TABLE "swap_request_items" ALTER CONSTRAINT "swap_request_items_item_id_items_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "swap_request_items_item_idx" ON "swap_request_items" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_status_check" CHECK ("swap_requests"."status" in ('pending', 'accepted', 'rejected', 'completed', 'countered', 'withdrawn', 'cancelled'));--> statement-breakpoint
-- Issue 38: an offer names 1–5 listings asked for and 0–5 offered, each a row of
-- swap_request_items. swap_requests keeps each side's first listing (item_id, offered_item_id), so
-- their indexes and every query written against them keep working; this trigger writes those first
-- listings as rows for every offer inserted, by whoever inserts it (the service, seeds, psql), so
-- the table always names every listing of every offer. The service adds the further ones.
CREATE FUNCTION "swap_request_items_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "swap_request_items" ("request_id", "side", "position", "item_id")
    SELECT "id", 'asked', 0, "item_id" FROM new_rows
    UNION ALL
    SELECT "id", 'offered', 0, "offered_item_id" FROM new_rows WHERE "offered_item_id" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "swap_requests_first_items" AFTER INSERT ON "swap_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "swap_request_items_first"();
--> statement-breakpoint
INSERT INTO "swap_request_items" ("request_id", "side", "position", "item_id")
  SELECT "id", 'asked', 0, "item_id" FROM "swap_requests"
  UNION ALL
  SELECT "id", 'offered', 0, "offered_item_id" FROM "swap_requests" WHERE "offered_item_id" IS NOT NULL;
--> statement-breakpoint
-- An accepted offer now holds its listings (items.reserved_by = 'offer:ID') until it is completed
-- or cancelled. Of the offers accepted before, each takes its listings when it is the earliest
-- accepted offer on every one of them and each is listed, not removed and free; the others hold
-- nothing, and completing one still closes every other offer on its listings, as before.
WITH "named" AS (
  SELECT s."id", l."item_id",
         row_number() OVER (PARTITION BY l."item_id" ORDER BY s."updated_at", s."id") AS "turn"
    FROM "swap_requests" s
    JOIN "swap_request_items" l ON l."request_id" = s."id"
   WHERE s."status" = 'accepted'
), "holders" AS (
  SELECT n."id" FROM "named" n
    JOIN "items" i ON i."id" = n."item_id"
   GROUP BY n."id"
  HAVING bool_and(n."turn" = 1 AND i."reserved_by" IS NULL AND i."is_active" AND i."deleted_at" IS NULL)
)
UPDATE "items" i SET "reserved_by" = 'offer:' || n."id"
  FROM "named" n
  JOIN "holders" h ON h."id" = n."id"
 WHERE i."id" = n."item_id";
--> statement-breakpoint
-- Pages of offers (server/features/swaps/offers-cache.ts) show every listing of each offer now:
-- a listing's change tells the parties of every offer naming it, on either side, in any place.
CREATE OR REPLACE FUNCTION "offers_cache_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[];
BEGIN
  changed := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."title", n."images", n."condition", n."is_active", n."user_id", n."deleted_at")
          IS DISTINCT FROM (o."title", o."images", o."condition", o."is_active", o."user_id", o."deleted_at"));
  IF cardinality(changed) > 0 THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT s."id" FROM "swap_requests" s WHERE s."item_id" = ANY(changed)
      UNION SELECT s."id" FROM "swap_requests" s WHERE s."offered_item_id" = ANY(changed)
      UNION SELECT l."request_id" FROM "swap_request_items" l WHERE l."item_id" = ANY(changed))));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The listings an offer names (and, for a counter-offer, what changed against the offer it
-- counters, whose parties are the same two members).
CREATE FUNCTION "offers_cache_offer_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "request_id" FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT "request_id" FROM new_rows UNION SELECT "request_id" FROM old_rows)));
  ELSE
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "request_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "swap_request_items_offers_cache_inserted" AFTER INSERT ON "swap_request_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offer_items_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_request_items_offers_cache_updated" AFTER UPDATE ON "swap_request_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offer_items_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_request_items_offers_cache_deleted" AFTER DELETE ON "swap_request_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offer_items_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_request_items_offers_cache_truncated" AFTER TRUNCATE ON "swap_request_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
