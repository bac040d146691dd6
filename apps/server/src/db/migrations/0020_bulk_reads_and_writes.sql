-- announcements.readers follows the reads of its notifications from what each statement read and
-- unread, counted on each side apart: joining the statement's old and new rows had no index to go
-- by, and a statement reading many notifications at once took time growing with their square.
-- The rows are still locked in id order first, so two statements touching the same announcements
-- never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION announcement_readers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM announcements a
      WHERE a.id IN (SELECT s.announcement_id
                     FROM (SELECT n.announcement_id, 1 AS delta FROM new_rows n WHERE n.announcement_id IS NOT NULL AND n.read_at IS NOT NULL
                           UNION ALL
                           SELECT o.announcement_id, -1 FROM old_rows o WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL) s
                     GROUP BY s.announcement_id
                     HAVING sum(s.delta) <> 0)
      ORDER BY a.id FOR UPDATE;
    UPDATE announcements a SET readers = a.readers + d.delta
      FROM (SELECT s.announcement_id, sum(s.delta)::int AS delta
            FROM (SELECT n.announcement_id, 1 AS delta FROM new_rows n WHERE n.announcement_id IS NOT NULL AND n.read_at IS NOT NULL
                  UNION ALL
                  SELECT o.announcement_id, -1 FROM old_rows o WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL) s
            GROUP BY s.announcement_id
            HAVING sum(s.delta) <> 0) d
      WHERE a.id = d.announcement_id;
  ELSE
    PERFORM 1 FROM announcements a
      WHERE a.id IN (SELECT o.announcement_id FROM old_rows o WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL)
      ORDER BY a.id FOR UPDATE;
    UPDATE announcements a SET readers = a.readers - d.n
      FROM (SELECT o.announcement_id, count(*)::int AS n FROM old_rows o
            WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL GROUP BY o.announcement_id) d
      WHERE a.id = d.announcement_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The audit triggers run only for a transaction that names its actor, tested before the function is
