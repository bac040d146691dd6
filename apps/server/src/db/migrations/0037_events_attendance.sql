CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_check_in_scans" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid,
	"scanned_by" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_ratings" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"feedback_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ratings_pkey" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "event_ratings_rating_check" CHECK ("event_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_registrations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"walk_in" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_marked_by" uuid,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_status_check" CHECK ("event_registrations"."status" in ('confirmed', 'waitlisted', 'cancelled')),
	CONSTRAINT "event_registrations_confirmed_check" CHECK ("event_registrations"."status" <> 'confirmed' or "event_registrations"."confirmed_at" is not null),
	CONSTRAINT "event_registrations_check_in_check" CHECK ("event_registrations"."checked_in_at" is null or "event_registrations"."status" = 'confirmed')
);
--> statement-breakpoint
CREATE TABLE "event_reminders" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_pkey" PRIMARY KEY("event_id","kind","starts_at")
);
--> statement-breakpoint
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_audience_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "eligible_batch_years" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "eligible_programs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "eligible_disciplines" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "walk_ins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "room_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_in_scans" ADD CONSTRAINT "event_check_in_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_in_scans" ADD CONSTRAINT "event_check_in_scans_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_in_scans" ADD CONSTRAINT "event_check_in_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ratings" ADD CONSTRAINT "event_ratings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ratings" ADD CONSTRAINT "event_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ratings" ADD CONSTRAINT "event_ratings_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_paid_marked_by_users_id_fk" FOREIGN KEY ("paid_marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_check_in_scans_event_idx" ON "event_check_in_scans" USING btree ("event_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_live_key" ON "event_registrations" USING btree ("event_id","user_id") WHERE "event_registrations"."status" in ('confirmed', 'waitlisted');--> statement-breakpoint
CREATE INDEX "event_registrations_event_status_idx" ON "event_registrations" USING btree ("event_id","status","seq");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_booking_id_room_bookings_id_fk" FOREIGN KEY ("room_booking_id") REFERENCES "public"."room_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_approval_idx" ON "events" USING btree ("approval","schedule_start");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_approval_check" CHECK ("events"."approval" in ('proposed', 'changes_requested', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('everyone', 'batch', 'program', 'discipline', 'club', 'event'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement', 'identity', 'event'));--> statement-breakpoint
-- Registers a person for an event in one statement (the caller has checked the window and the
-- eligibility): a seat while seats remain and nobody waits, else the next place on the waitlist.
-- The event's row is locked for the statement's transaction, so registrations of one event are
-- settled one at a time; each statement of the function reads what the one before committed. Being
-- one call, the lock is held only while the database works, never while the server answers others.
CREATE OR REPLACE FUNCTION event_register(p_event uuid, p_user uuid)
RETURNS TABLE (outcome text, registration_id uuid, place integer, at timestamptz) LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  taken integer;
  waiting integer;
BEGIN
  at := now();
  SELECT e.max_participants, e.status, e.approval INTO ev FROM events e WHERE e.id = p_event FOR UPDATE;
  IF NOT FOUND THEN outcome := 'not_found'; RETURN NEXT; RETURN; END IF;
  IF ev.status = 'cancelled' THEN outcome := 'cancelled'; RETURN NEXT; RETURN; END IF;
  IF ev.approval <> 'approved' THEN outcome := 'not_approved'; RETURN NEXT; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = p_event AND r.user_id = p_user
             AND r.status IN ('confirmed', 'waitlisted')) THEN
    outcome := 'already'; RETURN NEXT; RETURN;
  END IF;
  SELECT count(*) FILTER (WHERE r.status = 'confirmed'), count(*) FILTER (WHERE r.status = 'waitlisted')
    INTO taken, waiting FROM event_registrations r WHERE r.event_id = p_event;
  IF ev.max_participants IS NULL OR (taken < ev.max_participants AND waiting = 0) THEN
    INSERT INTO event_registrations (event_id, user_id, status, confirmed_at)
      VALUES (p_event, p_user, 'confirmed', at) RETURNING id INTO registration_id;
    outcome := 'confirmed';
  ELSE
    INSERT INTO event_registrations (event_id, user_id, status)
      VALUES (p_event, p_user, 'waitlisted') RETURNING id INTO registration_id;
    outcome := 'waitlisted';
    place := waiting + 1;
  END IF;
  RETURN NEXT;
END $$;
