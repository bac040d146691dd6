CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"audience_value" text,
	"club_unit_id" uuid,
	"expires_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('everyone', 'batch', 'program', 'discipline', 'club'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"deliveries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest_hour" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_digest_hour_check" CHECK ("notification_settings"."digest_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"subject" text NOT NULL,
	"detail" text,
	"link" text NOT NULL,
	"group_key" text,
	"item_count" integer DEFAULT 1 NOT NULL,
	"announcement_id" uuid,
	"delivery" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"mail_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('achievement', 'skill', 'position', 'feedback', 'appointment', 'booking', 'queue', 'announcement')),
	CONSTRAINT "notifications_delivery_check" CHECK ("notifications"."delivery" in ('app', 'instant', 'digest')),
	CONSTRAINT "notifications_item_count_check" CHECK ("notifications"."item_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_type_check";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_club_unit_id_org_units_id_fk" FOREIGN KEY ("club_unit_id") REFERENCES "public"."org_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_author_created_idx" ON "announcements" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_key" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("delivery","created_at") WHERE "notifications"."emailed_at" is null and "notifications"."delivery" <> 'app';--> statement-breakpoint
CREATE INDEX "notifications_announcement_idx" ON "notifications" USING btree ("announcement_id");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_type_check" CHECK ("activity_log"."type" in ('approval', 'event', 'cosa', 'transcript', 'announcement'));--> statement-breakpoint
-- announcements.readers follows the reads of its notifications, one statement at a time: a
-- student's "mark all as read" updates each announcement it touches once. The rows are locked in
-- id order first, so two statements touching the same announcements never wait on each other in a cycle.
CREATE FUNCTION announcement_readers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM announcements a
      WHERE a.id IN (SELECT n.announcement_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                     WHERE n.announcement_id IS NOT NULL AND (o.read_at IS NULL) <> (n.read_at IS NULL))
      ORDER BY a.id FOR UPDATE;
    UPDATE announcements a SET readers = a.readers + d.delta
      FROM (SELECT n.announcement_id, sum(CASE WHEN o.read_at IS NULL THEN 1 ELSE -1 END)::int AS delta
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.announcement_id IS NOT NULL AND (o.read_at IS NULL) <> (n.read_at IS NULL)
            GROUP BY n.announcement_id) d
      WHERE a.id = d.announcement_id;
  ELSE
    PERFORM 1 FROM announcements a
      WHERE a.id IN (SELECT o.announcement_id FROM old_rows o WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL)
      ORDER BY a.id FOR UPDATE;
    UPDATE announcements a SET readers = a.readers - d.n
      FROM (SELECT o.announcement_id, count(*)::int AS n FROM old_rows o
            WHERE o.announcement_id IS NOT NULL AND o.read_at IS NOT NULL GROUP BY o.announcement_id) d
      WHERE a.id = d.announcement_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_readers_on_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announcement_readers_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_readers_on_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announcement_readers_changed();
