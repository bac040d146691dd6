CREATE TABLE "election_proposers" (
	"candidate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "election_proposers_candidate_id_user_id_pk" PRIMARY KEY("candidate_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "tenure_year" text NOT NULL;--> statement-breakpoint
ALTER TABLE "election_proposers" ADD CONSTRAINT "election_proposers_candidate_id_election_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."election_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_proposers" ADD CONSTRAINT "election_proposers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('role', 'account', 'unit', 'room', 'skill', 'endorsement', 'verification', 'resolution', 'approval', 'position', 'event', 'import', 'credential', 'election'));--> statement-breakpoint
-- An election's set-up, its posts and its nominations are audited like the other privileged
-- records. Ballots and participations never are: a line naming the actor beside a ballot would
-- link the ballot to its voter.
CREATE TRIGGER "elections_audit" AFTER INSERT OR UPDATE OR DELETE ON "elections" FOR EACH ROW EXECUTE FUNCTION audit_row_change('election');--> statement-breakpoint
CREATE TRIGGER "election_posts_audit" AFTER INSERT OR UPDATE OR DELETE ON "election_posts" FOR EACH ROW EXECUTE FUNCTION audit_row_change('election');--> statement-breakpoint
CREATE TRIGGER "election_candidates_audit" AFTER INSERT OR UPDATE OR DELETE ON "election_candidates" FOR EACH ROW EXECUTE FUNCTION audit_row_change('election');
