CREATE TABLE "item_wants" (
	"item_id" integer NOT NULL,
	"wanted_item_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "item_wants_item_id_wanted_item_id_pk" PRIMARY KEY("item_id","wanted_item_id")
);
--> statement-breakpoint
CREATE TABLE "match_views" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matching_listings" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"offer_vector" "tsvector" NOT NULL,
	"wanted_items" text
);
--> statement-breakpoint
CREATE TABLE "phrase_matches" (
	"phrase_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "phrase_matches_phrase_id_item_id_pk" PRIMARY KEY("phrase_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "want_cycles" (
	"item_a" integer NOT NULL,
	"item_b" integer NOT NULL,
	"item_c" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "want_cycles_item_a_item_b_item_c_pk" PRIMARY KEY("item_a","item_b","item_c")
);
--> statement-breakpoint
CREATE TABLE "want_edges" (
	"from_item_id" integer NOT NULL,
	"to_item_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"source" text NOT NULL,
	"rank" integer NOT NULL,
	"score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "want_edges_from_item_id_to_item_id_pk" PRIMARY KEY("from_item_id","to_item_id"),
	CONSTRAINT "want_edges_source_check" CHECK ("want_edges"."source" in ('listed', 'text'))
);
--> statement-breakpoint
CREATE TABLE "want_phrases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "want_phrases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"phrase" text NOT NULL,
	"query" "tsquery" NOT NULL,
	"key_lexeme" text NOT NULL,
	"match_count" integer DEFAULT 0 NOT NULL,
	"floor_score" real,
	"floor_item_id" integer
);
--> statement-breakpoint
ALTER TABLE "item_wants" ADD CONSTRAINT "item_wants_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_wants" ADD CONSTRAINT "item_wants_wanted_item_id_items_id_fk" FOREIGN KEY ("wanted_item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_views" ADD CONSTRAINT "match_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_listings" ADD CONSTRAINT "matching_listings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phrase_matches" ADD CONSTRAINT "phrase_matches_phrase_id_want_phrases_id_fk" FOREIGN KEY ("phrase_id") REFERENCES "public"."want_phrases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phrase_matches" ADD CONSTRAINT "phrase_matches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_cycles" ADD CONSTRAINT "want_cycles_item_a_items_id_fk" FOREIGN KEY ("item_a") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_cycles" ADD CONSTRAINT "want_cycles_item_b_items_id_fk" FOREIGN KEY ("item_b") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_cycles" ADD CONSTRAINT "want_cycles_item_c_items_id_fk" FOREIGN KEY ("item_c") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_edges" ADD CONSTRAINT "want_edges_from_item_id_items_id_fk" FOREIGN KEY ("from_item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_edges" ADD CONSTRAINT "want_edges_to_item_id_items_id_fk" FOREIGN KEY ("to_item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_phrases" ADD CONSTRAINT "want_phrases_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_wants_wanted_idx" ON "item_wants" USING btree ("wanted_item_id");--> statement-breakpoint
CREATE INDEX "matching_listings_offer_idx" ON "matching_listings" USING gin ("offer_vector");--> statement-breakpoint
CREATE INDEX "matching_listings_user_idx" ON "matching_listings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phrase_matches_item_idx" ON "phrase_matches" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "want_cycles_user_idx" ON "want_cycles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "want_edges_to_idx" ON "want_edges" USING btree ("to_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "want_phrases_item_position_idx" ON "want_phrases" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "want_phrases_key_idx" ON "want_phrases" USING btree ("key_lexeme");