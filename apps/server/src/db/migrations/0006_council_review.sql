DROP INDEX "user_skills_unendorsed_idx";--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skills_pending_idx" ON "skills" USING btree ("type","created_at") WHERE not "skills"."is_endorsed" and "skills"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "user_skills_pending_idx" ON "user_skills" USING btree ("created_at","id") WHERE not "user_skills"."is_endorsed" and "user_skills"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "user_skills_pending_skill_idx" ON "user_skills" USING btree ("skill_id","user_id") WHERE not "user_skills"."is_endorsed" and "user_skills"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "achievements_pending_idx" ON "achievements" USING btree ("type","created_at","id","user_id") WHERE not "achievements"."verified" and "achievements"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "achievements_pending_created_idx" ON "achievements" USING btree ("created_at","id") WHERE not "achievements"."verified" and "achievements"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_type_resolved_idx" ON "feedback" USING btree ("type","is_resolved");--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_review_check" CHECK (not ("skills"."is_endorsed" and "skills"."declined_at" is not null) and ("skills"."declined_at" is null) = ("skills"."decline_reason" is null));--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_review_check" CHECK (not ("user_skills"."is_endorsed" and "user_skills"."declined_at" is not null) and ("user_skills"."declined_at" is null) = ("user_skills"."decline_reason" is null));--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_review_check" CHECK (not ("achievements"."verified" and "achievements"."declined_at" is not null) and ("achievements"."declined_at" is null) = ("achievements"."decline_reason" is null));