-- The audit log's actor becomes a reference to the account. Every line the portal wrote already
-- carries its actor's id (the triggers read it from cosa.actor_id, and summary lines from the
-- session), so there is nothing to fill in; a line whose actor no longer exists (the log had no
-- reference until now) keeps the name it stored, and its id is cleared so the reference can hold.
-- The log is append-only: its guard is lifted for this one statement of the migration only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "actor_id" = NULL
  WHERE "actor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = "audit_log"."actor_id");--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
