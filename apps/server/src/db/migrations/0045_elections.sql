CREATE TABLE "ballot_participations" (
	"post_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	CONSTRAINT "ballot_participations_post_id_voter_id_pk" PRIMARY KEY("post_id","voter_id")
);
--> statement-breakpoint
CREATE TABLE "ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"ranking" uuid[] NOT NULL,
	"receipt_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"manifesto" text NOT NULL,
	"status" text DEFAULT 'filed' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "election_candidates_status_check" CHECK ("election_candidates"."status" in ('filed', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "election_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"voter_batch_years" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"voter_programs" text[] DEFAULT '{}'::text[] NOT NULL,
	"voter_disciplines" text[] DEFAULT '{}'::text[] NOT NULL,
	"voter_unit_id" uuid,
	"proposers_needed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "election_posts_seats_check" CHECK ("election_posts"."seats" between 1 and 20),
	CONSTRAINT "election_posts_proposers_check" CHECK ("election_posts"."proposers_needed" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "elections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"officer_id" uuid,
	"nominations_open_at" timestamp with time zone NOT NULL,
	"nominations_close_at" timestamp with time zone NOT NULL,
	"voting_open_at" timestamp with time zone NOT NULL,
	"voting_close_at" timestamp with time zone NOT NULL,
	"certified_at" timestamp with time zone,
	"certified_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elections_windows_check" CHECK ("elections"."nominations_open_at" < "elections"."nominations_close_at" and "elections"."nominations_close_at" <= "elections"."voting_open_at" and "elections"."voting_open_at" < "elections"."voting_close_at")
);
--> statement-breakpoint
ALTER TABLE "ballot_participations" ADD CONSTRAINT "ballot_participations_post_id_election_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."election_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_participations" ADD CONSTRAINT "ballot_participations_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_post_id_election_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."election_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_candidates" ADD CONSTRAINT "election_candidates_post_id_election_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."election_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_candidates" ADD CONSTRAINT "election_candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_candidates" ADD CONSTRAINT "election_candidates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_posts" ADD CONSTRAINT "election_posts_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_posts" ADD CONSTRAINT "election_posts_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_posts" ADD CONSTRAINT "election_posts_voter_unit_id_org_units_id_fk" FOREIGN KEY ("voter_unit_id") REFERENCES "public"."org_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_certified_by_users_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballots_receipt_key" ON "ballots" USING btree ("receipt_hash");--> statement-breakpoint
CREATE INDEX "ballots_post_idx" ON "ballots" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "election_candidates_person_key" ON "election_candidates" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "election_posts_position_key" ON "election_posts" USING btree ("election_id","position_id");--> statement-breakpoint
CREATE INDEX "elections_voting_idx" ON "elections" USING btree ("voting_open_at","voting_close_at");