CREATE TABLE "member_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"completed_swaps" integer DEFAULT 0 NOT NULL,
	"completed_circles" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_responses" (
	"swap_request_id" integer PRIMARY KEY NOT NULL,
	"receiver_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "offer_responses_outcome_check" CHECK ("offer_responses"."outcome" in ('accepted', 'rejected', 'countered', 'withdrawn', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "swap_requests" DROP CONSTRAINT "swap_requests_status_check";--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "counter_of_id" integer;--> statement-breakpoint
ALTER TABLE "member_stats" ADD CONSTRAINT "member_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_responses" ADD CONSTRAINT "offer_responses_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_responses" ADD CONSTRAINT "offer_responses_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_responses_receiver_idx" ON "offer_responses" USING btree ("receiver_id","received_at");--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_counter_of_id_swap_requests_id_fk" FOREIGN KEY ("counter_of_id") REFERENCES "public"."swap_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_requests_counter_of_idx" ON "swap_requests" USING btree ("counter_of_id");--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_status_check" CHECK ("swap_requests"."status" in ('pending', 'accepted', 'rejected', 'completed', 'countered', 'withdrawn'));--> statement-breakpoint
-- Backfill. Offers of the last 90 days: received at creation; an answer's time is the offer's
-- last update (exact for accepted and declined offers, late for completed ones); offers the site
-- closed before an answer do not count.
INSERT INTO "offer_responses" ("swap_request_id", "receiver_id", "received_at", "answered_at", "outcome")
SELECT "id", "to_user_id", "created_at",
  CASE WHEN "status" IN ('accepted', 'completed') OR ("status" = 'rejected' AND "closed_reason" IS NULL) THEN "updated_at" END,
  CASE WHEN "status" IN ('accepted', 'completed') THEN 'accepted'
       WHEN "status" = 'rejected' AND "closed_reason" IS NULL THEN 'rejected'
       WHEN "status" = 'rejected' THEN 'closed' END
FROM "swap_requests" WHERE "created_at" > now() - interval '90 days';--> statement-breakpoint
INSERT INTO "member_stats" ("user_id", "completed_swaps")
SELECT "user_id", count(*)::int FROM (
  SELECT "from_user_id" AS "user_id" FROM "swap_requests" WHERE "status" = 'completed'
  UNION ALL
  SELECT "to_user_id" FROM "swap_requests" WHERE "status" = 'completed'
) AS "parties" GROUP BY "user_id";
