-- Issue 40 §2: problems after a swap or a circle (not received, not as described, a no-show,
-- other), raised by a party within 14 days and resolved by an admin; `member_id` is who it is
-- about. Once per reporter and offer or circle (the partial unique indexes).
CREATE TABLE "problems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" text NOT NULL,
	"member_id" text NOT NULL,
	"swap_request_id" integer,
	"circle_id" integer,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution_note" text,
	"action" text,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problems_reason_check" CHECK ("problems"."reason" in ('not-received', 'not-as-described', 'no-show', 'other')),
	CONSTRAINT "problems_status_check" CHECK ("problems"."status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "problems_action_check" CHECK ("problems"."action" in ('warn', 'suspend')),
	CONSTRAINT "problems_subject_check" CHECK (("problems"."swap_request_id" is null) <> ("problems"."circle_id" is null)),
	CONSTRAINT "problems_not_self_check" CHECK ("problems"."reporter_id" <> "problems"."member_id")
);
--> statement-breakpoint
-- When an offer was accepted and completed: `swap_requests.updated_at` moves with each chat
-- message, so the windows for raising a problem need their own record, written by the problems
-- feature's swap.changed listener in each move's transaction.
CREATE TABLE "swap_milestones" (
	"swap_request_id" integer PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_milestones" ADD CONSTRAINT "swap_milestones_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "problems_swap_reporter_idx" ON "problems" USING btree ("swap_request_id","reporter_id") WHERE "problems"."swap_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "problems_circle_reporter_idx" ON "problems" USING btree ("circle_id","reporter_id") WHERE "problems"."circle_id" is not null;--> statement-breakpoint
CREATE INDEX "problems_status_idx" ON "problems" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "problems_member_idx" ON "problems" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "problems_reporter_idx" ON "problems" USING btree ("reporter_id");--> statement-breakpoint
-- Offers accepted or completed before this migration: the first answer's time where reliability
-- recorded it (an acceptance is always an offer's first answer), else the row's last change, the
-- best left to go on (a later chat message makes the window only longer).
INSERT INTO "swap_milestones" ("swap_request_id", "accepted_at", "completed_at")
SELECT s."id",
  coalesce(r."answered_at", s."updated_at"),
  CASE WHEN s."status" = 'completed' THEN s."updated_at" END
FROM "swap_requests" s
LEFT JOIN "offer_responses" r ON r."swap_request_id" = s."id" AND r."outcome" = 'accepted'
WHERE s."status" IN ('accepted', 'completed')
   OR (s."status" = 'cancelled' AND r."outcome" = 'accepted');
