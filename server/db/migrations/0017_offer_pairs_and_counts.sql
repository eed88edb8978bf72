CREATE TABLE "offer_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"made" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_counts" ADD CONSTRAINT "offer_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_requests_pair_updated_idx" ON "swap_requests" USING btree ("from_user_id","to_user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- My Offers' tab counts, kept as offers come and go (a deleted account takes its offers with it,
-- which only the database sees). Decrements are plain updates: when a member's own account goes,
-- their counts row is already gone and must not come back.
CREATE FUNCTION "offer_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "offer_counts" ("user_id", "made") VALUES (NEW."from_user_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "made" = "offer_counts"."made" + 1;
    INSERT INTO "offer_counts" ("user_id", "received") VALUES (NEW."to_user_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "received" = "offer_counts"."received" + 1;
    RETURN NEW;
  END IF;
  UPDATE "offer_counts" SET "made" = "made" - 1 WHERE "user_id" = OLD."from_user_id";
  UPDATE "offer_counts" SET "received" = "received" - 1 WHERE "user_id" = OLD."to_user_id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "swap_requests_offer_counts" AFTER INSERT OR DELETE ON "swap_requests"
  FOR EACH ROW EXECUTE FUNCTION "offer_counts_follow"();
--> statement-breakpoint
INSERT INTO "offer_counts" ("user_id", "made", "received")
  SELECT "user_id", sum("made")::int, sum("received")::int FROM (
    SELECT "from_user_id" AS "user_id", count(*) AS "made", 0 AS "received" FROM "swap_requests" GROUP BY 1
    UNION ALL
    SELECT "to_user_id", 0, count(*) FROM "swap_requests" GROUP BY 1
  ) AS "counted" GROUP BY "user_id";
