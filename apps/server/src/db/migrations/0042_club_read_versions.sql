-- The version of what the club directory shows of its clubs: 'clubs.directory' in the tallies,
-- raised by every change of a unit (its name, council, category, description), a club's page, its
-- tags, the administrator's tag list or a logo. A server keeps a directory page it computed only
-- while the version it read before computing it holds (decision 0034); the next events on the
-- cards follow 'events.list', and the member counts and the viewer's follows are read on every
-- request.
-- The versions are raised when the writing transaction commits (deferred triggers): the tally row
-- is then the last lock a writer takes and holds it for the commit alone. Raised at once, it was
-- held from the first write on, and a page save (tally, then the unit's key for its tags) and an
-- administrator's edit of the unit (the unit, then the tally) deadlocked.
-- One function raises the tally its trigger names ('clubs.directory', 'clubs.rosters').
CREATE OR REPLACE FUNCTION bump_tally_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tallies (key, n) VALUES (TG_ARGV[0], 1)
    ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER org_units_club_directory_version AFTER INSERT OR UPDATE OR DELETE ON org_units
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.directory');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER club_pages_club_directory_version AFTER INSERT OR UPDATE OR DELETE ON club_pages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.directory');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER club_page_tags_club_directory_version AFTER INSERT OR UPDATE OR DELETE ON club_page_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.directory');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER club_tags_club_directory_version AFTER INSERT OR UPDATE OR DELETE ON club_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.directory');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER club_images_club_directory_version AFTER INSERT OR UPDATE OR DELETE ON club_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.directory');--> statement-breakpoint
INSERT INTO tallies (key, n) VALUES ('clubs.directory', 1) ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- The version of one club's roster, 'roster.<unit id>', raised by every change of its memberships;
-- and of every roster, 'clubs.rosters', raised when a person's name or student ID changes or a
-- position or its holders do (a roster names the positions its members hold). A server keeps a
-- roster page only while both versions it read before computing it hold (decision 0034). Raised
-- at commit too.
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
CREATE CONSTRAINT TRIGGER club_memberships_roster_version AFTER INSERT OR UPDATE OR DELETE ON club_memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_club_roster_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER position_holders_rosters_version AFTER INSERT OR UPDATE OR DELETE ON position_holders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.rosters');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER positions_rosters_version AFTER INSERT OR UPDATE OR DELETE ON positions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_tally_version('clubs.rosters');--> statement-breakpoint
-- Only a changed name or student ID counts: sign-ins and settings update people all day.
CREATE CONSTRAINT TRIGGER users_rosters_version AFTER UPDATE OF name, student_id ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.student_id IS DISTINCT FROM NEW.student_id)
  EXECUTE FUNCTION bump_tally_version('clubs.rosters');--> statement-breakpoint
INSERT INTO tallies (key, n) VALUES ('clubs.rosters', 1) ON CONFLICT (key) DO NOTHING;
