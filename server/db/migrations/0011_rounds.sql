CREATE TABLE "round_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "round_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"wants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_trades" (
	"round_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"loop" integer NOT NULL,
	"position" integer NOT NULL,
	"giver_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"for_entry_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "round_trades_round_id_entry_id_pk" PRIMARY KEY("round_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organiser_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entries_close_at" timestamp with time zone NOT NULL,
	"wants_close_at" timestamp with time zone NOT NULL,
	"shipping_deadline" timestamp with time zone NOT NULL,
	"max_loop_length" integer,
	"join_policy" text DEFAULT 'anyone' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"hidden_at" timestamp with time zone,
	"seed" integer NOT NULL,
	"result" jsonb,
	"solved_want_list" text,
	"report" text,
	"solved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_state_check" CHECK ("rounds"."state" in ('open', 'solved', 'closed')),
	CONSTRAINT "rounds_join_policy_check" CHECK ("rounds"."join_policy" in ('anyone', 'verified')),
	CONSTRAINT "rounds_dates_check" CHECK ("rounds"."entries_close_at" < "rounds"."wants_close_at" and "rounds"."wants_close_at" < "rounds"."shipping_deadline")
);
--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trades" ADD CONSTRAINT "round_trades_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trades" ADD CONSTRAINT "round_trades_entry_id_round_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."round_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trades" ADD CONSTRAINT "round_trades_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trades" ADD CONSTRAINT "round_trades_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trades" ADD CONSTRAINT "round_trades_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "round_entries_round_item_idx" ON "round_entries" USING btree ("round_id","item_id");--> statement-breakpoint
CREATE INDEX "round_entries_user_idx" ON "round_entries" USING btree ("user_id","round_id");--> statement-breakpoint
CREATE INDEX "round_entries_item_idx" ON "round_entries" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "round_trades_giver_idx" ON "round_trades" USING btree ("giver_id","round_id");--> statement-breakpoint
CREATE INDEX "round_trades_receiver_idx" ON "round_trades" USING btree ("receiver_id","round_id");--> statement-breakpoint
CREATE INDEX "round_trades_item_idx" ON "round_trades" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "rounds_created_idx" ON "rounds" USING btree ("created_at" DESC NULLS LAST);