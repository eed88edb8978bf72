-- App servers keep a signed-in member's session and account for a moment (server/infra/
-- session-cache.ts). Whatever changes either, from any app server, job, script or psql session,
-- tells every server at once on the live-events channel (server/infra/event-bus.ts, which parses
-- these payloads: `sessionsOf` a member's id, or `allSessions`), and each forgets what it knew.
CREATE FUNCTION "session_cache_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('sessionsOf', OLD."id")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', json_build_object('sessionsOf', OLD."sess"->>'userId')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One notice per member whose sessions a statement deleted, or one for everyone past a hundred
-- members (the hourly purge of expired sessions, a mass sign-out).
CREATE FUNCTION "session_cache_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF (SELECT count(DISTINCT "sess"->>'userId') FROM ended) > 100 THEN
    PERFORM pg_notify('swapmarket_events', '{"allSessions":true}');
    RETURN NULL;
  END IF;
  FOR member IN SELECT DISTINCT "sess"->>'userId' FROM ended LOOP
    PERFORM pg_notify('swapmarket_events', json_build_object('sessionsOf', member)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_everyone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('swapmarket_events', '{"allSessions":true}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "session_cache_member_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_member_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_ended" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_sessions_ended"();
--> statement-breakpoint
-- Not when a session's idle expiry only moves forward (once a minute per session in use): servers
-- judge a known session's expiry themselves.
CREATE TRIGGER "sessions_session_cache_changed" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (NEW."expire" < OLD."expire" OR NEW."sess" IS DISTINCT FROM OLD."sess"
    OR NEW."sid" IS DISTINCT FROM OLD."sid")
  EXECUTE FUNCTION "session_cache_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_everyone_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_everyone_changed"();
