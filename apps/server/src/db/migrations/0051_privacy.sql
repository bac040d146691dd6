CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_choice_check" CHECK ("consent_records"."choice" in ('showProfile', 'listed', 'showPhone')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" in ('onboarding', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"archive" "bytea",
	"byte_size" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_ready_check" CHECK (("data_exports"."status" = 'ready') = ("data_exports"."archive" is not null and "data_exports"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"by_administrator" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasure_requests_settled_check" CHECK ("erasure_requests"."cancelled_at" is null or "erasure_requests"."completed_at" is null)
);
--> statement-breakpoint
CREATE TABLE "privacy_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"show_profile" boolean NOT NULL,
	"listed" boolean NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewer_role" text NOT NULL,
	"kind" text NOT NULL,
	"came_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_access_log_kind_check" CHECK ("record_access_log"."kind" in ('record', 'personal_details', 'export')),
	CONSTRAINT "record_access_log_role_check" CHECK ("record_access_log"."viewer_role" in ('STUDENT', 'GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS', 'PRESIDENT', 'CLUB_COORDINATOR', 'ADMIN')),
	CONSTRAINT "record_access_log_came_from_check" CHECK (length("record_access_log"."came_from") <= 200)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credential_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_choices" ADD CONSTRAINT "privacy_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_access_log" ADD CONSTRAINT "record_access_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_access_log" ADD CONSTRAINT "record_access_log_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_open_key" ON "erasure_requests" USING btree ("user_id") WHERE "erasure_requests"."cancelled_at" is null and "erasure_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "erasure_requests_due_idx" ON "erasure_requests" USING btree ("due_at") WHERE "erasure_requests"."cancelled_at" is null and "erasure_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "record_access_log_subject_idx" ON "record_access_log" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "record_access_log_created_idx" ON "record_access_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "record_access_log_viewer_idx" ON "record_access_log" USING btree ("viewer_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credential_check" CHECK ("users"."password_hash" is not null or "users"."google_subject" is not null or "users"."imported_at" is not null or "users"."erased_at" is not null);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity', 'event', 'club', 'election', 'money', 'privacy'));