ALTER TABLE "room_bookings" DROP CONSTRAINT "room_bookings_status_check";--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "retired_by" uuid;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_retired_by_users_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "position_holders" SET "declined_at" = "updated_at", "decline_reason" = 'Declined by an official' WHERE "verification" = 'declined';--> statement-breakpoint
CREATE INDEX "position_holders_self_declared_idx" ON "position_holders" USING btree ("created_at","id") WHERE "position_holders"."verification" = 'self_declared';--> statement-breakpoint
CREATE INDEX "position_holders_position_active_idx" ON "position_holders" USING btree ("position_id") WHERE "position_holders"."status" = 'active' and "position_holders"."verification" = 'verified';--> statement-breakpoint
CREATE INDEX "room_bookings_status_date_idx" ON "room_bookings" USING btree ("status","date" DESC NULLS LAST,"start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_bookings_description_trgm_idx" ON "room_bookings" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_decline_check" CHECK (("position_holders"."verification" = 'declined') = ("position_holders"."declined_at" is not null) and ("position_holders"."declined_at" is null) = ("position_holders"."decline_reason" is null));--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_status_check" CHECK ("room_bookings"."status" in ('Pending', 'Approved', 'Rejected', 'Withdrawn'));