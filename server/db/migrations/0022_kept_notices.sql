-- What app servers keep is forgotten through one kind of notice, whatever keeps it:
-- `{"kept": KIND, "of": KEY}` for one key (a member's id) or `{"kept": KIND, "all": true}`
-- (server/infra/kept-notices.ts). The session cache's (0018) and the offers pages' (0019, 0021)
-- triggers now say it that way, and the pages and listings of the browse and search cache
-- (`listings`, server/features/search) gain triggers of their own: a server forgets them the moment
-- any server, job, script or psql session changes what they show, instead of within
-- SEARCH_CACHE_MS. server/kept-state-triggers.test.ts ties each trigger's columns to the reads.
CREATE OR REPLACE FUNCTION "session_cache_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('kept', 'sessions', 'of', OLD."id")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_cache_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('kept', 'sessions', 'of', OLD."sess"->>'userId')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_cache_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF (SELECT count(DISTINCT "sess"->>'userId') FROM ended) > 100 THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"sessions","all":true}');
    RETURN NULL;
  END IF;
  FOR member IN SELECT DISTINCT "sess"->>'userId' FROM ended LOOP
    PERFORM pg_notify('swapmarket_events', json_build_object('kept', 'sessions', 'of', member)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "session_cache_everyone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', '{"kept":"sessions","all":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offers_cache_tell"(members text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF cardinality(members) > 100 THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"offers","all":true}');
    RETURN;
  END IF;
  FOREACH member IN ARRAY members LOOP
    PERFORM pg_notify('swapmarket_events', json_build_object('kept', 'offers', 'of', member)::text);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offers_cache_everyone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', '{"kept":"offers","all":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Browse and search pages, their facets and single listings show every column of a listing but
-- its search vector and earth point (both generated from columns compared here), its owner's
-- names, picture, verified address and suspension, the owner's ratings, and category names. One
-- notice a statement: a page cannot tell which listings it would have held.
CREATE FUNCTION "listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "listings_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."title", n."description", n."category_id", n."condition", n."images",
                     n."user_id", n."wanted_items", n."estimated_value", n."is_open_to_offers",
                     n."location", n."latitude", n."longitude", n."public_latitude",
                     n."public_longitude", n."is_active", n."deleted_at", n."reserved_by",
                     n."created_at", n."updated_at")
                    IS DISTINCT FROM
                    (o."title", o."description", o."category_id", o."condition", o."images",
                     o."user_id", o."wanted_items", o."estimated_value", o."is_open_to_offers",
                     o."location", o."latitude", o."longitude", o."public_latitude",
                     o."public_longitude", o."is_active", o."deleted_at", o."reserved_by",
                     o."created_at", o."updated_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "listings_owners_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."nickname", n."first_name", n."last_name", n."profile_image_url",
                     n."email_verified_at", n."suspended_at")
                    IS DISTINCT FROM
                    (o."nickname", o."first_name", o."last_name", o."profile_image_url",
                     o."email_verified_at", o."suspended_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_listings_inserted" AFTER INSERT ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "items_listings_updated" AFTER UPDATE ON "items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_items_updated"();
--> statement-breakpoint
CREATE TRIGGER "items_listings_deleted" AFTER DELETE OR TRUNCATE ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_listings_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_owners_updated"();
--> statement-breakpoint
CREATE TRIGGER "feedback_listings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "feedback"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_listings_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_changed"();
