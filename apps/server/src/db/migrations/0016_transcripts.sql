CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"institute" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_type_check";--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active_key" ON "signing_keys" USING btree ((true)) WHERE "signing_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "transcripts_user_id_idx" ON "transcripts" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_type_check" CHECK ("activity_log"."type" in ('approval', 'event', 'cosa', 'transcript'));--> statement-breakpoint
-- An issued transcript is a record of what was issued: only its revocation may be written, once.
CREATE FUNCTION transcripts_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.content IS DISTINCT FROM OLD.content
     OR NEW.institute IS DISTINCT FROM OLD.institute OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
     OR (OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at) THEN
    RAISE EXCEPTION 'an issued transcript cannot be changed, only revoked once' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "transcripts_frozen" BEFORE UPDATE ON "transcripts" FOR EACH ROW EXECUTE FUNCTION transcripts_frozen();
