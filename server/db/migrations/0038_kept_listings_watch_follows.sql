-- A listing of another instance says whether offers on it travel there (issue 39 §1): both
-- follows accepted and no block. Kept listing pages read those columns, so a change to them
-- forgets the pages, as a change to the instance's host or name does; not its delivery counters.
CREATE OR REPLACE FUNCTION "listings_instances_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
              WHERE (n."host", n."name", n."base_url", n."following", n."follower", n."blocked")
                    IS DISTINCT FROM
                    (o."host", o."name", o."base_url", o."following", o."follower", o."blocked")) THEN
    PERFORM pg_notify('swapmarket_events', '{"kept":"listings","all":true}');
  END IF;
  RETURN NULL;
END
$$;
