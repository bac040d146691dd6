-- event_register also makes the checks a registration needs, in the same call that takes the seat:
-- registration asked for, its window (open, not closed, the event not over), and the institute's
-- record of the person within the event's limits. A request that passes them all registers in one
-- round trip; any refusal ('refused', 'not_approved', ...) sends the server back to read the event
-- and say why, with the words of the policy (registrations.service). The checks are those of
-- registrationRefusal and ineligibility (events.policy), on the database's clock.
CREATE OR REPLACE FUNCTION event_register(p_event uuid, p_user uuid)
RETURNS TABLE (outcome text, registration_id uuid, place integer, at timestamptz) LANGUAGE plpgsql AS $$
DECLARE
  ev record;
  person record;
  taken integer;
  waiting integer;
BEGIN
  SELECT e.max_participants, e.status, e.approval, e.registration_required, e.registration_start,
         e.registration_end, e.schedule_start, e.schedule_end, e.eligible_batch_years,
         e.eligible_programs, e.eligible_disciplines
    INTO ev FROM events e WHERE e.id = p_event FOR UPDATE;
  IF NOT FOUND THEN outcome := 'not_found'; RETURN NEXT; RETURN; END IF;
  -- The clock once the lock is held: a request queued behind a rush is judged when its turn comes.
  at := clock_timestamp();
  IF ev.status = 'cancelled' THEN outcome := 'cancelled'; RETURN NEXT; RETURN; END IF;
  IF ev.approval <> 'approved' THEN outcome := 'not_approved'; RETURN NEXT; RETURN; END IF;
  IF NOT ev.registration_required
     OR ev.status = 'completed'
     OR (ev.registration_start IS NOT NULL AND ev.registration_start > at)
     OR coalesce(ev.registration_end, ev.schedule_start) <= at
     OR coalesce(ev.schedule_end, ev.schedule_start) < at THEN
    outcome := 'refused'; RETURN NEXT; RETURN;
  END IF;
  IF cardinality(ev.eligible_batch_years) > 0 OR cardinality(ev.eligible_programs) > 0
     OR cardinality(ev.eligible_disciplines) > 0 THEN
    SELECT p.batch_year, p.program, p.branch INTO person FROM student_profiles p WHERE p.user_id = p_user;
    IF (cardinality(ev.eligible_batch_years) > 0 AND NOT coalesce(person.batch_year = ANY (ev.eligible_batch_years), false))
       OR (cardinality(ev.eligible_programs) > 0 AND NOT coalesce(person.program = ANY (ev.eligible_programs), false))
       OR (cardinality(ev.eligible_disciplines) > 0 AND NOT coalesce(person.branch = ANY (ev.eligible_disciplines), false)) THEN
      outcome := 'refused'; RETURN NEXT; RETURN;
    END IF;
  END IF;
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
