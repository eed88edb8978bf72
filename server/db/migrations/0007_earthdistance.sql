-- Radius search on listings' public points (cube + earthdistance ship with PostgreSQL's contrib:
-- the embedded server and Debian's postgresql-15 both have them).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
