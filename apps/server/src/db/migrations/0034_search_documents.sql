DROP INDEX "org_units_search_fts_idx";--> statement-breakpoint
DROP INDEX "positions_search_fts_idx";--> statement-breakpoint
DROP INDEX "events_search_fts_idx";--> statement-breakpoint
ALTER TABLE "org_units" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(description, ''))) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(description, ''))) STORED;--> statement-breakpoint
CREATE INDEX "feedback_open_comments_trgm_idx" ON "feedback" USING gin ("comments" gin_trgm_ops) WHERE "feedback"."is_resolved" = false;--> statement-breakpoint
CREATE INDEX "org_units_search_fts_idx" ON "org_units" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "positions_search_fts_idx" ON "positions" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "events_search_fts_idx" ON "events" USING gin ("search_document");--> statement-breakpoint
-- The audit log leaves the stored search documents out, as it leaves out the other search copies.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('cosa.actor_id', true), '')::uuid;
  hidden text[] := ARRAY['password_hash', 'google_subject', 'search_key', 'search_text', 'holder_key', 'holder_email', 'holder_student_id', 'search_document', 'updated_at'];
  old_row jsonb;
  new_row jsonb;
  changed jsonb;
  kind text := TG_ARGV[0];
  label text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - hidden;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - hidden;
  END IF;
  IF TG_TABLE_NAME = 'feedback' THEN
    IF coalesce((old_row ->> 'is_anonymous')::boolean, false) OR coalesce((new_row ->> 'is_anonymous')::boolean, false) THEN
      old_row := old_row - 'author_id';
      new_row := new_row - 'author_id';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;
  changed := coalesce(new_row, old_row);
  IF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'users' AND (old_row -> 'role' IS DISTINCT FROM new_row -> 'role' OR old_row -> 'club_unit_id' IS DISTINCT FROM new_row -> 'club_unit_id') THEN
      kind := 'role';
    ELSIF TG_TABLE_NAME = 'skills' AND (old_row -> 'is_endorsed' IS DISTINCT FROM new_row -> 'is_endorsed' OR old_row -> 'declined_at' IS DISTINCT FROM new_row -> 'declined_at') THEN
      kind := 'endorsement';
    ELSIF TG_TABLE_NAME = 'position_holders' AND (old_row -> 'verification' IS DISTINCT FROM new_row -> 'verification') THEN
      kind := 'verification';
    END IF;
  END IF;
  label := CASE TG_TABLE_NAME
    WHEN 'user_skills' THEN (SELECT u.name || ': ' || s.name FROM users u, skills s WHERE u.id = (changed ->> 'user_id')::uuid AND s.id = (changed ->> 'skill_id')::uuid)
    WHEN 'position_holders' THEN (SELECT u.name || ': ' || p.title FROM users u, positions p WHERE u.id = (changed ->> 'user_id')::uuid AND p.id = (changed ->> 'position_id')::uuid)
    WHEN 'room_bookings' THEN (SELECT r.name || ', ' || (changed ->> 'date') FROM rooms r WHERE r.id = (changed ->> 'room_id')::uuid)
    WHEN 'feedback' THEN left(changed ->> 'comments', 80)
    ELSE coalesce(changed ->> 'name', changed ->> 'title')
  END;
  INSERT INTO audit_log (actor_id, actor_name, kind, action, subject_type, subject_id, subject_label, before, after)
  VALUES (
    actor,
    (SELECT name FROM users WHERE id = actor),
    kind,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    (changed ->> 'id')::uuid,
    label,
    old_row,
    new_row
  );
  RETURN NULL;
END $$;