-- called: a bulk load or a student's own change (no actor) pays nothing for them.
DROP TRIGGER "users_audit" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('account');
--> statement-breakpoint
DROP TRIGGER "org_units_audit" ON "org_units";--> statement-breakpoint
CREATE TRIGGER "org_units_audit" AFTER INSERT OR UPDATE OR DELETE ON "org_units" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('unit');
--> statement-breakpoint
DROP TRIGGER "rooms_audit" ON "rooms";--> statement-breakpoint
CREATE TRIGGER "rooms_audit" AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('room');
--> statement-breakpoint
DROP TRIGGER "skills_audit" ON "skills";--> statement-breakpoint
CREATE TRIGGER "skills_audit" AFTER INSERT OR UPDATE OR DELETE ON "skills" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('skill');
--> statement-breakpoint
DROP TRIGGER "user_skills_audit" ON "user_skills";--> statement-breakpoint
CREATE TRIGGER "user_skills_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_skills" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('endorsement');
--> statement-breakpoint
DROP TRIGGER "achievements_audit" ON "achievements";--> statement-breakpoint
CREATE TRIGGER "achievements_audit" AFTER INSERT OR UPDATE OR DELETE ON "achievements" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('verification');
--> statement-breakpoint
DROP TRIGGER "feedback_audit" ON "feedback";--> statement-breakpoint
CREATE TRIGGER "feedback_audit" AFTER INSERT OR UPDATE OR DELETE ON "feedback" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('resolution');
--> statement-breakpoint
DROP TRIGGER "room_bookings_audit" ON "room_bookings";--> statement-breakpoint
CREATE TRIGGER "room_bookings_audit" AFTER INSERT OR UPDATE OR DELETE ON "room_bookings" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('approval');
--> statement-breakpoint
DROP TRIGGER "positions_audit" ON "positions";--> statement-breakpoint
CREATE TRIGGER "positions_audit" AFTER INSERT OR UPDATE OR DELETE ON "positions" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('position');
--> statement-breakpoint
DROP TRIGGER "position_holders_audit" ON "position_holders";--> statement-breakpoint
CREATE TRIGGER "position_holders_audit" AFTER INSERT OR UPDATE OR DELETE ON "position_holders" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('position');
--> statement-breakpoint
DROP TRIGGER "events_audit" ON "events";--> statement-breakpoint
CREATE TRIGGER "events_audit" AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('event');
--> statement-breakpoint
-- Running counts of the position holdings, in the tallies: 'holdings' (all), 'holdings.kept' (not
-- declined), 'holdings.tenure.<tenure>', 'holdings.status.<status>' and
-- 'holdings.tenure.<tenure>.status.<status>' (the holder list's filters), 'held.<tenure>' and
-- 'held.<tenure>.<position id>' (active and verified: the seats filled in a tenure). The lists and
-- the dashboards read a few rows instead of counting every holding of the campus.
CREATE FUNCTION "holding_tally_keys"("tenure" text, "status" text, "verification" text, "position_id" uuid) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['holdings', 'holdings.tenure.' || "tenure", 'holdings.status.' || "status", 'holdings.tenure.' || "tenure" || '.status.' || "status"]
    || CASE WHEN "verification" <> 'declined' THEN ARRAY['holdings.kept'] ELSE ARRAY[]::text[] END
    || CASE WHEN "status" = 'active' AND "verification" = 'verified' THEN ARRAY['held.' || "tenure", 'held.' || "tenure" || '.' || "position_id"] ELSE ARRAY[]::text[] END
$$;--> statement-breakpoint
CREATE FUNCTION "holding_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tally_merge"(array_agg(k), array_agg(1)) FROM "tally_new" h, unnest("holding_tally_keys"(h."tenure_year", h."status", h."verification", h."position_id")) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tally_merge"(array_agg(k), array_agg(-1)) FROM "tally_old" h, unnest("holding_tally_keys"(h."tenure_year", h."status", h."verification", h."position_id")) AS k;
  ELSE
    PERFORM "tally_merge"(array_agg(k), array_agg(d)) FROM (
      SELECT k, 1 AS d FROM "tally_new" h, unnest("holding_tally_keys"(h."tenure_year", h."status", h."verification", h."position_id")) AS k
      UNION ALL SELECT k, -1 FROM "tally_old" h, unnest("holding_tally_keys"(h."tenure_year", h."status", h."verification", h."position_id")) AS k
    ) AS moves;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "holding_tally_insert" AFTER INSERT ON "position_holders" REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "holding_tally"();--> statement-breakpoint
CREATE TRIGGER "holding_tally_update" AFTER UPDATE ON "position_holders" REFERENCING OLD TABLE AS "tally_old" NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "holding_tally"();--> statement-breakpoint
CREATE TRIGGER "holding_tally_delete" AFTER DELETE ON "position_holders" REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "holding_tally"();--> statement-breakpoint
-- The triggers hold the table from here to the commit, so the counts below are the whole truth.
INSERT INTO "tallies" ("key", "n")
  SELECT k, count(*) FROM "position_holders" h, unnest("holding_tally_keys"(h."tenure_year", h."status", h."verification", h."position_id")) AS k GROUP BY k
ON CONFLICT ("key") DO UPDATE SET "n" = excluded."n";
--> statement-breakpoint
-- COSA View walks the units by name, their positions in use by title and the seats held of each by name.
DROP INDEX "position_holders_position_active_idx";--> statement-breakpoint
CREATE INDEX "position_holders_position_held_idx" ON "position_holders" USING btree ("position_id","tenure_year","holder_key","id") WHERE "position_holders"."status" = 'active' and "position_holders"."verification" = 'verified';--> statement-breakpoint
CREATE INDEX "positions_unit_title_idx" ON "positions" USING btree ("unit_id","title","id") WHERE "positions"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "position_holders_tenure_status_created_idx" ON "position_holders" USING btree ("tenure_year","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX "users_search_key_trgm_idx";