-- The accounts by role and state, kept like the holdings' tallies: one key per account,
-- 'accounts.<role>.<state>', the state as the administrator's list tells it (deactivated; then
-- unclaimed, an account from the student roll without a credential; then unverified; else active).
-- The administrator's overview and the user list's totals read a few rows instead of counting
-- every account of the campus on each request.
CREATE FUNCTION "account_tally_key"("role" text, "deactivated_at" timestamptz, "imported_at" timestamptz, "password_hash" text, "google_subject" text, "email_verified_at" timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'accounts.' || "role" || '.' || CASE
    WHEN "deactivated_at" IS NOT NULL THEN 'deactivated'
    WHEN "imported_at" IS NOT NULL AND "password_hash" IS NULL AND "google_subject" IS NULL THEN 'unclaimed'
    WHEN "email_verified_at" IS NULL THEN 'unverified'
    ELSE 'active' END
$$;--> statement-breakpoint
CREATE FUNCTION "account_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tally_merge"(array_agg("account_tally_key"(u."role", u."deactivated_at", u."imported_at", u."password_hash", u."google_subject", u."email_verified_at")), array_agg(1)) FROM "tally_new" u;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tally_merge"(array_agg("account_tally_key"(u."role", u."deactivated_at", u."imported_at", u."password_hash", u."google_subject", u."email_verified_at")), array_agg(-1)) FROM "tally_old" u;
  ELSE
    -- An update that moves no account between keys (a new name, a finished onboarding) sums to
    -- nothing, and tally_merge then writes no tally row.
    PERFORM "tally_merge"(array_agg(k), array_agg(d)) FROM (
      SELECT "account_tally_key"(u."role", u."deactivated_at", u."imported_at", u."password_hash", u."google_subject", u."email_verified_at") AS k, 1 AS d FROM "tally_new" u
      UNION ALL SELECT "account_tally_key"(u."role", u."deactivated_at", u."imported_at", u."password_hash", u."google_subject", u."email_verified_at"), -1 FROM "tally_old" u
    ) AS moves;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_tally_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "account_tally"();--> statement-breakpoint
CREATE TRIGGER "account_tally_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "tally_old" NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "account_tally"();--> statement-breakpoint
CREATE TRIGGER "account_tally_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "account_tally"();--> statement-breakpoint
-- The triggers hold the table from here to the commit, so the counts below are the whole truth.
INSERT INTO "tallies" ("key", "n")
  SELECT "account_tally_key"("role", "deactivated_at", "imported_at", "password_hash", "google_subject", "email_verified_at") AS k, count(*) FROM "users" GROUP BY k
ON CONFLICT ("key") DO UPDATE SET "n" = excluded."n";
