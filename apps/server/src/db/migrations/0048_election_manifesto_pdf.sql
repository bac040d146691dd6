CREATE TABLE "election_manifesto_pdfs" (
	"candidate_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "election_manifesto_pdfs_size_check" CHECK (octet_length("election_manifesto_pdfs"."pdf") between 1 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "election_candidates" ADD COLUMN "manifesto_pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "election_manifesto_pdfs" ADD CONSTRAINT "election_manifesto_pdfs_candidate_id_election_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."election_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_candidates" ADD CONSTRAINT "election_candidates_pdf_sha256_check" CHECK ("election_candidates"."manifesto_pdf_sha256" ~ '^[0-9a-f]{64}$');