ALTER TABLE "items" ADD COLUMN "public_latitude" double precision;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_longitude" double precision;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_point" "cube";--> statement-breakpoint
CREATE INDEX "items_public_point_idx" ON "items" USING gist ("public_point");