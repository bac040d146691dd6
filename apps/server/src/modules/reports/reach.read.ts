import { sql, type SQL } from 'drizzle-orm';
import { REPORT_NOT_GIVEN, type TermReport } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Period, Scope } from './report-scope';
import { mergeBuckets, people, protectGroups, shareOf, type Counted } from './small-groups.policy';

/* Reach (who took part at all, by group) and concentration (how many activities each had). */

type Dimension = 'batch' | 'program' | 'discipline' | 'hostel';
type Row = {
  dimension: Dimension | 'total' | 'activities';
  grp: string | null;
  students: number;
  participants: number;
};

/** The activities in scope and period, one row per person with how many: events attended, clubs belonged to, positions held. */
function activities(scope: Scope, period: Period, start: SQL, end: SQL): SQL {
  const tenures = sql.join(
    period.tenures.map((tenure) => sql`${tenure}`),
    sql`, `,
  );
  return sql`
    select user_id, sum(n)::int as n from (
      select r.user_id, count(*) as n
      from event_registrations r join events e on e.id = r.event_id
      where r.checked_in_at is not null and e.approval = 'approved' and e.status <> 'cancelled'
        and e.schedule_start >= ${start} and e.schedule_start < ${end}
        and ${scope.units(sql`e.organizing_unit_id`)}
      group by r.user_id
      union all
      select m.user_id, count(distinct m.unit_id) as n
      from club_memberships m
      where m.started_at < ${end} and (m.ended_at is null or m.ended_at > ${start})
        and ${scope.units(sql`m.unit_id`)}
      group by m.user_id
      union all
      select h.user_id, count(*) as n
      from position_holders h join positions p on p.id = h.position_id
      where h.tenure_year in (${tenures}) and h.verification <> 'declined'
        and ${scope.units(sql`p.unit_id`)}
      group by h.user_id
    ) a group by user_id`;
}

const BUCKETS = [
  { low: 1, high: 1 },
  { low: 2, high: 2 },
  { low: 3, high: 4 },
  { low: 5, high: 9 },
  { low: 10, high: null },
] as const;

/** The reach and concentration sections of the report. */
export async function reachOf(
  db: Database,
  scope: Scope,
  period: Period,
  bounds: { start: SQL; end: SQL },
): Promise<Pick<TermReport, 'reach' | 'concentration'>> {
  const { start, end } = bounds;
  const given = (column: SQL) => sql`coalesce(nullif(trim(${column}), ''), ${REPORT_NOT_GIVEN})`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with students as (
        select u.id, ${given(sql`sp.batch_year::text`)} as batch, ${given(sql`sp.program`)} as program,
          ${given(sql`sp.branch`)} as discipline, ${given(sql`sp.hostel`)} as hostel
        from users u left join student_profiles sp on sp.user_id = u.id
        where u.role = 'STUDENT' and u.erased_at is null and u.created_at < ${end}
          and (u.deactivated_at is null or u.deactivated_at >= ${start})
      ),
      took_part as (${activities(scope, period, start, end)}),
      joined as (
        select s.*, t.n from students s left join took_part t on t.user_id = s.id
      )
      select case when grouping(batch) = 0 then 'batch' when grouping(program) = 0 then 'program'
          when grouping(discipline) = 0 then 'discipline' when grouping(hostel) = 0 then 'hostel'
          else 'total' end as dimension,
        coalesce(batch, program, discipline, hostel) as grp,
        count(*)::int as students, count(n)::int as participants
      from joined
      group by grouping sets ((batch), (program), (discipline), (hostel), ())
      union all
      select 'activities', n::text, count(*)::int, count(*)::int from joined where n is not null group by n`),
  );
  const total = rows.find((row) => row.dimension === 'total') ?? { students: 0, participants: 0 };
  const groups = (dimension: Dimension) => {
    const counted: Counted<'students' | 'participants'>[] = rows
      .filter((row) => row.dimension === dimension)
      .sort((a, b) => (a.grp ?? '').localeCompare(b.grp ?? '', 'en', { numeric: true }))
      .map((row) => ({
        group: row.grp ?? REPORT_NOT_GIVEN,
        counts: { students: row.students, participants: row.participants },
      }));
    return protectGroups(counted, ['students', 'participants'], (row) => row.counts.students).map(
      (row) => ({
        group: row.group,
        students: people(row.counts.students),
        participants: people(row.counts.participants),
        share: shareOf(row.counts.participants, row.counts.students),
      }),
    );
  };
  const perStudent = rows
    .filter((row) => row.dimension === 'activities')
    .map((row) => ({ activities: Number(row.grp), students: row.students }));
  return {
    reach: {
      students: people(total.students),
      participants: people(total.participants),
      share: shareOf(total.participants, total.students),
      byBatch: groups('batch'),
      byProgram: groups('program'),
      byDiscipline: groups('discipline'),
      // A hostel is a personal detail: differences between two reports would tell it of one student.
      byHostel: scope.personalDetails ? groups('hostel') : [],
    },
    concentration: {
      buckets: mergeBuckets(
        BUCKETS.map((bucket) => ({
          ...bucket,
          students: perStudent
            .filter(
              (row) =>
                row.activities >= bucket.low && (bucket.high === null || row.activities <= bucket.high),
            )
            .reduce((sum, row) => sum + row.students, 0),
        })),
      ).map((bucket) => ({ activities: bucket.activities, students: people(bucket.students) })),
      topTenthShare: topTenthShare(perStudent),
    },
  };
}

/** The share of all activities the busiest tenth of participants had; null with fewer than 10 participants. */
function topTenthShare(perStudent: { activities: number; students: number }[]): number | null {
  const participants = perStudent.reduce((sum, row) => sum + row.students, 0);
  if (participants < 10) return null;
  const all = perStudent.reduce((sum, row) => sum + row.activities * row.students, 0);
  let left = Math.floor(participants / 10);
  let busiest = 0;
  for (const row of [...perStudent].sort((a, b) => b.activities - a.activities)) {
    const taken = Math.min(left, row.students);
    busiest += taken * row.activities;
    left -= taken;
    if (left === 0) break;
  }
  return Math.round((busiest / all) * 10_000) / 10_000;
}
