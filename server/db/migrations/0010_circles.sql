CREATE TABLE "circle_legs" (
	"circle_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_id" integer NOT NULL,
	"giver_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "circle_legs_circle_id_position_pk" PRIMARY KEY("circle_id","position"),
	CONSTRAINT "circle_legs_decision_check" CHECK ("circle_legs"."decision" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "circle_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circle_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"circle_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_reads" (
	"circle_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"last_read_message_id" integer NOT NULL,
	CONSTRAINT "circle_reads_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposer_id" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"item_key" text NOT NULL,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circles_status_check" CHECK ("circles"."status" in ('proposed', 'accepted', 'declined', 'expired', 'cancelled', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "circle_id" integer;--> statement-breakpoint
ALTER TABLE "circle_legs" ADD CONSTRAINT "circle_legs_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_legs" ADD CONSTRAINT "circle_legs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_legs" ADD CONSTRAINT "circle_legs_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_legs" ADD CONSTRAINT "circle_legs_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_messages" ADD CONSTRAINT "circle_messages_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_messages" ADD CONSTRAINT "circle_messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reads" ADD CONSTRAINT "circle_reads_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reads" ADD CONSTRAINT "circle_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_legs_giver_idx" ON "circle_legs" USING btree ("giver_id","circle_id");--> statement-breakpoint
CREATE INDEX "circle_legs_item_idx" ON "circle_legs" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "circle_messages_circle_created_idx" ON "circle_messages" USING btree ("circle_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_open_item_key_idx" ON "circles" USING btree ("item_key") WHERE "circles"."status" in ('proposed', 'accepted');--> statement-breakpoint
CREATE INDEX "circles_proposed_expiry_idx" ON "circles" USING btree ("expires_at") WHERE "circles"."status" = 'proposed';--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_from_circle_to_idx" ON "feedback" USING btree ("from_user_id","circle_id","to_user_id");