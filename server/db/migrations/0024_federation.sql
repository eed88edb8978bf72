CREATE TABLE "federation_keys" (
	"owner" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"host" text NOT NULL,
	"base_url" text NOT NULL,
	"actor_url" text NOT NULL,
	"inbox_url" text NOT NULL,
	"shared_inbox_url" text,
	"name" text,
	"following" text DEFAULT 'none' NOT NULL,
	"follower" text DEFAULT 'none' NOT NULL,
	"our_follow_id" text,
	"their_follow_id" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instances_following_check" CHECK ("instances"."following" in ('none', 'pending', 'accepted', 'rejected')),
	CONSTRAINT "instances_follower_check" CHECK ("instances"."follower" in ('none', 'pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "remote_photos" (
	"source_url" text PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "origin_instance_id" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "origin_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "origin_instance_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "actor_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_keys_owner_idx" ON "federation_keys" USING btree ("owner","algorithm");--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_host_idx" ON "instances" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_actor_url_idx" ON "instances" USING btree ("actor_url");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_origin_instance_id_instances_id_fk" FOREIGN KEY ("origin_instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_origin_instance_id_instances_id_fk" FOREIGN KEY ("origin_instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_origin_url_idx" ON "items" USING btree ("origin_url");--> statement-breakpoint
CREATE INDEX "items_origin_instance_idx" ON "items" USING btree ("origin_instance_id") WHERE "items"."origin_instance_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_actor_url_idx" ON "users" USING btree ("actor_url");--> statement-breakpoint
CREATE INDEX "users_origin_instance_idx" ON "users" USING btree ("origin_instance_id") WHERE "users"."origin_instance_id" is not null;--> statement-breakpoint
-- Pages and listings now show where a listing comes from (its instance's host and name, its
-- object id) and a remote owner's profile page: the `listings` triggers (0022) watch those too.
CREATE OR REPLACE FUNCTION "listings_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."title", n."description", n."category_id", n."condition", n."images",
                     n."user_id", n."wanted_items", n."estimated_value", n."is_open_to_offers",
                     n."location", n."latitude", n."longitude", n."public_latitude",
                     n."public_longitude", n."is_active", n."deleted_at", n."reserved_by",
                     n."origin_instance_id", n."origin_url", n."created_at", n."updated_at")
                    IS DISTINCT FROM
                    (o."title", o."description", o."category_id", o."condition", o."images",
                     o."user_id", o."wanted_items", o."estimated_value", o."is_open_to_offers",
                     o."location", o."latitude", o."longitude", o."public_latitude",
                     o."public_longitude", o."is_active", o."deleted_at", o."reserved_by",
                     o."origin_instance_id", o."origin_url", o."created_at", o."updated_at")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "listings_owners_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."nickname", n."first_name", n."last_name", n."profile_image_url",
                     n."email_verified_at", n."suspended_at", n."profile_url")
                    IS DISTINCT FROM
                    (o."nickname", o."first_name", o."last_name", o."profile_image_url",
                     o."email_verified_at", o."suspended_at", o."profile_url")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An instance's host or name, as its listings show them; not its delivery counters.
CREATE FUNCTION "listings_instances_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."host", n."name", n."base_url") IS DISTINCT FROM (o."host", o."name", o."base_url")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "instances_listings_updated" AFTER UPDATE ON "instances"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "listings_instances_updated"();
