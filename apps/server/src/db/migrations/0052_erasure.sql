ALTER TABLE "feedback" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_author_check" CHECK ("feedback"."author_id" is not null or "feedback"."is_anonymous");--> statement-breakpoint
-- The audit log stays append-only, with one exception (decision 0041): the transaction that erases
-- an account (it sets cosa.erasing to the account's id) may rewrite the text of earlier lines that
-- carry the person's name, e-mail, phone or student id. It cannot delete a line, nor change who
-- acted, what kind of change it was, on what, or when.
CREATE FUNCTION audit_log_append_only_but_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('cosa.erasing', true), '') <> ''
     AND (NEW.id, NEW.actor_id, NEW.kind, NEW.action, NEW.subject_type, NEW.subject_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.actor_id, OLD.kind, OLD.action, OLD.subject_type, OLD.subject_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
DROP TRIGGER "audit_log_append_only" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only_but_erasure();
