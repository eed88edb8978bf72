-- Give-away requests (issue 38 §2): when a listing became a give-away, so that its fair chance
-- runs [giveaway_since, giveaway_since + fair_chance_hours). Set when a listing is created as a
-- give-away or switched to one, cleared when switched back to a swap. Give-aways listed before
-- this column existed count from their creation.
ALTER TABLE "items" ADD COLUMN "giveaway_since" timestamp with time zone;--> statement-breakpoint
UPDATE "items" SET "giveaway_since" = "created_at" WHERE "mode" = 'giveaway';--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_giveaway_since_check" CHECK (("items"."mode" = 'giveaway') = ("items"."giveaway_since" is not null));
