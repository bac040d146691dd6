CREATE TABLE "user_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_photos_image_size_check" CHECK (octet_length("user_photos"."image") between 1 and 2097152)
);
--> statement-breakpoint
ALTER TABLE "student_profiles" DROP CONSTRAINT "student_profiles_mobile_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(name || ' ' || username)) STORED;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "verification" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_photos_user_id_key" ON "user_photos" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_search_key_trgm_idx" ON "users" USING gist ("search_key" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_student_id_prefix_idx" ON "users" USING btree ("student_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "position_holders_user_id_idx" ON "position_holders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- The mobile number of onboarding and the profile's phone become one column; an edited phone wins.
UPDATE "student_profiles" SET "phone" = "mobile" WHERE "phone" IS NULL AND "mobile" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" DROP COLUMN "mobile";--> statement-breakpoint
ALTER TABLE "student_profiles" DROP COLUMN "profile_pic";--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_verification_check" CHECK ("position_holders"."verification" in ('self_declared', 'verified', 'declined'));