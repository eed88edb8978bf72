-- App servers now keep the pages of a chat with the pages of offers (both under OFFERS_CACHE_MS,
-- server/features/swaps/offers-cache.ts). A chat shows each message's text and time as well as
-- whether it was read: a change to either, however made, tells both parties' servers too.
CREATE OR REPLACE FUNCTION "offers_cache_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "swap_request_id" FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(
      SELECT n."swap_request_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE (n."is_read", n."from_user_id", n."swap_request_id", n."content", n."created_at")
             IS DISTINCT FROM (o."is_read", o."from_user_id", o."swap_request_id", o."content", o."created_at")
      UNION SELECT o."swap_request_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE (n."is_read", n."from_user_id", n."swap_request_id", n."content", n."created_at")
             IS DISTINCT FROM (o."is_read", o."from_user_id", o."swap_request_id", o."content", o."created_at"))));
  ELSE
    PERFORM "offers_cache_tell"("offers_cache_parties"(ARRAY(SELECT DISTINCT "swap_request_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
