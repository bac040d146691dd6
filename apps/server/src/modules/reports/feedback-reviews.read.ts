import { sql, type SQL } from 'drizzle-orm';
import type { FeedbackGroup, ReviewGroup, TermReport } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Scope } from './report-scope';
import { hoursOf, people, protectGroups, shareOf, type Counted } from './small-groups.policy';

/* How fast the council answers: feedback resolved, and achievements, skills and position records reviewed. */

type Timed = { grp: string | null; items: number; done: number; p50: number | null; p90: number | null };

const hours = (from: SQL, to: SQL) => sql`extract(epoch from (${to} - ${from})) / 3600.0`;
const percentiles = (value: SQL, done: SQL) => sql`
  percentile_cont(0.5) within group (order by ${value}) filter (where ${done}) as p50,
  percentile_cont(0.9) within group (order by ${value}) filter (where ${done}) as p90`;

/** The feedback section: given in the period about what is in scope, by type. */
export async function feedbackOf(
  db: Database,
  scope: Scope,
  bounds: { start: SQL; end: SQL },
): Promise<TermReport['feedback']> {
  const about =
    scope.kind === 'institute'
      ? sql`true`
      : scope.units(sql`coalesce(f.target_unit_id, ev.organizing_unit_id, p.unit_id)`);
  const rows = rowsOf<Timed>(
    await db.execute(sql`
      select f.type as grp, count(*)::int as items, count(*) filter (where f.is_resolved)::int as done,
        ${percentiles(hours(sql`f.created_at`, sql`f.resolved_at`), sql`f.is_resolved`)}
      from feedback f
      left join events ev on ev.id = f.target_event_id
      left join positions p on p.id = f.target_position_id
      where f.created_at >= ${bounds.start} and f.created_at < ${bounds.end} and ${about}
      group by grouping sets ((f.type), ())`),
  );
  const shown = (row: Timed, group: string): FeedbackGroup => ({
    group,
    received: people(row.items),
    resolved: people(row.done),
    resolvedShare: shareOf(row.done, row.items),
    p50Hours: hoursOf(row.p50 === null ? null : Number(row.p50), row.done),
    p90Hours: hoursOf(row.p90 === null ? null : Number(row.p90), row.done),
  });
  const total = rows.find((row) => row.grp === null) ?? {
    grp: null,
    items: 0,
    done: 0,
    p50: null,
    p90: null,
  };
  const typed = rows.filter((row) => row.grp !== null).sort((a, b) => a.grp!.localeCompare(b.grp!));
  const counted: Counted<'items' | 'done'>[] = typed.map((row) => ({
    group: row.grp!,
    counts: { items: row.items, done: row.done },
  }));
  const kept = protectGroups(counted, ['items', 'done'], (row) => row.counts.items);
  return {
    total: shown(total, 'All feedback'),
    byType: kept.map((row) => {
      const read = typed.find((t) => t.grp === row.group);
      // Times of groups put together are not shown: they would need their own percentile.
      return read
        ? shown(read, row.group)
        : shown(
            { grp: row.group, items: row.counts.items, done: row.counts.done, p50: null, p90: null },
            row.group,
          );
    }),
  };
}

/** The reviews section: items submitted in the period, decided or waiting, and their queue times. */
export async function reviewsOf(
  db: Database,
  scope: Scope,
  bounds: { start: SQL; end: SQL },
): Promise<TermReport['reviews']> {
  const within = (column: SQL) => sql`${column} >= ${bounds.start} and ${column} < ${bounds.end}`;
  // A club's items are those tied to it (an achievement at its event, a skill earned in its
  // position), never its members' other items: a roster change would change past figures.
  const inScope = (type: SQL, tiedTo: SQL) => {
    if (scope.kind === 'institute') return sql`true`;
    if (scope.kind === 'council') return sql`${type} = ${scope.reviewType}`;
    return sql`${tiedTo} = ${scope.clubId}::uuid`;
  };
  const rows = rowsOf<Timed>(
    await db.execute(sql`
      with items as (
        select 'Achievements' as grp, a.created_at as submitted, coalesce(a.verified_at, a.declined_at) as decided
        from achievements a
        where ${within(sql`a.created_at`)} and ${inScope(sql`a.type`, sql`(select organizing_unit_id from events where id = a.event_id)`)}
        union all
        select 'Skills', us.created_at, coalesce(us.endorsed_at, us.declined_at)
        from user_skills us join skills sk on sk.id = us.skill_id
        where ${within(sql`us.created_at`)} and ${inScope(sql`sk.type`, sql`(select unit_id from positions where id = us.position_id)`)}
        union all
        -- Records an official appointed were verified as they were made: only those that waited count.
        select 'Position records', h.created_at,
          case when h.verification in ('verified', 'declined') then coalesce(h.verified_at, h.declined_at) end
        from position_holders h join positions p on p.id = h.position_id
        where ${within(sql`h.created_at`)} and ${scope.units(sql`p.unit_id`)}
          and (h.verification in ('self_declared', 'pending') or h.declined_at is not null
            or h.verified_at > h.created_at + interval '1 second')
      )
      select grp, count(*)::int as items, count(decided)::int as done,
        ${percentiles(hours(sql`submitted`, sql`decided`), sql`decided is not null`)}
      from items group by grp`),
  );
  return ['Achievements', 'Skills', 'Position records'].map((group): ReviewGroup => {
    const row = rows.find((r) => r.grp === group) ?? {
      grp: group,
      items: 0,
      done: 0,
      p50: null,
      p90: null,
    };
    return {
      group,
      decided: people(row.done),
      waiting: people(row.items - row.done),
      p50Hours: hoursOf(row.p50 === null ? null : Number(row.p50), row.done),
      p90Hours: hoursOf(row.p90 === null ? null : Number(row.p90), row.done),
    };
  });
}
