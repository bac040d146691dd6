-- The version of what the club directory shows of its clubs: 'clubs.directory' in the tallies,
-- raised by every statement that changes a unit (its name, council, category, description), a
-- club's page, its tags, the administrator's tag list or a logo. A server keeps a directory page it
-- computed only while the version it read before computing it holds (decision 0034); the next
-- events on the cards follow 'events.list', and the member counts and the viewer's follows are
-- read on every request.
CREATE OR REPLACE FUNCTION bump_club_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tallies (key, n) VALUES ('clubs.directory', 1)
    ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER org_units_club_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON org_units
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_directory_version();--> statement-breakpoint
CREATE TRIGGER club_pages_club_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON club_pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_directory_version();--> statement-breakpoint
CREATE TRIGGER club_page_tags_club_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON club_page_tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_directory_version();--> statement-breakpoint
CREATE TRIGGER club_tags_club_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON club_tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_directory_version();--> statement-breakpoint
CREATE TRIGGER club_images_club_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON club_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_directory_version();--> statement-breakpoint
INSERT INTO tallies (key, n) VALUES ('clubs.directory', 1) ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- The version of one club's roster, 'roster.<unit id>', raised by every change of its memberships;
-- and of every roster, 'clubs.rosters', raised when a person's name or student ID changes or a
-- position or its holders do (a roster names the positions its members hold). A server keeps a
-- roster page only while both versions it read before computing it hold (decision 0034).
CREATE OR REPLACE FUNCTION bump_club_roster_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO tallies (key, n) VALUES ('roster.' || OLD.unit_id, 1)
      ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.unit_id IS DISTINCT FROM OLD.unit_id) THEN
    INSERT INTO tallies (key, n) VALUES ('roster.' || NEW.unit_id, 1)
      ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER club_memberships_roster_version AFTER INSERT OR UPDATE OR DELETE ON club_memberships
  FOR EACH ROW EXECUTE FUNCTION bump_club_roster_version();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_club_rosters_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tallies (key, n) VALUES ('clubs.rosters', 1)
    ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER position_holders_rosters_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON position_holders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_rosters_version();--> statement-breakpoint
CREATE TRIGGER positions_rosters_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_rosters_version();--> statement-breakpoint
-- A person's update raises it only when a name or a student ID changed: sign-ins and settings
-- update people all day.
CREATE OR REPLACE FUNCTION bump_club_rosters_version_for_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM roster_people_before b JOIN roster_people_after a ON a.id = b.id
      WHERE a.name IS DISTINCT FROM b.name OR a.student_id IS DISTINCT FROM b.student_id) THEN
    INSERT INTO tallies (key, n) VALUES ('clubs.rosters', 1)
      ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rosters_version AFTER UPDATE ON users
  REFERENCING OLD TABLE AS roster_people_before NEW TABLE AS roster_people_after
  FOR EACH STATEMENT EXECUTE FUNCTION bump_club_rosters_version_for_people();--> statement-breakpoint
INSERT INTO tallies (key, n) VALUES ('clubs.rosters', 1) ON CONFLICT (key) DO NOTHING;
