-- Issue 36 §2: the want graph's upkeep leaves the request. A change's transaction appends the
-- listing to want_graph_changes (and its named wants to item_wants); the matching upkeep job
-- applies it under the graph's advisory lock. Derived rows lose their foreign keys to items: a
-- deleting request must not cascade into rows the upkeep is changing (it would wait on its row
-- locks) nor hide from it which edges went; the upkeep removes a deleted listing's rows itself.
CREATE TABLE "want_graph_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "want_graph_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"wants" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matching_listings" DROP CONSTRAINT "matching_listings_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "phrase_matches" DROP CONSTRAINT "phrase_matches_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_cycles" DROP CONSTRAINT "want_cycles_item_a_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_cycles" DROP CONSTRAINT "want_cycles_item_b_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_cycles" DROP CONSTRAINT "want_cycles_item_c_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_edges" DROP CONSTRAINT "want_edges_from_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_edges" DROP CONSTRAINT "want_edges_to_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "want_phrases" DROP CONSTRAINT "want_phrases_item_id_items_id_fk";
--> statement-breakpoint
CREATE INDEX "want_cycles_bc_idx" ON "want_cycles" USING btree ("item_b","item_c");
--> statement-breakpoint
-- Each listing keeps its best 80 circles (CIRCLES_PER_LISTING: the sum of the legs' ranks, then
-- the next listings' ids), as the upkeep and the rebuild now do.
DELETE FROM "want_cycles" w
 USING (SELECT c."item_a", c."item_b", c."item_c",
               row_number() OVER (PARTITION BY c."item_a"
                                  ORDER BY ab."rank" + bc."rank" + ca."rank", c."item_b", c."item_c") AS n
          FROM "want_cycles" c
          JOIN "want_edges" ab ON ab."from_item_id" = c."item_a" AND ab."to_item_id" = c."item_b"
          JOIN "want_edges" bc ON bc."from_item_id" = c."item_b" AND bc."to_item_id" = c."item_c"
          JOIN "want_edges" ca ON ca."from_item_id" = c."item_c" AND ca."to_item_id" = c."item_a") r
 WHERE r.n > 80 AND w."item_a" = r."item_a" AND w."item_b" = r."item_b" AND w."item_c" = r."item_c";
--> statement-breakpoint
-- Issue 36 §5: an organiser's import sets an entry's wants only if its owner has not set them in
-- the app, or let the organiser. Wants already there count as set by their owner.
ALTER TABLE "round_entries" ADD COLUMN "wants_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "round_entries" ADD COLUMN "organiser_sets_wants" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "round_entries" SET "wants_set_at" = "created_at" WHERE "wants" <> '[]'::jsonb;
