CREATE TABLE "election_notices" (
	"election_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "election_notices_election_id_kind_pk" PRIMARY KEY("election_id","kind"),
	CONSTRAINT "election_notices_kind_check" CHECK ("election_notices"."kind" in ('nominations-open', 'voting-open', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "election_notices" ADD CONSTRAINT "election_notices_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity', 'event', 'club', 'election'));