CREATE TABLE "member_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" text NOT NULL,
	"member_id" text NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reports_status_check" CHECK ("member_reports"."status" in ('pending', 'warned', 'suspended', 'dismissed')),
	CONSTRAINT "member_reports_not_self_check" CHECK ("member_reports"."reporter_id" <> "member_reports"."member_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"channel" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_topic_channel_pk" PRIMARY KEY("user_id","topic","channel"),
	CONSTRAINT "notification_settings_mode_check" CHECK ("notification_settings"."mode" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"subject_key" text,
	"actor_id" text,
	"email" text DEFAULT 'none' NOT NULL,
	"digest_job_id" bigint,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" in ('none', 'instant', 'digest', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"saved_search_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_hits_saved_search_id_item_id_pk" PRIMARY KEY("saved_search_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"search" text NOT NULL,
	"category_id" integer,
	"near" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_km" integer,
	"frequency" text NOT NULL,
	"query" "tsquery" NOT NULL,
	"keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_latitude" double precision;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_longitude" double precision;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "public_point" "cube";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reports_reporter_member_idx" ON "member_reports" USING btree ("reporter_id","member_id");--> statement-breakpoint
CREATE INDEX "member_reports_status_idx" ON "member_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "member_reports_member_idx" ON "member_reports" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_subject_idx" ON "notifications" USING btree ("recipient_id","type","subject_key") WHERE "notifications"."read_at" is null and "notifications"."subject_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."email" = 'digest';--> statement-breakpoint
CREATE INDEX "notifications_digest_job_idx" ON "notifications" USING btree ("digest_job_id") WHERE "notifications"."digest_job_id" is not null;--> statement-breakpoint
CREATE INDEX "saved_search_hits_item_idx" ON "saved_search_hits" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_keys_idx" ON "saved_searches" USING gin ("keys") WHERE "saved_searches"."frequency" <> 'off';--> statement-breakpoint
CREATE INDEX "items_public_point_idx" ON "items" USING gist ("public_point");--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" is not null;