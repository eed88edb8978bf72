-- Issue 39 §3: a member of another instance shows the reliability their home instance reports
-- (its figures for them, read from the link their actor carries), marked as such.
ALTER TABLE "users" ADD COLUMN "reliability_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_reliability" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_reliability_at" timestamp with time zone;
