ALTER TABLE "position_holders" ADD COLUMN "holder_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "holder_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (holder_key || ' ' || holder_email || ' ' || lower(por_code)) STORED;--> statement-breakpoint
-- A holding carries its holder's search key and e-mail. The user row is read FOR SHARE, so a
-- holding written while its holder is renamed waits for the rename and copies the new name.
CREATE FUNCTION "position_holder_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "search_key", lower("email") INTO NEW."holder_key", NEW."holder_email"
    FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  NEW."holder_key" := coalesce(NEW."holder_key", '');
  NEW."holder_email" := coalesce(NEW."holder_email", '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "position_holder_person" BEFORE INSERT OR UPDATE OF "user_id" ON "position_holders"
  FOR EACH ROW EXECUTE FUNCTION "position_holder_person"();--> statement-breakpoint
-- A person whose name, username or e-mail changed is found by the new one in every holding. The
-- holdings' other changes keep the copy and never wait for the user row.
CREATE FUNCTION "user_holdings_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "position_holders" SET "holder_key" = NEW."search_key", "holder_email" = lower(NEW."email")
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_holdings_person" AFTER UPDATE OF "name", "username", "email" ON "users"
  FOR EACH ROW WHEN (OLD."search_key" IS DISTINCT FROM NEW."search_key" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "user_holdings_person"();--> statement-breakpoint
UPDATE "position_holders" SET "holder_key" = "users"."search_key", "holder_email" = lower("users"."email")
  FROM "users" WHERE "users"."id" = "position_holders"."user_id";--> statement-breakpoint
CREATE INDEX "position_holders_holder_key_trgm_idx" ON "position_holders" USING gin ("holder_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "position_holders_search_text_trgm_idx" ON "position_holders" USING gin ("search_text" gin_trgm_ops);