-- Offers across instances (issue 39 §1): each offer between a member of ours and one of another
-- instance, beside the id of its ActivityPub Offer (the other side's Accept, Reject and Undo name
-- it) and the other party's actor, the only one whose answers count. Unique by the Offer's id: the
-- same Offer delivered twice is stored once.
CREATE TABLE "federated_offers" (
	"swap_request_id" integer PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"instance_id" integer NOT NULL,
	"peer_actor_url" text NOT NULL,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federated_offers_direction_check" CHECK ("federated_offers"."direction" in ('sent', 'received'))
);
--> statement-breakpoint
ALTER TABLE "federated_offers" ADD CONSTRAINT "federated_offers_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_offers" ADD CONSTRAINT "federated_offers_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_offers_offer_id_idx" ON "federated_offers" USING btree ("offer_id");
