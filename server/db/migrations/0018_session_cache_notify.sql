-- App servers keep a signed-in member's session and account for a moment (server/infra/
-- session-cache.ts). Whatever changes either, from any app server, script or psql session, tells
-- every server at once through the live-events channel, which forgets that member's sessions.
-- The payload's shape is the event bus's (server/infra/event-bus.ts, `sessionsOf`).
CREATE FUNCTION "member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('sessionsOf', OLD."id")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('sessionsOf', OLD."sess"->>'userId')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_member_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "member_changed"();
--> statement-breakpoint
-- Not when a session's idle expiry only moves forward (once a minute per session in use): servers
-- judge a known session's expiry themselves, and those notices would queue commits behind
-- NOTIFY's lock for nothing.
CREATE TRIGGER "sessions_session_ended" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_changed" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (NEW."expire" < OLD."expire" OR NEW."sess" IS DISTINCT FROM OLD."sess"
    OR NEW."sid" IS DISTINCT FROM OLD."sid")
  EXECUTE FUNCTION "session_changed"();
