CREATE TABLE "fact_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"current_value" text,
	"requested_value" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fact_corrections_field_check" CHECK ("fact_corrections"."field" in ('officialName', 'studentId', 'program', 'discipline', 'admissionYear')),
	CONSTRAINT "fact_corrections_status_check" CHECK ("fact_corrections"."status" in ('open', 'approved', 'declined')),
	CONSTRAINT "fact_corrections_decided_check" CHECK (("fact_corrections"."status" = 'open') = ("fact_corrections"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "student_id_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"student_id" text NOT NULL,
	"claimant_id" uuid,
	"holder_id" uuid,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_id_conflicts_kind_check" CHECK ("student_id_conflicts"."kind" in ('reported', 'released')),
	CONSTRAINT "student_id_conflicts_claimant_check" CHECK ("student_id_conflicts"."kind" <> 'reported' or "student_id_conflicts"."claimant_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "student_id_source" text;--> statement-breakpoint
-- Backfill: the roll's accounts got their id from the roll; every other id was typed by its student.
-- The official name of an onboarded student is the name they had until now.
UPDATE "users" SET "student_id_source" = CASE WHEN "imported_at" IS NOT NULL THEN 'roll' ELSE 'self' END WHERE "student_id" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "official_name" = "name" WHERE "role" = 'STUDENT' AND "onboarding_complete";--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_corrections" ADD CONSTRAINT "fact_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_conflicts" ADD CONSTRAINT "student_id_conflicts_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_conflicts" ADD CONSTRAINT "student_id_conflicts_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_conflicts" ADD CONSTRAINT "student_id_conflicts_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fact_corrections_one_open_key" ON "fact_corrections" USING btree ("user_id","field") WHERE "fact_corrections"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fact_corrections_status_idx" ON "fact_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_id_conflicts_one_open_key" ON "student_id_conflicts" USING btree ("claimant_id") WHERE "student_id_conflicts"."settled_at" is null and "student_id_conflicts"."kind" = 'reported';--> statement-breakpoint
CREATE INDEX "student_id_conflicts_open_idx" ON "student_id_conflicts" USING btree ("settled_at","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_student_id_source_check" CHECK ("users"."student_id_source" in ('self', 'roll', 'admin'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity'));