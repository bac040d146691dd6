ALTER TABLE "club_pages" ADD COLUMN "council_id" uuid;--> statement-breakpoint
ALTER TABLE "club_pages" ADD COLUMN "search_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "club_pages" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_council_id_org_units_id_fk" FOREIGN KEY ("council_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_pages_search_names_trgm_idx" ON "club_pages" USING gin ("search_names" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "club_pages_search_words_trgm_idx" ON "club_pages" USING gin ("search_words" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The nearest council body (a committee) at or above a unit, walking up at most 32 levels.
CREATE FUNCTION club_council_of(unit uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain(id, type, parent_id, depth) AS (
    SELECT id, type, parent_id, 0 FROM org_units WHERE id = unit
    UNION ALL
    SELECT parent.id, parent.type, parent.parent_id, chain.depth + 1
    FROM chain JOIN org_units parent ON parent.id = chain.parent_id
    WHERE chain.type <> 'committee' AND chain.depth < 32
  )
  SELECT id FROM chain WHERE type = 'committee' ORDER BY depth LIMIT 1
$$;--> statement-breakpoint
-- A page's council and search texts are computed whenever the page is written: the triggers
-- below touch the page (an update of no column) when its unit, its tags or a tag's name change.
CREATE FUNCTION club_page_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unit org_units;
  tag_names text;
BEGIN
  SELECT * INTO unit FROM org_units WHERE id = NEW.unit_id;
  SELECT string_agg(t.name, ' ' ORDER BY lower(t.name)) INTO tag_names
    FROM club_page_tags pt JOIN club_tags t ON t.id = pt.tag_id WHERE pt.unit_id = NEW.unit_id;
  NEW.council_id := club_council_of(NEW.unit_id);
  NEW.search_names := lower(concat_ws(' ', unit.name, tag_names, NEW.tagline));
  NEW.search_words := lower(concat_ws(' ', unit.name, tag_names, NEW.tagline, unit.description));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER club_pages_search_text BEFORE INSERT OR UPDATE ON club_pages
  FOR EACH ROW EXECUTE FUNCTION club_page_search_text();--> statement-breakpoint
-- Pages rewritten by a change elsewhere are locked in the order of their units' ids first, by
-- every trigger: two administrators' edits at once (a tag deleted, a unit moved) then wait for
-- each other instead of deadlocking. A writer locks a club's rows in the order unit, tags, the
-- page's tags, the page (saveClubPage does).
CREATE FUNCTION touch_club_pages(units uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM club_pages WHERE unit_id = ANY(units) ORDER BY unit_id FOR UPDATE;
  UPDATE club_pages SET search_names = search_names WHERE unit_id = ANY(units);
END $$;--> statement-breakpoint
CREATE FUNCTION club_page_tags_added_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_club_pages(ARRAY(SELECT DISTINCT unit_id FROM added_page_tags));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION club_page_tags_removed_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_club_pages(ARRAY(SELECT DISTINCT unit_id FROM removed_page_tags));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER club_page_tags_added_search_text AFTER INSERT ON club_page_tags
  REFERENCING NEW TABLE AS added_page_tags
  FOR EACH STATEMENT EXECUTE FUNCTION club_page_tags_added_search_text();--> statement-breakpoint
CREATE TRIGGER club_page_tags_removed_search_text AFTER DELETE ON club_page_tags
  REFERENCING OLD TABLE AS removed_page_tags
  FOR EACH STATEMENT EXECUTE FUNCTION club_page_tags_removed_search_text();--> statement-breakpoint
CREATE FUNCTION club_tags_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_club_pages(ARRAY(SELECT pt.unit_id FROM club_page_tags pt WHERE pt.tag_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER club_tags_search_text AFTER UPDATE OF name ON club_tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION club_tags_search_text();--> statement-breakpoint
-- A new parent or type may change the council of the unit and of every unit below it: their
-- pages are computed again. A name or description changes the unit's own.
CREATE FUNCTION org_units_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.type IS DISTINCT FROM NEW.type THEN
    PERFORM touch_club_pages(ARRAY(
      WITH RECURSIVE below(id, depth) AS (
        SELECT NEW.id, 0
        UNION
        SELECT o.id, below.depth + 1 FROM org_units o JOIN below ON o.parent_id = below.id
        WHERE below.depth < 32
      )
      SELECT DISTINCT id FROM below));
  ELSE
    PERFORM touch_club_pages(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER org_units_search_text AFTER UPDATE OF name, description, parent_id, type ON org_units
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION org_units_search_text();--> statement-breakpoint
UPDATE club_pages SET search_names = search_names;
