CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"subject_label" text,
	"summary" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('role', 'account', 'unit', 'room', 'skill', 'endorsement', 'verification', 'resolution', 'approval', 'position', 'event', 'import')),
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete')),
	CONSTRAINT "audit_log_subject_type_not_blank_check" CHECK (length("audit_log"."subject_type") > 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credential_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_units" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id");--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_merged_into_id_skills_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('STUDENT', 'GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS', 'PRESIDENT', 'CLUB_COORDINATOR', 'ADMIN'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credential_check" CHECK ("users"."password_hash" is not null or "users"."google_subject" is not null or "users"."imported_at" is not null);--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_merged_is_retired_check" CHECK ("skills"."merged_into_id" is null or "skills"."retired_at" is not null);--> statement-breakpoint
-- The audit log is append-only: no update or delete reaches it, whoever asks.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- One line of the audit log per changed row, in the change's own transaction, when the
-- transaction names its actor (set_config('cosa.actor_id', ..., true)): privileged changes do,
-- a student's changes to their own record do not. Secrets and search copies are left out, and
-- the author of anonymous feedback is never written.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('cosa.actor_id', true), '')::uuid;
  hidden text[] := ARRAY['password_hash', 'google_subject', 'search_key', 'search_text', 'holder_key', 'holder_email', 'holder_student_id', 'updated_at'];
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
END $$;--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION audit_row_change('account');--> statement-breakpoint
CREATE TRIGGER "org_units_audit" AFTER INSERT OR UPDATE OR DELETE ON "org_units" FOR EACH ROW EXECUTE FUNCTION audit_row_change('unit');--> statement-breakpoint
CREATE TRIGGER "rooms_audit" AFTER INSERT OR UPDATE OR DELETE ON "rooms" FOR EACH ROW EXECUTE FUNCTION audit_row_change('room');--> statement-breakpoint
CREATE TRIGGER "skills_audit" AFTER INSERT OR UPDATE OR DELETE ON "skills" FOR EACH ROW EXECUTE FUNCTION audit_row_change('skill');--> statement-breakpoint
CREATE TRIGGER "user_skills_audit" AFTER INSERT OR UPDATE OR DELETE ON "user_skills" FOR EACH ROW EXECUTE FUNCTION audit_row_change('endorsement');--> statement-breakpoint
CREATE TRIGGER "achievements_audit" AFTER INSERT OR UPDATE OR DELETE ON "achievements" FOR EACH ROW EXECUTE FUNCTION audit_row_change('verification');--> statement-breakpoint
CREATE TRIGGER "feedback_audit" AFTER INSERT OR UPDATE OR DELETE ON "feedback" FOR EACH ROW EXECUTE FUNCTION audit_row_change('resolution');--> statement-breakpoint
CREATE TRIGGER "room_bookings_audit" AFTER INSERT OR UPDATE OR DELETE ON "room_bookings" FOR EACH ROW EXECUTE FUNCTION audit_row_change('approval');--> statement-breakpoint
CREATE TRIGGER "positions_audit" AFTER INSERT OR UPDATE OR DELETE ON "positions" FOR EACH ROW EXECUTE FUNCTION audit_row_change('position');--> statement-breakpoint
CREATE TRIGGER "position_holders_audit" AFTER INSERT OR UPDATE OR DELETE ON "position_holders" FOR EACH ROW EXECUTE FUNCTION audit_row_change('position');--> statement-breakpoint
CREATE TRIGGER "events_audit" AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION audit_row_change('event');--> statement-breakpoint
-- The unit tree never has a cycle: a unit cannot move under itself or under one of its own
-- descendants. Moves take one lock, so two crossing moves cannot both pass the check.
CREATE FUNCTION org_units_no_cycle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL OR (TG_OP = 'UPDATE' AND NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('org_units_tree'));
  IF EXISTS (
    WITH RECURSIVE ancestors(id, parent_id) AS (
      SELECT id, parent_id FROM org_units WHERE id = NEW.parent_id
      UNION
      SELECT u.id, u.parent_id FROM org_units u JOIN ancestors a ON u.id = a.parent_id
    )
    SELECT 1 FROM ancestors WHERE id = NEW.id
  ) THEN
    RAISE EXCEPTION 'a unit cannot be placed under itself or one of its own units' USING ERRCODE = 'check_violation', CONSTRAINT = 'org_units_no_cycle';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "org_units_no_cycle" BEFORE INSERT OR UPDATE OF "parent_id" ON "org_units" FOR EACH ROW EXECUTE FUNCTION org_units_no_cycle();
