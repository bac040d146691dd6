-- Correction requests and Student ID claims are the administrator's queues: a statement that
-- changes either tells every server process, as the record's queues do (migration
-- 'queue_changes'), so the administrator's grouped notice settles once the last is decided.
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "fact_corrections"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "student_id_conflicts"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();
