-- Circles across instances (issue 39 §2): each circle with members of other instances beside the
-- id of its coordinator's Offer (the same Offer twice is stored once); on the coordinator, when
-- each other instance was last sent the circle's state and last answered (24 h unanswered: the
-- circle expires); and each group-chat message that arrived as a Note, beside the Note's id.
CREATE TABLE "federated_circle_messages" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federated_circle_peers" (
	"circle_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heard_at" timestamp with time zone,
	CONSTRAINT "federated_circle_peers_circle_id_instance_id_pk" PRIMARY KEY("circle_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "federated_circles" (
	"circle_id" integer PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"coordinator_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federated_circle_messages" ADD CONSTRAINT "federated_circle_messages_message_id_circle_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."circle_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_circle_peers" ADD CONSTRAINT "federated_circle_peers_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_circle_peers" ADD CONSTRAINT "federated_circle_peers_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_circles" ADD CONSTRAINT "federated_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_circles" ADD CONSTRAINT "federated_circles_coordinator_instance_id_instances_id_fk" FOREIGN KEY ("coordinator_instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_circle_messages_note_id_idx" ON "federated_circle_messages" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_circles_offer_id_idx" ON "federated_circles" USING btree ("offer_id");