CREATE SEQUENCE "public"."org_unit_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."por_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."position_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."skill_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."event_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."achievement_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"mobile" text,
	"gender" text,
	"date_of_birth" date,
	"profile_pic" text,
	"batch_year" integer,
	"program" text,
	"branch" text,
	"current_year" text,
	"cgpa" numeric(4, 2),
	"hostel" text,
	"room_number" text,
	"github_url" text,
	"linkedin_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_profiles_phone_check" CHECK ("student_profiles"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "student_profiles_mobile_check" CHECK ("student_profiles"."mobile" ~ '^[0-9]{10}$'),
	CONSTRAINT "student_profiles_gender_check" CHECK ("student_profiles"."gender" in ('Male', 'Female', 'Other')),
	CONSTRAINT "student_profiles_batch_year_check" CHECK ("student_profiles"."batch_year" >= 2016),
	CONSTRAINT "student_profiles_program_check" CHECK ("student_profiles"."program" in ('B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other')),
	CONSTRAINT "student_profiles_current_year_check" CHECK ("student_profiles"."current_year" in ('1st', '2nd', '3rd', '4th', '5th', 'Alumni')),
	CONSTRAINT "student_profiles_cgpa_check" CHECK ("student_profiles"."cgpa" between 0 and 10),
	CONSTRAINT "student_profiles_hostel_check" CHECK ("student_profiles"."hostel" in ('None', 'MSH', 'Indravati', 'Gopad', 'Kanhar'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"student_id" text,
	"name" text NOT NULL,
	"role" text DEFAULT 'STUDENT' NOT NULL,
	"password_hash" text,
	"google_subject" text,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"club_unit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('STUDENT', 'GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS', 'PRESIDENT', 'CLUB_COORDINATOR')),
	CONSTRAINT "users_student_id_digits_check" CHECK ("users"."student_id" ~ '^[0-9]+$'),
	CONSTRAINT "users_email_not_blank_check" CHECK (length(trim("users"."email")) > 0),
	CONSTRAINT "users_username_not_blank_check" CHECK (length(trim("users"."username")) > 0),
	CONSTRAINT "users_credential_check" CHECK ("users"."password_hash" is not null or "users"."google_subject" is not null)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_check" CHECK ("password_reset_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_token_hash_check" CHECK ("sessions"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_code" text DEFAULT ('UNIT-' || to_char(nextval('org_unit_code_seq'), 'FM999999999999990000')) NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" uuid,
	"description" text,
	"category" text,
	"contact_email" text,
	"budget_allocated" numeric(12, 2) DEFAULT 0 NOT NULL,
	"budget_spent" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_units_type_check" CHECK ("org_units"."type" in ('council', 'committee', 'club')),
	CONSTRAINT "org_units_name_not_blank_check" CHECK (length(trim("org_units"."name")) > 0),
	CONSTRAINT "org_units_not_own_parent_check" CHECK ("org_units"."parent_id" <> "org_units"."id"),
	CONSTRAINT "org_units_budget_allocated_check" CHECK ("org_units"."budget_allocated" >= 0),
	CONSTRAINT "org_units_budget_spent_check" CHECK ("org_units"."budget_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "position_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"por_code" text DEFAULT ('POR-' || to_char(nextval('por_code_seq'), 'FM999999999999900000')) NOT NULL,
	"user_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"tenure_year" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"appointed_by" uuid,
	"appointment_date" date,
	"events_organized" integer DEFAULT 0 NOT NULL,
	"budget_utilized" numeric(12, 2) DEFAULT 0 NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_holders_user_position_tenure_key" UNIQUE("user_id","position_id","tenure_year"),
	CONSTRAINT "position_holders_tenure_year_check" CHECK (case when "position_holders"."tenure_year" ~ '^[0-9]{4}-[0-9]{4}$'
        then split_part("position_holders"."tenure_year", '-', 2)::int = split_part("position_holders"."tenure_year", '-', 1)::int + 1
        else false end),
	CONSTRAINT "position_holders_status_check" CHECK ("position_holders"."status" in ('active', 'completed', 'terminated')),
	CONSTRAINT "position_holders_appointment_check" CHECK ("position_holders"."appointment_date" is null or "position_holders"."appointed_by" is not null),
	CONSTRAINT "position_holders_events_organized_check" CHECK ("position_holders"."events_organized" >= 0),
	CONSTRAINT "position_holders_budget_utilized_check" CHECK ("position_holders"."budget_utilized" >= 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_code" text DEFAULT ('POS-' || to_char(nextval('position_code_seq'), 'FM999999999999900000')) NOT NULL,
	"title" text NOT NULL,
	"unit_id" uuid NOT NULL,
	"position_type" text NOT NULL,
	"custom_position_type" text,
	"position_count" integer DEFAULT 1 NOT NULL,
	"description" text,
	"responsibilities" text[] NOT NULL,
	"min_cgpa" numeric(4, 2) DEFAULT 0 NOT NULL,
	"min_year" integer DEFAULT 1 NOT NULL,
	"skills_required" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_title_not_blank_check" CHECK (length(trim("positions"."title")) > 0),
	CONSTRAINT "positions_position_type_not_blank_check" CHECK (length(trim("positions"."position_type")) > 0),
	CONSTRAINT "positions_position_count_check" CHECK ("positions"."position_count" >= 1),
	CONSTRAINT "positions_responsibilities_check" CHECK (cardinality("positions"."responsibilities") >= 1),
	CONSTRAINT "positions_min_cgpa_check" CHECK ("positions"."min_cgpa" between 0 and 10),
	CONSTRAINT "positions_min_year_check" CHECK ("positions"."min_year" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"skill_code" text DEFAULT ('SKL-' || to_char(nextval('skill_code_seq'), 'FM999999999999900000')) NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"is_endorsed" boolean DEFAULT false NOT NULL,
	"endorsed_by" uuid,
	"endorsed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_name_not_blank_check" CHECK (length(trim("skills"."name")) > 0),
	CONSTRAINT "skills_category_not_blank_check" CHECK (length(trim("skills"."category")) > 0),
	CONSTRAINT "skills_type_check" CHECK ("skills"."type" in ('technical', 'cultural', 'sports', 'academic'))
);
--> statement-breakpoint
CREATE TABLE "user_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"proficiency_level" text DEFAULT 'beginner' NOT NULL,
	"position_id" uuid,
	"is_endorsed" boolean DEFAULT false NOT NULL,
	"endorsed_by" uuid,
	"endorsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_skills_user_skill_key" UNIQUE("user_id","skill_id"),
	CONSTRAINT "user_skills_proficiency_level_check" CHECK ("user_skills"."proficiency_level" in ('beginner', 'intermediate', 'advanced', 'expert'))
);
--> statement-breakpoint
CREATE TABLE "event_organizers" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "event_organizers_pkey" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_code" text DEFAULT ('EVT-' || to_char(nextval('event_code_seq'), 'FM999999999999900000')) NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"type" text,
	"organizing_unit_id" uuid,
	"schedule_start" timestamp with time zone,
	"schedule_end" timestamp with time zone,
	"venue" text,
	"mode" text,
	"registration_required" boolean DEFAULT false NOT NULL,
	"registration_start" timestamp with time zone,
	"registration_end" timestamp with time zone,
	"registration_fees" numeric(12, 2),
	"max_participants" integer,
	"budget_allocated" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sponsors" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_title_not_blank_check" CHECK (length(trim("events"."title")) > 0),
	CONSTRAINT "events_category_check" CHECK ("events"."category" in ('cultural', 'technical', 'sports', 'academic', 'other')),
	CONSTRAINT "events_mode_check" CHECK ("events"."mode" in ('online', 'offline', 'hybrid')),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('planned', 'ongoing', 'completed', 'cancelled')),
	CONSTRAINT "events_registration_fees_check" CHECK ("events"."registration_fees" >= 0),
	CONSTRAINT "events_max_participants_check" CHECK ("events"."max_participants" > 0),
	CONSTRAINT "events_budget_allocated_check" CHECK ("events"."budget_allocated" >= 0),
	CONSTRAINT "events_schedule_order_check" CHECK ("events"."schedule_end" >= "events"."schedule_start"),
	CONSTRAINT "events_registration_order_check" CHECK ("events"."registration_end" >= "events"."registration_start")
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"achievement_code" text DEFAULT ('ACH-' || to_char(nextval('achievement_code_seq'), 'FM999999999999900000')) NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"type" text NOT NULL,
	"level" text,
	"event_id" uuid,
	"date_achieved" date NOT NULL,
	"position" text,
	"certificate_url" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_title_not_blank_check" CHECK (length(trim("achievements"."title")) > 0),
	CONSTRAINT "achievements_type_check" CHECK ("achievements"."type" in ('academic', 'cultural', 'sports', 'technical', 'other')),
	CONSTRAINT "achievements_verified_check" CHECK (not "achievements"."verified" or "achievements"."verified_by" is not null)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"target_type" text NOT NULL,
	"target_user_id" uuid,
	"target_event_id" uuid,
	"target_unit_id" uuid,
	"target_position_id" uuid,
	"rating" integer,
	"comments" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"author_id" uuid NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"actions_taken" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_check" CHECK ("feedback"."type" in ('Suggestion', 'Complaint', 'General Feedback', 'Query', 'Appreciation', 'Report', 'Other')),
	CONSTRAINT "feedback_target_type_check" CHECK ("feedback"."target_type" in ('User', 'Event', 'Club/Organization', 'POR')),
	CONSTRAINT "feedback_target_check" CHECK (("feedback"."target_type" = 'User') = ("feedback"."target_user_id" is not null)
        and ("feedback"."target_type" = 'Event') = ("feedback"."target_event_id" is not null)
        and ("feedback"."target_type" = 'Club/Organization') = ("feedback"."target_unit_id" is not null)
        and ("feedback"."target_type" = 'POR') = ("feedback"."target_position_id" is not null)),
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_comments_check" CHECK (length(trim("feedback"."comments")) > 0),
	CONSTRAINT "feedback_resolution_check" CHECK ("feedback"."is_resolved" = ("feedback"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "room_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_bookings_time_order_check" CHECK ("room_bookings"."end_time" > "room_bookings"."start_time"),
	CONSTRAINT "room_bookings_description_check" CHECK (length(trim("room_bookings"."description")) > 0),
	CONSTRAINT "room_bookings_status_check" CHECK ("room_bookings"."status" in ('Pending', 'Approved', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_name_not_blank_check" CHECK (length(trim("rooms"."name")) > 0),
	CONSTRAINT "rooms_capacity_check" CHECK ("rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"description" text NOT NULL,
	"subject_type" text,
	"subject_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_type_check" CHECK ("activity_log"."type" in ('approval', 'event', 'cosa'))
);
--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_club_unit_id_org_units_id_fk" FOREIGN KEY ("club_unit_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_parent_id_org_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_appointed_by_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_endorsed_by_users_id_fk" FOREIGN KEY ("endorsed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_endorsed_by_users_id_fk" FOREIGN KEY ("endorsed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_organizers" ADD CONSTRAINT "event_organizers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_organizers" ADD CONSTRAINT "event_organizers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizing_unit_id_org_units_id_fk" FOREIGN KEY ("organizing_unit_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_target_event_id_events_id_fk" FOREIGN KEY ("target_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_target_unit_id_org_units_id_fk" FOREIGN KEY ("target_unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_target_position_id_positions_id_fk" FOREIGN KEY ("target_position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_profiles_batch_year_idx" ON "student_profiles" USING btree ("batch_year");--> statement-breakpoint
CREATE INDEX "student_profiles_branch_idx" ON "student_profiles" USING btree ("branch");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_student_id_key" ON "users" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_subject_key" ON "users" USING btree ("google_subject");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_club_unit_id_idx" ON "users" USING btree ("club_unit_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_student_id_trgm_idx" ON "users" USING gin ("student_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_unit_code_key" ON "org_units" USING btree ("unit_code");--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_name_key" ON "org_units" USING btree ("name");--> statement-breakpoint
CREATE INDEX "org_units_parent_id_idx" ON "org_units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "org_units_type_idx" ON "org_units" USING btree ("type");--> statement-breakpoint
CREATE INDEX "org_units_name_trgm_idx" ON "org_units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "position_holders_por_code_key" ON "position_holders" USING btree ("por_code");--> statement-breakpoint
CREATE INDEX "position_holders_position_id_idx" ON "position_holders" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "position_holders_appointed_by_idx" ON "position_holders" USING btree ("appointed_by");--> statement-breakpoint
CREATE INDEX "position_holders_tenure_year_idx" ON "position_holders" USING btree ("tenure_year");--> statement-breakpoint
CREATE INDEX "position_holders_status_idx" ON "position_holders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "position_holders_created_at_idx" ON "position_holders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "position_holders_por_code_trgm_idx" ON "position_holders" USING gin ("por_code" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "positions_position_code_key" ON "positions" USING btree ("position_code");--> statement-breakpoint
CREATE INDEX "positions_unit_id_idx" ON "positions" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "positions_position_type_idx" ON "positions" USING btree ("position_type");--> statement-breakpoint
CREATE INDEX "positions_created_at_idx" ON "positions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "positions_title_trgm_idx" ON "positions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "positions_position_code_trgm_idx" ON "positions" USING gin ("position_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "positions_description_trgm_idx" ON "positions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "skills_skill_code_key" ON "skills" USING btree ("skill_code");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_lower_key" ON "skills" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "skills_type_endorsed_idx" ON "skills" USING btree ("type","is_endorsed");--> statement-breakpoint
CREATE INDEX "skills_name_trgm_idx" ON "skills" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_skills_skill_id_idx" ON "user_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "user_skills_position_id_idx" ON "user_skills" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "user_skills_unendorsed_idx" ON "user_skills" USING btree ("created_at") WHERE not "user_skills"."is_endorsed";--> statement-breakpoint
CREATE INDEX "event_organizers_user_id_idx" ON "event_organizers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_event_code_key" ON "events" USING btree ("event_code");--> statement-breakpoint
CREATE INDEX "events_organizing_unit_id_idx" ON "events" USING btree ("organizing_unit_id");--> statement-breakpoint
CREATE INDEX "events_schedule_start_idx" ON "events" USING btree ("schedule_start");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "achievements_achievement_code_key" ON "achievements" USING btree ("achievement_code");--> statement-breakpoint
CREATE INDEX "achievements_user_id_idx" ON "achievements" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "achievements_event_id_idx" ON "achievements" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "achievements_verified_by_idx" ON "achievements" USING btree ("verified_by");--> statement-breakpoint
CREATE INDEX "achievements_type_verified_idx" ON "achievements" USING btree ("type","verified");--> statement-breakpoint
CREATE INDEX "achievements_title_trgm_idx" ON "achievements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_author_id_idx" ON "feedback" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_target_user_id_idx" ON "feedback" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "feedback_target_event_id_idx" ON "feedback" USING btree ("target_event_id");--> statement-breakpoint
CREATE INDEX "feedback_target_unit_id_idx" ON "feedback" USING btree ("target_unit_id");--> statement-breakpoint
CREATE INDEX "feedback_target_position_id_idx" ON "feedback" USING btree ("target_position_id");--> statement-breakpoint
CREATE INDEX "feedback_resolved_by_idx" ON "feedback" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "room_bookings_room_date_idx" ON "room_bookings" USING btree ("room_id","date");--> statement-breakpoint
CREATE INDEX "room_bookings_requested_by_idx" ON "room_bookings" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "room_bookings_decided_by_idx" ON "room_bookings" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "room_bookings_status_idx" ON "room_bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "room_bookings_created_at_idx" ON "room_bookings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_name_key" ON "rooms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_id_idx" ON "activity_log" USING btree ("actor_id");