CREATE SEQUENCE "public"."claim_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "budget_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "budget_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"transfer_id" uuid,
	"claim_id" uuid,
	"reason" text,
	"reference" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_entries_kind_check" CHECK ("budget_entries"."kind" in ('allocation', 'reduction', 'transfer_in', 'transfer_out', 'commitment', 'release', 'payment')),
	CONSTRAINT "budget_entries_amount_check" CHECK ("budget_entries"."amount" > 0),
	CONSTRAINT "budget_entries_transfer_check" CHECK (("budget_entries"."kind" in ('transfer_in', 'transfer_out')) = ("budget_entries"."transfer_id" is not null)),
	CONSTRAINT "budget_entries_claim_check" CHECK (("budget_entries"."kind" in ('commitment', 'release', 'payment')) = ("budget_entries"."claim_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenure_year" text NOT NULL,
	"unit_id" uuid NOT NULL,
	"heading" text,
	"allocated" numeric(12, 2) DEFAULT 0 NOT NULL,
	"committed" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_lines_tenure_check" CHECK ("budget_lines"."tenure_year" ~ '^[0-9]{4}-[0-9]{4}$'),
	CONSTRAINT "budget_lines_heading_check" CHECK ("budget_lines"."heading" in ('events', 'equipment', 'travel', 'publicity', 'other')),
	CONSTRAINT "budget_lines_allocated_check" CHECK ("budget_lines"."allocated" >= 0),
	CONSTRAINT "budget_lines_committed_check" CHECK ("budget_lines"."committed" >= 0),
	CONSTRAINT "budget_lines_paid_check" CHECK ("budget_lines"."paid" >= 0),
	CONSTRAINT "budget_lines_available_check" CHECK ("budget_lines"."allocated" - "budget_lines"."committed" - "budget_lines"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claim_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_receipts_content_type_check" CHECK ("claim_receipts"."content_type" in ('application/pdf', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "claim_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "claim_steps_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"amount" numeric(12, 2),
	"reason" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_steps_action_check" CHECK ("claim_steps"."action" in ('filed', 'submitted', 'returned', 'secretary_approved', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "expense_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_code" text DEFAULT ('CLM-' || to_char(nextval('claim_code_seq'), 'FM999999999999900000')) NOT NULL,
	"unit_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"event_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"approved_amount" numeric(12, 2),
	"payee" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"filed_by" uuid,
	"payment_reference" text,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_claims_status_check" CHECK ("expense_claims"."status" in ('draft', 'submitted', 'returned', 'secretary_approved', 'approved', 'rejected', 'paid')),
	CONSTRAINT "expense_claims_amount_check" CHECK ("expense_claims"."amount" > 0),
	CONSTRAINT "expense_claims_approved_amount_check" CHECK ("expense_claims"."approved_amount" is null or ("expense_claims"."approved_amount" > 0 and "expense_claims"."approved_amount" <= "expense_claims"."amount")),
	CONSTRAINT "expense_claims_paid_check" CHECK (("expense_claims"."status" = 'paid') = ("expense_claims"."paid_at" is not null and "expense_claims"."payment_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "money_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"president_above" numeric(12, 2) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_settings_one_row_check" CHECK ("money_settings"."id"),
	CONSTRAINT "money_settings_president_above_check" CHECK ("money_settings"."president_above" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "budget_entries" ADD CONSTRAINT "budget_entries_line_id_budget_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."budget_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_entries" ADD CONSTRAINT "budget_entries_claim_id_expense_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."expense_claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_entries" ADD CONSTRAINT "budget_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_receipts" ADD CONSTRAINT "claim_receipts_claim_id_expense_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."expense_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_receipts" ADD CONSTRAINT "claim_receipts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_steps" ADD CONSTRAINT "claim_steps_claim_id_expense_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."expense_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_steps" ADD CONSTRAINT "claim_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_line_id_budget_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."budget_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_entries_line_seq_idx" ON "budget_entries" USING btree ("line_id","seq");--> statement-breakpoint
CREATE INDEX "budget_entries_claim_id_idx" ON "budget_entries" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_lines_tenure_unit_heading_key" ON "budget_lines" USING btree ("tenure_year","unit_id",coalesce("heading", ''));--> statement-breakpoint
CREATE INDEX "budget_lines_unit_id_idx" ON "budget_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "claim_receipts_claim_id_idx" ON "claim_receipts" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claim_steps_claim_seq_idx" ON "claim_steps" USING btree ("claim_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_claims_claim_code_key" ON "expense_claims" USING btree ("claim_code");--> statement-breakpoint
CREATE INDEX "expense_claims_updated_idx" ON "expense_claims" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expense_claims_status_idx" ON "expense_claims" USING btree ("status");--> statement-breakpoint
CREATE INDEX "expense_claims_unit_id_idx" ON "expense_claims" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "expense_claims_line_id_idx" ON "expense_claims" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "expense_claims_filed_by_idx" ON "expense_claims" USING btree ("filed_by");--> statement-breakpoint
CREATE INDEX "expense_claims_event_id_idx" ON "expense_claims" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity', 'event', 'club', 'election', 'money'));--> statement-breakpoint
-- Each entry adds to its line's sums in the statement that writes it: a line's figures are always
-- the sums of its entries, and the line's checks refuse an entry that would over-commit it.
CREATE FUNCTION budget_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE budget_lines SET
    allocated = allocated + CASE
      WHEN NEW.kind IN ('allocation', 'transfer_in') THEN NEW.amount
      WHEN NEW.kind IN ('reduction', 'transfer_out') THEN -NEW.amount
      ELSE 0 END,
    committed = committed + CASE
      WHEN NEW.kind = 'commitment' THEN NEW.amount
      WHEN NEW.kind IN ('release', 'payment') THEN -NEW.amount
      ELSE 0 END,
    paid = paid + CASE WHEN NEW.kind = 'payment' THEN NEW.amount ELSE 0 END
  WHERE id = NEW.line_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_entries_apply AFTER INSERT ON budget_entries
  FOR EACH ROW EXECUTE FUNCTION budget_entries_apply();
--> statement-breakpoint
-- The ledger only grows.
CREATE FUNCTION budget_entries_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'budget entries are never changed or removed' USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_entries_unchanged BEFORE UPDATE OR DELETE ON budget_entries
  FOR EACH ROW EXECUTE FUNCTION budget_entries_unchanged();
--> statement-breakpoint
CREATE TRIGGER budget_entries_not_truncated BEFORE TRUNCATE ON budget_entries
  FOR EACH STATEMENT EXECUTE FUNCTION budget_entries_unchanged();
--> statement-breakpoint
-- A line starts at nothing, and its sums change only through the entries' trigger (one level down),
-- never by a direct insert or update.
CREATE FUNCTION budget_lines_sums_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND (NEW.allocated, NEW.committed, NEW.paid) IS DISTINCT FROM (0, 0, 0) THEN
    RAISE EXCEPTION 'a new budget line starts at nothing' USING ERRCODE = '55000';
  END IF;
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() < 2 AND (NEW.allocated, NEW.committed, NEW.paid)
       IS DISTINCT FROM (OLD.allocated, OLD.committed, OLD.paid) THEN
    RAISE EXCEPTION 'a budget line''s figures are the sums of its entries' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_lines_sums_kept BEFORE INSERT OR UPDATE ON budget_lines
  FOR EACH ROW EXECUTE FUNCTION budget_lines_sums_kept();
--> statement-breakpoint
INSERT INTO money_settings (id, president_above) VALUES (true, 25000) ON CONFLICT DO NOTHING;
