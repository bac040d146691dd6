CREATE TABLE "tallies" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "tally_add"("tally_key" text, "delta" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "tallies" ("key", "n") VALUES ("tally_key", "delta")
  ON CONFLICT ("key") DO UPDATE SET "n" = "tallies"."n" + excluded."n"
$$;--> statement-breakpoint
CREATE FUNCTION "feedback_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_key := 'feedback.' || OLD.type || CASE WHEN OLD.is_resolved THEN '.resolved' ELSE '.unresolved' END;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_key := 'feedback.' || NEW.type || CASE WHEN NEW.is_resolved THEN '.resolved' ELSE '.unresolved' END;
  END IF;
  IF old_key IS DISTINCT FROM new_key THEN
    IF old_key IS NOT NULL THEN PERFORM "tally_add"(old_key, -1); END IF;
    IF new_key IS NOT NULL THEN PERFORM "tally_add"(new_key, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "feedback_tally" AFTER INSERT OR DELETE OR UPDATE OF "type", "is_resolved" ON "feedback"
  FOR EACH ROW EXECUTE FUNCTION "feedback_tally"();--> statement-breakpoint
-- A claim waits while neither it nor its catalogue skill is endorsed away or declined. The skill row
-- is read FOR SHARE, so a claim added while its skill is being declined or retyped waits for that
-- change and is counted by what it finds, never twice nor not at all.
CREATE FUNCTION "claim_tally_key"("claim_skill" uuid, "endorsed" boolean, "declined" timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  skill_type text;
  skill_declined timestamptz;
BEGIN
  IF endorsed OR declined IS NOT NULL THEN RETURN NULL; END IF;
  SELECT "type", "declined_at" INTO skill_type, skill_declined FROM "skills" WHERE "id" = claim_skill FOR SHARE;
  IF skill_type IS NULL OR skill_declined IS NOT NULL THEN RETURN NULL; END IF;
  RETURN 'claims.' || skill_type;
END
$$;--> statement-breakpoint
CREATE FUNCTION "user_skill_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_key := "claim_tally_key"(OLD.skill_id, OLD.is_endorsed, OLD.declined_at); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_key := "claim_tally_key"(NEW.skill_id, NEW.is_endorsed, NEW.declined_at); END IF;
  IF old_key IS DISTINCT FROM new_key THEN
    IF old_key IS NOT NULL THEN PERFORM "tally_add"(old_key, -1); END IF;
    IF new_key IS NOT NULL THEN PERFORM "tally_add"(new_key, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_skill_tally" AFTER INSERT OR DELETE OR UPDATE OF "skill_id", "is_endorsed", "declined_at" ON "user_skills"
  FOR EACH ROW EXECUTE FUNCTION "user_skill_tally"();--> statement-breakpoint
-- Declining or retyping a catalogue skill moves its waiting claims with it.
CREATE FUNCTION "skill_claims_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting bigint;
BEGIN
  IF OLD.type = NEW.type AND (OLD.declined_at IS NULL) = (NEW.declined_at IS NULL) THEN RETURN NULL; END IF;
  SELECT count(*) INTO waiting FROM "user_skills" WHERE "skill_id" = NEW.id AND NOT "is_endorsed" AND "declined_at" IS NULL;
  IF waiting = 0 THEN RETURN NULL; END IF;
  IF OLD.declined_at IS NULL THEN PERFORM "tally_add"('claims.' || OLD.type, -waiting); END IF;
  IF NEW.declined_at IS NULL THEN PERFORM "tally_add"('claims.' || NEW.type, waiting); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "skill_claims_tally" AFTER UPDATE OF "type", "declined_at" ON "skills"
  FOR EACH ROW EXECUTE FUNCTION "skill_claims_tally"();--> statement-breakpoint
CREATE FUNCTION "achievement_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.verified AND OLD.declined_at IS NULL THEN old_key := 'achievements.' || OLD.type; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.verified AND NEW.declined_at IS NULL THEN new_key := 'achievements.' || NEW.type; END IF;
  IF old_key IS DISTINCT FROM new_key THEN
    IF old_key IS NOT NULL THEN PERFORM "tally_add"(old_key, -1); END IF;
    IF new_key IS NOT NULL THEN PERFORM "tally_add"(new_key, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "achievement_tally" AFTER INSERT OR DELETE OR UPDATE OF "type", "verified", "declined_at" ON "achievements"
  FOR EACH ROW EXECUTE FUNCTION "achievement_tally"();--> statement-breakpoint
INSERT INTO "tallies" ("key", "n")
  SELECT 'feedback.' || "type" || CASE WHEN "is_resolved" THEN '.resolved' ELSE '.unresolved' END, count(*) FROM "feedback" GROUP BY 1
  UNION ALL
  SELECT 'claims.' || s."type", count(*) FROM "user_skills" us JOIN "skills" s ON s."id" = us."skill_id"
    WHERE NOT us."is_endorsed" AND us."declined_at" IS NULL AND s."declined_at" IS NULL GROUP BY 1
  UNION ALL
  SELECT 'achievements.' || "type", count(*) FROM "achievements" WHERE NOT "verified" AND "declined_at" IS NULL GROUP BY 1;
