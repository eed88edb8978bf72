-- Chat across instances (issue 39): each message that arrived as a Note on an offer across
-- instances, beside the Note's id, written with the message: the same Note delivered twice (two
-- deliveries processed at once) is stored once.
CREATE TABLE "federated_messages" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federated_messages" ADD CONSTRAINT "federated_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_messages_note_id_idx" ON "federated_messages" USING btree ("note_id");
