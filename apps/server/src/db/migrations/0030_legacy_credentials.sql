CREATE TABLE "record_endings" (
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_endings_kind_record_id_pk" PRIMARY KEY("kind","record_id"),
	CONSTRAINT "record_endings_kind_check" CHECK ("record_endings"."kind" in ('achievement', 'position')),
	CONSTRAINT "record_endings_reason_check" CHECK ("record_endings"."reason" in ('record_ended', 'record_deleted', 'record_unverified', 'record_changed'))
);
--> statement-breakpoint
ALTER TABLE "issued_credentials" ALTER COLUMN "status_list_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_credentials" ALTER COLUMN "status_index" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_status_entry_check" CHECK (("issued_credentials"."status_list_id" is null) = ("issued_credentials"."status_index" is null) and ("issued_credentials"."status_list_id" is not null or "issued_credentials"."revoked_at" is not null));--> statement-breakpoint
-- A record's first ending is never rewritten nor removed: a credential signed before status lists
-- is judged by it.
CREATE TRIGGER "record_endings_append_only" BEFORE UPDATE OR DELETE ON "record_endings" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "record_endings_no_truncate" BEFORE TRUNCATE ON "record_endings" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- As in credential_status, and besides: when the record stood (verified) before the change, its
-- first ending is kept in record_endings, for the credentials signed before status lists, which
-- have no row to revoke.
CREATE OR REPLACE FUNCTION achievement_credentials_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    reason := 'record_deleted';
  ELSIF NOT NEW.verified THEN
    reason := 'record_unverified';
  ELSIF (NEW.user_id, NEW.title, NEW.description, NEW.category, NEW.level, NEW.position, NEW.date_achieved, NEW.type)
      IS DISTINCT FROM (OLD.user_id, OLD.title, OLD.description, OLD.category, OLD.level, OLD.position, OLD.date_achieved, OLD.type) THEN
    reason := 'record_changed';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM revoke_credentials_of('achievement', OLD.id, reason);
  IF OLD.verified THEN
    INSERT INTO record_endings (kind, record_id, reason) VALUES ('achievement', OLD.id, reason)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION holding_credentials_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    reason := 'record_deleted';
  ELSIF NEW.status = 'terminated' THEN
    reason := 'record_ended';
  ELSIF NEW.verification <> 'verified' THEN
    reason := 'record_unverified';
  ELSIF (NEW.user_id, NEW.position_id, NEW.tenure_year) IS DISTINCT FROM (OLD.user_id, OLD.position_id, OLD.tenure_year) THEN
    reason := 'record_changed';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM revoke_credentials_of('position', OLD.id, reason);
  IF OLD.verification = 'verified' AND OLD.status <> 'terminated' THEN
    INSERT INTO record_endings (kind, record_id, reason) VALUES ('position', OLD.id, reason)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
