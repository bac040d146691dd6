-- Requests made twice before this index existed: the earliest stays pending, the repeats are withdrawn.
UPDATE "room_bookings" SET "status" = 'Withdrawn' WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "requested_by", "room_id", "date", "start_time", "end_time" ORDER BY "created_at", "id") AS "n"
		FROM "room_bookings" WHERE "status" = 'Pending'
	) AS "repeats" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "room_bookings_pending_once_key" ON "room_bookings" USING btree ("requested_by","room_id","date","start_time","end_time") WHERE "room_bookings"."status" = 'Pending';
