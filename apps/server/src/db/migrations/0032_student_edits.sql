CREATE TABLE "submission_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"achievement_id" uuid,
	"holding_id" uuid,
	"event" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "submission_history_event_check" CHECK ("submission_history"."event" in ('declined', 'resent')),
	CONSTRAINT "submission_history_one_item_check" CHECK (("submission_history"."achievement_id" is null) <> ("submission_history"."holding_id" is null)),
	CONSTRAINT "submission_history_reason_check" CHECK (("submission_history"."event" = 'declined') = ("submission_history"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "position_holders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_holding_id_position_holders_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."position_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_history_achievement_idx" ON "submission_history" USING btree ("achievement_id","at");--> statement-breakpoint
CREATE INDEX "submission_history_holding_idx" ON "submission_history" USING btree ("holding_id","at");