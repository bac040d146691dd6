-- Every statement that ends sessions (sign-out, sign-out everywhere, a deactivation, a password
-- change, the sweep of expired ones) tells every server process, once it commits, whose sessions
-- ended: their live notification streams check their session at once instead of at the next
-- heartbeat. A list too long for one notice says '*': every stream checks.
CREATE FUNCTION "sessions_ended_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT e."user_id"::text, ',') INTO ids FROM "ended_sessions" e;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('cosa_sessions_ended', CASE WHEN length(ids) <= 7000 THEN ids ELSE '*' END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notice" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS "ended_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended_notice"();
