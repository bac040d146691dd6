ALTER TABLE "position_holders" ADD COLUMN "holder_student_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "position_holders" DROP COLUMN "search_text";--> statement-breakpoint
-- One field per line, so a search never matches across two of them.
ALTER TABLE "position_holders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (holder_key || chr(10) || holder_email || chr(10) || holder_student_id || chr(10) || lower(por_code)) STORED;--> statement-breakpoint
CREATE INDEX "position_holders_search_text_trgm_idx" ON "position_holders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The name alone, never the username (it is the e-mail's local part): COSA View searches it.
CREATE OR REPLACE FUNCTION "position_holder_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower("name"), lower("email"), coalesce("student_id", '') INTO NEW."holder_key", NEW."holder_email", NEW."holder_student_id"
    FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  NEW."holder_key" := coalesce(NEW."holder_key", '');
  NEW."holder_email" := coalesce(NEW."holder_email", '');
  NEW."holder_student_id" := coalesce(NEW."holder_student_id", '');
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Only a holding given to another person reads a user row: an edit that keeps its holder never
-- waits for the user row, so it cannot deadlock with that person's rename (whose trigger waits
-- for the holding).
DROP TRIGGER "position_holder_person" ON "position_holders";--> statement-breakpoint
CREATE TRIGGER "position_holder_person" BEFORE INSERT ON "position_holders"
  FOR EACH ROW EXECUTE FUNCTION "position_holder_person"();--> statement-breakpoint
CREATE TRIGGER "position_holder_person_changed" BEFORE UPDATE OF "user_id" ON "position_holders"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "position_holder_person"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_holdings_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "position_holders"
    SET "holder_key" = lower(NEW."name"), "holder_email" = lower(NEW."email"), "holder_student_id" = coalesce(NEW."student_id", '')
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "user_holdings_person" ON "users";--> statement-breakpoint
CREATE TRIGGER "user_holdings_person" AFTER UPDATE OF "name", "email", "student_id" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."student_id" IS DISTINCT FROM NEW."student_id")
  EXECUTE FUNCTION "user_holdings_person"();--> statement-breakpoint
UPDATE "position_holders" SET "holder_key" = lower("users"."name"), "holder_email" = lower("users"."email"), "holder_student_id" = coalesce("users"."student_id", '')
  FROM "users" WHERE "users"."id" = "position_holders"."user_id";
