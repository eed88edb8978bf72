-- Want alerts keep the browse page's Type filter (issue 38 §2): an alert saved with it hears only
-- of listings of that mode, 'swap' or 'giveaway'; null (every alert so far) hears of both.
ALTER TABLE "saved_searches" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_mode_check" CHECK ("saved_searches"."mode" in ('swap', 'giveaway'));
