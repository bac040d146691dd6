import { sql } from 'drizzle-orm';
import type { MyRegistration } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/* Where one person stands with one event's seats, read in one statement. */

/** The institute's record of a student that eligibility reads (decision 0015). */
export type EligibilityFacts = {
  batchYear: number | null;
  program: string | null;
  discipline: string | null;
};

/** An event's seats, the person's own registration and the facts eligibility reads. */
export type Attendance = {
  confirmed: number;
  waitlisted: number;
  checkedIn: number;
  mine: MyRegistration | null;
  facts: EligibilityFacts;
  rated: boolean;
};

type Row = {
  confirmed: number;
  waitlisted: number;
  checked_in: number;
  id: string | null;
  status: MyRegistration['status'] | null;
  place: number | null;
  confirmed_at: Date | string | null;
  promoted_at: Date | string | null;
  checked_in_at: Date | string | null;
  paid: boolean | null;
  batch_year: number | null;
  program: string | null;
  branch: string | null;
  rated: boolean;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The seats of an event and the person's registration: their live one, else their latest one
 * (so a cancelled registration still shows as cancelled), with their place on the waitlist.
 */
export async function attendanceOf(
  db: Pick<Database, 'execute'>,
  userId: string,
  eventId: string,
): Promise<Attendance> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      with seats as (
        select count(*) filter (where status = 'confirmed')::int as confirmed,
               count(*) filter (where status = 'waitlisted')::int as waitlisted,
               count(*) filter (where checked_in_at is not null)::int as checked_in
        from event_registrations where event_id = ${eventId}::uuid
      ),
      mine as (
        select r.id, r.status, r.confirmed_at, r.promoted_at, r.checked_in_at, r.paid_at is not null as paid,
          case when r.status = 'waitlisted' then (
            select count(*)::int from event_registrations w
            where w.event_id = r.event_id and w.status = 'waitlisted' and w.seq <= r.seq) end as place
        from event_registrations r
        where r.event_id = ${eventId}::uuid and r.user_id = ${userId}::uuid
        order by (r.status <> 'cancelled') desc, r.seq desc
        limit 1
      )
      select seats.*, mine.id, mine.status, mine.place, mine.confirmed_at, mine.promoted_at, mine.checked_in_at, mine.paid,
        p.batch_year, p.program, p.branch,
        exists (select 1 from event_ratings er where er.event_id = ${eventId}::uuid and er.user_id = ${userId}::uuid) as rated
      from seats
      left join mine on true
      left join student_profiles p on p.user_id = ${userId}::uuid`),
  );
  const r = row!;
  return {
    confirmed: r.confirmed,
    waitlisted: r.waitlisted,
    checkedIn: r.checked_in,
    mine:
      r.id === null || r.status === null
        ? null
        : {
            id: r.id,
            status: r.status,
            waitlistPlace: r.place,
            confirmedAt: iso(r.confirmed_at),
            promotedAt: iso(r.promoted_at),
            checkedInAt: iso(r.checked_in_at),
            paid: r.paid === true,
          },
    facts: { batchYear: r.batch_year, program: r.program, discipline: r.branch },
    rated: r.rated,
  };
}
