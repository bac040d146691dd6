ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_no_overlap" EXCLUDE USING gist (
	"room_id" WITH =,
	tsrange("date" + "start_time", "date" + "end_time") WITH &&
) WHERE ("status" = 'Approved');
--> statement-breakpoint
INSERT INTO "rooms" ("name") VALUES ('Room A'), ('Room B') ON CONFLICT ("name") DO NOTHING;
