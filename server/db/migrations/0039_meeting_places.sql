-- Safe meeting places (issue 40 §4): kept by admins, suggested in a local offer's chat. The
-- point is ll_to_earth(latitude, longitude), GiST-indexed: the suggestions walk it nearest-first.
CREATE TABLE "meeting_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"point" "cube" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meeting_places_point_idx" ON "meeting_places" USING gist ("point");
