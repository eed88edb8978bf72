-- Remote listings stored before this keep the wants they could name; the rest arrive with their next Update.
CREATE TABLE "remote_wants" (
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"wanted_url" text NOT NULL,
	CONSTRAINT "remote_wants_item_id_position_pk" PRIMARY KEY("item_id","position")
);
--> statement-breakpoint
ALTER TABLE "remote_wants" ADD CONSTRAINT "remote_wants_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_wants_wanted_url_idx" ON "remote_wants" USING btree ("wanted_url");