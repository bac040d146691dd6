-- The version of what the /events list shows: 'events.list' in the tallies, raised by every
-- statement that changes an event or an organizing unit (its name is on the list and searched).
-- A server keeps a list it computed only while the version it read before computing it holds
-- (decision 0030), so a change made by any server process is seen by the next request to every one.
CREATE OR REPLACE FUNCTION bump_events_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tallies (key, n) VALUES ('events.list', 1)
    ON CONFLICT (key) DO UPDATE SET n = tallies.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION bump_events_list_version();--> statement-breakpoint
CREATE TRIGGER org_units_events_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON org_units
  FOR EACH STATEMENT EXECUTE FUNCTION bump_events_list_version();--> statement-breakpoint
INSERT INTO tallies (key, n) VALUES ('events.list', 1) ON CONFLICT (key) DO NOTHING;
