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
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_subject_idx" ON "notifications" USING btree ("recipient_id","type","subject_key") WHERE "notifications"."read_at" is null and "notifications"."subject_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."email" = 'digest';--> statement-breakpoint
CREATE INDEX "notifications_digest_job_idx" ON "notifications" USING btree ("digest_job_id") WHERE "notifications"."digest_job_id" is not null;