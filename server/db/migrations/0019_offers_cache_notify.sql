-- App servers keep a member's pages of offers for a moment (server/features/swaps/offers-cache.ts).
-- Whatever changes what such a page shows, from any app server, job, script or psql session,
-- tells every server on the live-events channel (server/infra/event-bus.ts parses `offersOf`, a
-- member's id, and `allOffers`), and each forgets that member's pages. A page shows the member's
-- offers (swap_requests), both listings of each (items), both parties (users), the unread
-- messages (messages) and whether the member rated it (feedback): one trigger per table and
-- event, each told once per statement. Past a hundred members, one notice for everyone.
CREATE FUNCTION "offers_cache_tell"(members text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF cardinality(members) > 100 THEN
    PERFORM pg_notify('swapmarket_events', '{"allOffers":true}');
    RETURN;
  END IF;
  FOREACH member IN ARRAY members LOOP
    PERFORM pg_notify('swapmarket_events', json_build_object('offersOf', member)::text);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Both parties of these offers.
CREATE FUNCTION "offers_cache_parties"(offers int[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT party), '{}')
    FROM "swap_requests" s
   CROSS JOIN LATERAL (VALUES (s."from_user_id"), (s."to_user_id")) p(party)
   WHERE s."id" = ANY(offers)
$$;
--> statement-breakpoint
-- Both parties of each offer, and of each offer it counters (whose `counteredById` it is).
CREATE FUNCTION "offers_cache_offers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offers_cache_tell"(ARRAY(SELECT "from_user_id" FROM new_rows UNION SELECT "to_user_id" FROM new_rows
      UNION SELECT unnest("offers_cache_parties"(ARRAY(SELECT "counter_of_id" FROM new_rows WHERE "counter_of_id" IS NOT NULL)))));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "offers_cache_tell"(ARRAY(SELECT "from_user_id" FROM new_rows UNION SELECT "to_user_id" FROM new_rows
      UNION SELECT "from_user_id" FROM old_rows UNION SELECT "to_user_id" FROM old_rows
      UNION SELECT unnest("offers_cache_parties"(ARRAY(SELECT "counter_of_id" FROM new_rows WHERE "counter_of_id" IS NOT NULL
        UNION SELECT "counter_of_id" FROM old_rows WHERE "counter_of_id" IS NOT NULL)))));
  ELSE
    PERFORM "offers_cache_tell"(ARRAY(SELECT "from_user_id" FROM old_rows UNION SELECT "to_user_id" FROM old_rows
      UNION SELECT unnest("offers_cache_parties"(ARRAY(SELECT "counter_of_id" FROM old_rows WHERE "counter_of_id" IS NOT NULL)))));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A message read, sent or deleted changes the unread count both parties see.
CREATE FUNCTION "offers_cache_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "swap_request_id" FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT n."swap_request_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE (n."is_read", n."from_user_id", n."swap_request_id") IS DISTINCT FROM (o."is_read", o."from_user_id", o."swap_request_id")
      UNION SELECT o."swap_request_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE (n."is_read", n."from_user_id", n."swap_request_id") IS DISTINCT FROM (o."is_read", o."from_user_id", o."swap_request_id"))));
  ELSE
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "swap_request_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A rating changes `ratedByMe` for the member who gave it.
CREATE FUNCTION "offers_cache_feedback_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offers_cache_tell"(ARRAY(SELECT DISTINCT "from_user_id" FROM new_rows WHERE "swap_request_id" IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "offers_cache_tell"(ARRAY(SELECT "from_user_id" FROM new_rows WHERE "swap_request_id" IS NOT NULL
      UNION SELECT "from_user_id" FROM old_rows WHERE "swap_request_id" IS NOT NULL));
  ELSE
    PERFORM "offers_cache_tell"(ARRAY(SELECT DISTINCT "from_user_id" FROM old_rows WHERE "swap_request_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A listing's title, photos, condition, state, owner or removal, as every offer on it or made
-- with it shows them. Not on DELETE: an offer's listings are NO ACTION keys, so a listing an
-- offer names cannot be deleted.
CREATE FUNCTION "offers_cache_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[];
BEGIN
  changed := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."title", n."images", n."condition", n."is_active", n."user_id", n."deleted_at")
          IS DISTINCT FROM (o."title", o."images", o."condition", o."is_active", o."user_id", o."deleted_at"));
  IF cardinality(changed) > 0 THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT s."id" FROM "swap_requests" s WHERE s."item_id" = ANY(changed)
      UNION SELECT s."id" FROM "swap_requests" s WHERE s."offered_item_id" = ANY(changed))));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A member's name, picture or verified address, as every offer with them shows it.
CREATE FUNCTION "offers_cache_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  changed := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."nickname", n."first_name", n."last_name", n."profile_image_url", n."email_verified_at" IS NULL)
          IS DISTINCT FROM (o."nickname", o."first_name", o."last_name", o."profile_image_url", o."email_verified_at" IS NULL));
  IF cardinality(changed) > 0 THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT s."id" FROM "swap_requests" s WHERE s."from_user_id" = ANY(changed)
      UNION SELECT s."id" FROM "swap_requests" s WHERE s."to_user_id" = ANY(changed))));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "offers_cache_everyone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', '{"allOffers":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "swap_requests_offers_cache_inserted" AFTER INSERT ON "swap_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_requests_offers_cache_updated" AFTER UPDATE ON "swap_requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_requests_offers_cache_deleted" AFTER DELETE ON "swap_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "messages_offers_cache_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_messages_changed"();
--> statement-breakpoint
CREATE TRIGGER "messages_offers_cache_updated" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_messages_changed"();
--> statement-breakpoint
CREATE TRIGGER "messages_offers_cache_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_messages_changed"();
--> statement-breakpoint
CREATE TRIGGER "feedback_offers_cache_inserted" AFTER INSERT ON "feedback"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_feedback_changed"();
--> statement-breakpoint
CREATE TRIGGER "feedback_offers_cache_updated" AFTER UPDATE ON "feedback"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_feedback_changed"();
--> statement-breakpoint
CREATE TRIGGER "feedback_offers_cache_deleted" AFTER DELETE ON "feedback"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_feedback_changed"();
--> statement-breakpoint
CREATE TRIGGER "items_offers_cache_updated" AFTER UPDATE ON "items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_items_changed"();
--> statement-breakpoint
-- A deleted member's offers go with them (a cascade the offers' own trigger tells).
CREATE TRIGGER "users_offers_cache_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_users_changed"();
--> statement-breakpoint
CREATE TRIGGER "swap_requests_offers_cache_truncated" AFTER TRUNCATE ON "swap_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
--> statement-breakpoint
CREATE TRIGGER "messages_offers_cache_truncated" AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
--> statement-breakpoint
CREATE TRIGGER "feedback_offers_cache_truncated" AFTER TRUNCATE ON "feedback"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
--> statement-breakpoint
CREATE TRIGGER "items_offers_cache_truncated" AFTER TRUNCATE ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_offers_cache_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_cache_everyone_changed"();
