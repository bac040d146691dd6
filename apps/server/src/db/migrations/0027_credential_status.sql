CREATE TABLE "credential_status_lists" (
	"id" integer PRIMARY KEY NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_lists_allocated_check" CHECK ("credential_status_lists"."allocated" between 0 and 131072)
);
--> statement-breakpoint
CREATE TABLE "issued_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status_list_id" integer NOT NULL,
	"status_index" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"revocation_note" text,
	"revoked_by" uuid,
	CONSTRAINT "issued_credentials_kind_check" CHECK ("issued_credentials"."kind" in ('achievement', 'position')),
	CONSTRAINT "issued_credentials_status_index_check" CHECK ("issued_credentials"."status_index" >= 0 and "issued_credentials"."status_index" < 131072),
	CONSTRAINT "issued_credentials_revocation_check" CHECK (("issued_credentials"."revoked_at" is null) = ("issued_credentials"."revocation_reason" is null) and ("issued_credentials"."revoked_at" is not null or "issued_credentials"."revocation_note" is null)),
	CONSTRAINT "issued_credentials_reason_check" CHECK ("issued_credentials"."revocation_reason" is null or "issued_credentials"."revocation_reason" in ('record_ended', 'record_deleted', 'record_unverified', 'record_changed', 'issued_in_error', 'record_untrue', 'superseded', 'holder_request', 'other'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_status_list_id_credential_status_lists_id_fk" FOREIGN KEY ("status_list_id") REFERENCES "public"."credential_status_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_status_entry_key" ON "issued_credentials" USING btree ("status_list_id","status_index");--> statement-breakpoint
CREATE INDEX "issued_credentials_user_idx" ON "issued_credentials" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issued_credentials_record_idx" ON "issued_credentials" USING btree ("record_id") WHERE "issued_credentials"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "issued_credentials_revoked_idx" ON "issued_credentials" USING btree ("status_list_id","status_index") WHERE "issued_credentials"."revoked_at" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('role', 'account', 'unit', 'room', 'skill', 'endorsement', 'verification', 'resolution', 'approval', 'position', 'event', 'import', 'credential'));--> statement-breakpoint
-- An issued credential is never deleted and a revocation is never undone or reworded: the bit
-- published in its status list must never turn back. Only the links to people may fall away
-- (their accounts' deletion sets them to null).
CREATE FUNCTION issued_credentials_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an issued credential is never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.kind, NEW.record_id, NEW.title, NEW.status_list_id, NEW.status_index, NEW.issued_at)
      IS DISTINCT FROM (OLD.id, OLD.kind, OLD.record_id, OLD.title, OLD.status_list_id, OLD.status_index, OLD.issued_at)
    OR (OLD.revoked_at IS NOT NULL AND (
      (NEW.revoked_at, NEW.revocation_reason, NEW.revocation_note) IS DISTINCT FROM (OLD.revoked_at, OLD.revocation_reason, OLD.revocation_note)
      OR (NEW.revoked_by IS DISTINCT FROM OLD.revoked_by AND NEW.revoked_by IS NOT NULL))) THEN
    RAISE EXCEPTION 'an issued credential does not change, and its revocation is never undone' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "issued_credentials_guard" BEFORE UPDATE OR DELETE ON "issued_credentials" FOR EACH ROW EXECUTE FUNCTION issued_credentials_guard();--> statement-breakpoint
CREATE TRIGGER "issued_credentials_no_truncate" BEFORE TRUNCATE ON "issued_credentials" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "issued_credentials_audit" AFTER INSERT OR UPDATE ON "issued_credentials" FOR EACH ROW
  WHEN (current_setting('cosa.actor_id', true) <> '') EXECUTE FUNCTION audit_row_change('credential');--> statement-breakpoint
-- Revokes the credentials still standing on one record, in the transaction of the change to it.
CREATE FUNCTION revoke_credentials_of(record_kind text, record uuid, reason text) RETURNS void LANGUAGE sql AS $$
  UPDATE issued_credentials SET revoked_at = now(), revocation_reason = reason
  WHERE record_id = record AND kind = record_kind AND revoked_at IS NULL;
$$;--> statement-breakpoint
-- Whatever path ends, deletes, unverifies or changes an achievement (a decline, an edit, the
-- owner's account removed and its records with it), the credentials that state it fall with it.
CREATE FUNCTION achievement_credentials_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM revoke_credentials_of('achievement', OLD.id, 'record_deleted');
  ELSIF NOT NEW.verified THEN
    PERFORM revoke_credentials_of('achievement', NEW.id, 'record_unverified');
  ELSIF (NEW.user_id, NEW.title, NEW.description, NEW.category, NEW.level, NEW.position, NEW.date_achieved, NEW.type)
      IS DISTINCT FROM (OLD.user_id, OLD.title, OLD.description, OLD.category, OLD.level, OLD.position, OLD.date_achieved, OLD.type) THEN
    PERFORM revoke_credentials_of('achievement', NEW.id, 'record_changed');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "achievement_credentials_status" AFTER DELETE OR UPDATE OF "verified", "declined_at", "user_id", "title", "description", "category", "level", "position", "date_achieved", "type" ON "achievements" FOR EACH ROW EXECUTE FUNCTION achievement_credentials_status();--> statement-breakpoint
-- The same for a position holding: deleted, removed early (terminated), no longer verified, or
-- moved to another person, position or tenure. A holding completed at the end of its tenure keeps
-- its credentials: they state a tenure that was held.
CREATE FUNCTION holding_credentials_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM revoke_credentials_of('position', OLD.id, 'record_deleted');
  ELSIF NEW.status = 'terminated' THEN
    PERFORM revoke_credentials_of('position', NEW.id, 'record_ended');
  ELSIF NEW.verification <> 'verified' THEN
    PERFORM revoke_credentials_of('position', NEW.id, 'record_unverified');
  ELSIF (NEW.user_id, NEW.position_id, NEW.tenure_year) IS DISTINCT FROM (OLD.user_id, OLD.position_id, OLD.tenure_year) THEN
    PERFORM revoke_credentials_of('position', NEW.id, 'record_changed');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "holding_credentials_status" AFTER DELETE OR UPDATE OF "status", "verification", "user_id", "position_id", "tenure_year" ON "position_holders" FOR EACH ROW EXECUTE FUNCTION holding_credentials_status();
