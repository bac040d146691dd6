-- The tallies move once per statement instead of once per row: a statement that adds 10,000 claims
-- changes each tally row once, where the row triggers changed the same row 10,000 times in one
-- transaction (each change leaving a version that the next one had to step over). A trigger with
-- transition tables serves one event, so each table has one trigger per event.
DROP TRIGGER "feedback_tally" ON "feedback";--> statement-breakpoint
DROP TRIGGER "user_skill_tally" ON "user_skills";--> statement-breakpoint
DROP TRIGGER "achievement_tally" ON "achievements";--> statement-breakpoint
DROP FUNCTION "feedback_tally"();--> statement-breakpoint
DROP FUNCTION "user_skill_tally"();--> statement-breakpoint
DROP FUNCTION "achievement_tally"();--> statement-breakpoint
DROP FUNCTION "claim_tally_key"(uuid, boolean, timestamptz);--> statement-breakpoint
-- Adds up the changes of each key and applies them in the order of the keys, so two statements never
-- wait on each other's tally rows in opposite orders. Rows without a key (nothing waits) are skipped.
CREATE FUNCTION "tally_merge"("keys" text[], "deltas" int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "tallies" ("key", "n")
    SELECT k, sum(d) FROM unnest("keys", "deltas") AS u(k, d)
      WHERE k IS NOT NULL GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT ("key") DO UPDATE SET "n" = "tallies"."n" + excluded."n"
$$;--> statement-breakpoint
CREATE FUNCTION "feedback_tally_key"("type" text, "resolved" boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'feedback.' || "type" || CASE WHEN "resolved" THEN '.resolved' ELSE '.unresolved' END
$$;--> statement-breakpoint
CREATE FUNCTION "achievement_tally_key"("type" text, "verified" boolean, "declined" timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT "verified" AND "declined" IS NULL THEN 'achievements.' || "type" END
$$;--> statement-breakpoint
-- The transition tables of a statement: an insert has only new rows, a delete only old ones.
CREATE FUNCTION "feedback_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tally_merge"(array_agg("feedback_tally_key"("type"::text, "is_resolved")), array_agg(1)) FROM "tally_new";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tally_merge"(array_agg("feedback_tally_key"("type"::text, "is_resolved")), array_agg(-1)) FROM "tally_old";
  ELSE
    PERFORM "tally_merge"(array_agg(k), array_agg(d)) FROM (
      SELECT "feedback_tally_key"("type"::text, "is_resolved") AS k, 1 AS d FROM "tally_new"
      UNION ALL SELECT "feedback_tally_key"("type"::text, "is_resolved"), -1 FROM "tally_old"
    ) AS moves;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "achievement_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tally_merge"(array_agg("achievement_tally_key"("type"::text, "verified", "declined_at")), array_agg(1)) FROM "tally_new";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tally_merge"(array_agg("achievement_tally_key"("type"::text, "verified", "declined_at")), array_agg(-1)) FROM "tally_old";
  ELSE
    PERFORM "tally_merge"(array_agg(k), array_agg(d)) FROM (
      SELECT "achievement_tally_key"("type"::text, "verified", "declined_at") AS k, 1 AS d FROM "tally_new"
      UNION ALL SELECT "achievement_tally_key"("type"::text, "verified", "declined_at"), -1 FROM "tally_old"
    ) AS moves;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A claim waits while neither it nor its catalogue skill is endorsed away or declined. The skills
-- are read FOR SHARE, so a claim added while its skill is being declined or retyped waits for that
-- change and is counted by what it finds, never twice nor not at all.
CREATE FUNCTION "user_skill_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  skill_ids uuid[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("skill_id"), array_agg(1) INTO skill_ids, deltas
      FROM "tally_new" WHERE NOT "is_endorsed" AND "declined_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("skill_id"), array_agg(-1) INTO skill_ids, deltas
      FROM "tally_old" WHERE NOT "is_endorsed" AND "declined_at" IS NULL;
  ELSE
    SELECT array_agg(s), array_agg(d) INTO skill_ids, deltas FROM (
      SELECT "skill_id" AS s, 1 AS d FROM "tally_new" WHERE NOT "is_endorsed" AND "declined_at" IS NULL
      UNION ALL SELECT "skill_id", -1 FROM "tally_old" WHERE NOT "is_endorsed" AND "declined_at" IS NULL
    ) AS moves;
  END IF;
  IF skill_ids IS NULL THEN RETURN NULL; END IF;
  PERFORM "tally_merge"(array_agg('claims.' || skill."type"), array_agg(moves.d)) FROM
    unnest(skill_ids, deltas) AS moves(skill_id, d)
    JOIN (
      SELECT "id", "type" FROM "skills" WHERE "id" = ANY(skill_ids) AND "declined_at" IS NULL ORDER BY "id" FOR SHARE
    ) AS skill ON skill."id" = moves.skill_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "feedback_tally_insert" AFTER INSERT ON "feedback"
  REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_tally"();--> statement-breakpoint
CREATE TRIGGER "feedback_tally_update" AFTER UPDATE ON "feedback"
  REFERENCING OLD TABLE AS "tally_old" NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_tally"();--> statement-breakpoint
CREATE TRIGGER "feedback_tally_delete" AFTER DELETE ON "feedback"
  REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_tally"();--> statement-breakpoint
CREATE TRIGGER "achievement_tally_insert" AFTER INSERT ON "achievements"
  REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "achievement_tally"();--> statement-breakpoint
CREATE TRIGGER "achievement_tally_update" AFTER UPDATE ON "achievements"
  REFERENCING OLD TABLE AS "tally_old" NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "achievement_tally"();--> statement-breakpoint
CREATE TRIGGER "achievement_tally_delete" AFTER DELETE ON "achievements"
  REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "achievement_tally"();--> statement-breakpoint
CREATE TRIGGER "user_skill_tally_insert" AFTER INSERT ON "user_skills"
  REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "user_skill_tally"();--> statement-breakpoint
CREATE TRIGGER "user_skill_tally_update" AFTER UPDATE ON "user_skills"
  REFERENCING OLD TABLE AS "tally_old" NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "user_skill_tally"();--> statement-breakpoint
CREATE TRIGGER "user_skill_tally_delete" AFTER DELETE ON "user_skills"
  REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "user_skill_tally"();
