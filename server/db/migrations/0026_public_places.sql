-- Issue 36: a listing showed its location text as typed (a street address given for geocoding
-- was public) and each listing's public point was moved by an offset of its own (several
-- listings at one address averaged back to it). Listings now show the name of the place the
-- geocoder found and one fuzzed point per member and place (server/features/items/public-location.ts).
-- Text no geocoder could place is never shown: it might be an address too.
-- Listings of other instances keep what their home published: its place name and public point.
UPDATE "items" SET "location" = NULL
 WHERE "latitude" IS NULL AND "location" IS NOT NULL AND "origin_instance_id" IS NULL;
--> statement-breakpoint
-- Located listings lose their old public point; every app server's maintenance run
-- (backfillPublicLocations, at start and hourly) names their place and gives them the new one.
UPDATE "items" SET "public_latitude" = NULL, "public_longitude" = NULL, "public_point" = NULL
 WHERE "latitude" IS NOT NULL AND "origin_instance_id" IS NULL;
