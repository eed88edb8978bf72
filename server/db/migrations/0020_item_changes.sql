-- App servers keep the ranking of frequent searches (server/features/items/kept-rankings.ts) and
-- bring it up to date from this log rather than ranking every match again: each statement that
-- changes what a search shows or ranks a listing on (its words, state, category, condition, age,
-- owner), from any app server, job, script or psql session, logs those listings with its
-- transaction id. A server asks for the changes its ranking's snapshot did not see
-- (pg_visible_in_snapshot), so a change committed late under an early id is not missed.
CREATE TABLE "item_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"item_id" integer,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_changes_xid_idx" ON "item_changes" USING btree ("xid");
--> statement-breakpoint
CREATE FUNCTION "item_changes_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "item_changes" ("item_id") SELECT n."id" FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "item_changes" ("item_id") SELECT o."id" FROM old_rows o;
  ELSE
    INSERT INTO "item_changes" ("item_id")
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE (n."search_vector", n."is_active", n."deleted_at", n."category_id", n."condition", n."created_at", n."user_id")
           IS DISTINCT FROM (o."search_vector", o."is_active", o."deleted_at", o."category_id", o."condition", o."created_at", o."user_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A suspended (or reinstated) owner's listings leave (or come back to) every search.
CREATE FUNCTION "item_changes_owners_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "item_changes" ("item_id")
  SELECT i."id" FROM "items" i
   WHERE i."user_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
                          WHERE (n."suspended_at" IS NULL) IS DISTINCT FROM (o."suspended_at" IS NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "item_changes_all_logged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "item_changes" ("item_id") VALUES (NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_changes_inserted" AFTER INSERT ON "items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_changes_logged"();
--> statement-breakpoint
CREATE TRIGGER "items_changes_updated" AFTER UPDATE ON "items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_changes_logged"();
--> statement-breakpoint
CREATE TRIGGER "items_changes_deleted" AFTER DELETE ON "items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_changes_logged"();
--> statement-breakpoint
CREATE TRIGGER "items_changes_truncated" AFTER TRUNCATE ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "item_changes_all_logged"();
--> statement-breakpoint
CREATE TRIGGER "users_item_changes_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "item_changes_owners_logged"();
