-- Registrations for one event that arrive together are taken together. One call locks the event's
-- row once, makes the event's checks once and each person's (the institute's record within the
-- event's limits, registered already), then gives seats and places on the waitlist in the order of
-- the array, and commits once. A rush of a thousand is settled in a few dozen transactions instead
-- of a thousand, each of which held the row through its own commit (decision 0035).
-- The checks are those of event_register (migration 0039), on the database's clock.
-- The row is locked FOR NO KEY UPDATE: registrations and every change of the event's seats queue
-- behind it, while a scan or a walk-in at the door, whose rows refer to the event (a KEY SHARE lock)
-- and which may hold a registration's row meanwhile, go on. With FOR UPDATE the two waited on each
-- other, and the database cancelled one: a whole call of registrations, or the scan.
-- "Registered already" is read first, as 0039 did, so the call never waits on another writer's
-- registration row; a walk-in made meanwhile is caught by the unique key ('already' as well).
CREATE OR REPLACE FUNCTION event_register_together(p_event uuid, p_users uuid[])
RETURNS TABLE (ord integer, outcome text, registration_id uuid, place integer, at timestamptz)
LANGUAGE plpgsql
-- A call that cannot have the event's row within 10 s (a transaction left open on it, a connection
-- lost while it held it) gives up, instead of holding a connection of the pool while more queue up.
SET lock_timeout = '10s'
AS $$
DECLARE
  ev record;
  refusal text;
  limited boolean;
  taken integer;
  waiting integer;
  fits boolean;
BEGIN
  SELECT e.max_participants, e.status, e.approval, e.registration_required, e.registration_start,
         e.registration_end, e.schedule_start, e.schedule_end, e.eligible_batch_years,
         e.eligible_programs, e.eligible_disciplines
    INTO ev FROM events e WHERE e.id = p_event FOR NO KEY UPDATE;
  -- The clock once the lock is held: a request queued behind a rush is judged when its turn comes.
  at := clock_timestamp();
  IF NOT FOUND THEN refusal := 'not_found';
  ELSIF ev.status = 'cancelled' THEN refusal := 'cancelled';
  ELSIF ev.approval <> 'approved' THEN refusal := 'not_approved';
  ELSIF NOT ev.registration_required
     OR ev.status = 'completed'
     OR (ev.registration_start IS NOT NULL AND ev.registration_start > at)
     OR coalesce(ev.registration_end, ev.schedule_start) <= at
     OR coalesce(ev.schedule_end, ev.schedule_start) < at THEN refusal := 'refused';
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN QUERY SELECT n::integer, refusal, NULL::uuid, NULL::integer, at
      FROM generate_series(1, coalesce(array_length(p_users, 1), 0)) AS n;
    RETURN;
  END IF;
  limited := cardinality(ev.eligible_batch_years) > 0 OR cardinality(ev.eligible_programs) > 0
    OR cardinality(ev.eligible_disciplines) > 0;
  SELECT count(*) FILTER (WHERE r.status = 'confirmed'), count(*) FILTER (WHERE r.status = 'waitlisted')
    INTO taken, waiting FROM event_registrations r WHERE r.event_id = p_event;
  FOR i IN 1 .. coalesce(array_length(p_users, 1), 0) LOOP
    ord := i;
    registration_id := NULL;
    place := NULL;
    at := clock_timestamp();
    IF limited AND NOT EXISTS (
      SELECT 1 FROM student_profiles p WHERE p.user_id = p_users[i]
        AND (cardinality(ev.eligible_batch_years) = 0 OR p.batch_year = ANY (ev.eligible_batch_years))
        AND (cardinality(ev.eligible_programs) = 0 OR p.program = ANY (ev.eligible_programs))
        AND (cardinality(ev.eligible_disciplines) = 0 OR p.branch = ANY (ev.eligible_disciplines))
    ) THEN
      outcome := 'refused';
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = p_event AND r.user_id = p_users[i]
               AND r.status IN ('confirmed', 'waitlisted')) THEN
      outcome := 'already';
      RETURN NEXT;
      CONTINUE;
    END IF;
    fits := ev.max_participants IS NULL OR (taken < ev.max_participants AND waiting = 0);
    INSERT INTO event_registrations AS r (event_id, user_id, status, confirmed_at)
      VALUES (p_event, p_users[i], CASE WHEN fits THEN 'confirmed' ELSE 'waitlisted' END,
              CASE WHEN fits THEN at END)
      ON CONFLICT (event_id, user_id) WHERE status IN ('confirmed', 'waitlisted') DO NOTHING
      RETURNING r.id INTO registration_id;
    IF registration_id IS NULL THEN
      outcome := 'already';
    ELSIF fits THEN
      outcome := 'confirmed';
      taken := taken + 1;
    ELSE
      waiting := waiting + 1;
      outcome := 'waitlisted';
      place := waiting;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
-- The one-person call stays for a process of the previous version still running while a new one
-- starts; it is the same checks, for an array of one.
CREATE OR REPLACE FUNCTION event_register(p_event uuid, p_user uuid)
RETURNS TABLE (outcome text, registration_id uuid, place integer, at timestamptz) LANGUAGE sql AS $$
  SELECT t.outcome, t.registration_id, t.place, t.at FROM event_register_together(p_event, ARRAY[p_user]) t
$$;
