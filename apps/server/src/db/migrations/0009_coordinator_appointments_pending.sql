ALTER TABLE "position_holders" DROP CONSTRAINT "position_holders_verification_check";--> statement-breakpoint
DROP INDEX "position_holders_self_declared_idx";--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_holders_awaiting_idx" ON "position_holders" USING btree ("created_at","id") WHERE "position_holders"."verification" in ('self_declared', 'pending');--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_verification_check" CHECK ("position_holders"."verification" in ('self_declared', 'verified', 'declined', 'pending'));