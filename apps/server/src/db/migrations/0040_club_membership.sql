CREATE TABLE "club_follows" (
	"user_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_follows_user_id_unit_id_pk" PRIMARY KEY("user_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "club_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"question" text,
	"answer" text,
	"reason" text,
	"invited_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_join_requests_kind_check" CHECK ("club_join_requests"."kind" in ('request', 'invitation')),
	CONSTRAINT "club_join_requests_status_check" CHECK ("club_join_requests"."status" in ('pending', 'accepted', 'declined', 'lapsed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "club_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'Member' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_memberships_period_check" CHECK ("club_memberships"."ended_at" is null or "club_memberships"."ended_at" >= "club_memberships"."started_at"),
	CONSTRAINT "club_memberships_role_check" CHECK (length(trim("club_memberships"."role")) between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "club_page_tags" (
	"unit_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "club_page_tags_unit_id_tag_id_pk" PRIMARY KEY("unit_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "club_pages" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"tagline" text,
	"about" text,
	"contact" text,
	"how_to_join" text,
	"logo_photo_id" uuid,
	"banner_photo_id" uuid,
	"recruiting" boolean DEFAULT false NOT NULL,
	"join_question" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_pages_slug_check" CHECK ("club_pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "club_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "club_follows" ADD CONSTRAINT "club_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_follows" ADD CONSTRAINT "club_follows_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_join_requests" ADD CONSTRAINT "club_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_memberships" ADD CONSTRAINT "club_memberships_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_memberships" ADD CONSTRAINT "club_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_memberships" ADD CONSTRAINT "club_memberships_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_memberships" ADD CONSTRAINT "club_memberships_request_id_club_join_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."club_join_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_page_tags" ADD CONSTRAINT "club_page_tags_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_page_tags" ADD CONSTRAINT "club_page_tags_tag_id_club_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."club_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_unit_id_org_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."org_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_logo_photo_id_user_photos_id_fk" FOREIGN KEY ("logo_photo_id") REFERENCES "public"."user_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_banner_photo_id_user_photos_id_fk" FOREIGN KEY ("banner_photo_id") REFERENCES "public"."user_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_follows_unit_idx" ON "club_follows" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_join_requests_open_key" ON "club_join_requests" USING btree ("unit_id","user_id") WHERE "club_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "club_join_requests_unit_idx" ON "club_join_requests" USING btree ("unit_id","status","created_at");--> statement-breakpoint
CREATE INDEX "club_join_requests_user_idx" ON "club_join_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "club_join_requests_pending_idx" ON "club_join_requests" USING btree ("created_at") WHERE "club_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "club_memberships_current_key" ON "club_memberships" USING btree ("unit_id","user_id") WHERE "club_memberships"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "club_memberships_unit_idx" ON "club_memberships" USING btree ("unit_id","ended_at");--> statement-breakpoint
CREATE INDEX "club_memberships_user_idx" ON "club_memberships" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "club_page_tags_tag_idx" ON "club_page_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_pages_slug_key" ON "club_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "club_tags_name_lower_key" ON "club_tags" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity', 'event', 'club'));--> statement-breakpoint
ALTER TABLE club_memberships ADD CONSTRAINT club_memberships_no_overlap EXCLUDE USING gist (unit_id WITH =, user_id WITH =, tstzrange(started_at, ended_at, '[)') WITH &&);
