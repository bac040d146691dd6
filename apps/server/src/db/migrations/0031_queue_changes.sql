-- Every statement that changes the items of a queue officials decide (a new claim, skill,
-- achievement, declared position, feedback or room request; a decision, a withdrawal, an edit),
-- whoever makes it, tells every server process once it commits: the open notification streams of
-- the reviewers count their queues again, and a queue notice whose queue emptied is settled
-- (decision 0022). One notice per table and transaction: PostgreSQL folds identical ones.
CREATE FUNCTION "queue_changed_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cosa_queues', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "user_skills"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "skills"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "achievements"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "position_holders"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "feedback"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();--> statement-breakpoint
CREATE TRIGGER "queue_changed_notice" AFTER INSERT OR UPDATE OR DELETE ON "room_bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed_notice"();
