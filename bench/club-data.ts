import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';

/** How many active clubs the club scenarios' campus has (BENCH_CLUBS): the issue's 500 by default. */
const CLUBS = Number(process.env.BENCH_CLUBS ?? 500);
/** The current members of the bench's club, and the periods that ended: its roster is paged. */
const BIG_ROSTER = 2000;
const BIG_ROSTER_PAST = 300;
/** Members of every other club. */
const SMALL_ROSTER = 15;
export const TAGS = [
  'Robotics',
  'Coding',
  'Music',
  'Dance',
  'Drama',
  'Photography',
  'Film',
  'Literature',
  'Debate',
  'Quizzing',
  'Astronomy',
  'Electronics',
  'Finance',
  'Entrepreneurship',
  'Design',
  'Gaming',
  'Football',
  'Cricket',
  'Athletics',
  'Chess',
  'Yoga',
  'Trekking',
  'Social Service',
  'Environment',
  'Art',
  'Cooking',
  'Languages',
  'Science',
  'Mathematics',
  'AI',
  'Open Source',
  'Cycling',
];

/**
 * Fills the club scenarios' data: clubs up to CLUBS under the four councils (each gets its page
 * from the database), the tag list with up to four tags and a tagline per club, a roster of
 * BIG_ROSTER current members (and BIG_ROSTER_PAST past periods) for `clubId`, SMALL_ROSTER for the
 * others, and a follow per member. A second run on the same campus adds nothing.
 */
export async function fillClubs(handle: DatabaseHandle, clubId: string): Promise<string> {
  const { db } = handle;
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await db.execute(query))[0]!.n;
  const clubs = await count(sql`select count(*)::int as n from org_units where type = 'club'`);
  if (clubs < CLUBS) {
    // Names the scale seed never gives: "Society 17 of <council>".
    await db.execute(sql`
      insert into org_units (name, type, parent_id, category, description)
      select 'Society ' || n || ' of ' || c.name, 'club', c.id, c.category,
        'Weekly meetings, workshops and a flagship event of society ' || n || '.'
      from generate_series(1, ${CLUBS - clubs}) n
      join lateral (select id, name, category from org_units where type = 'committee'
        order by id offset (n % 4) limit 1) c on true`);
  }
  if ((await count(sql`select count(*)::int as n from club_tags`)) === 0) {
    await db.execute(sql`insert into club_tags (name)
      select unnest(string_to_array(${TAGS.join('|')}::text, '|')) on conflict do nothing`);
    await db.execute(sql`
      insert into club_page_tags (unit_id, tag_id)
      select p.unit_id, t.id from club_pages p
      cross join lateral (select id from club_tags
        order by md5(p.unit_id::text || id::text) limit (abs(hashtext(p.unit_id::text)) % 5)) t
      on conflict do nothing`);
    await db.execute(sql`update club_pages p set recruiting = (abs(hashtext(p.slug)) % 4 = 0),
      tagline = 'Meet, learn and build with the ' || (select name from org_units where id = p.unit_id)`);
  }
  if ((await count(sql`select count(*)::int as n from club_memberships`)) === 0) {
    await db.execute(sql`
      insert into club_memberships (unit_id, user_id, started_at)
      select ${clubId}, id, now() - interval '100 days' from users
      where role = 'STUDENT' order by id limit ${BIG_ROSTER}`);
    await db.execute(sql`
      insert into club_memberships (unit_id, user_id, started_at, ended_at, end_reason)
      select ${clubId}, id, now() - interval '400 days', now() - interval '200 days', 'Left the club'
      from users where role = 'STUDENT' order by id desc limit ${BIG_ROSTER_PAST}`);
    // Each other club takes SMALL_ROSTER students in a row, from a place of its own in the list.
    await db.execute(sql`
      with s as (select id, row_number() over (order by id) as rn from users where role = 'STUDENT'),
        total as (select count(*) as n from s)
      insert into club_memberships (unit_id, user_id, started_at)
      select u.id, s.id, now() - interval '30 days'
      from org_units u cross join total
      join s on s.rn > abs(hashtext(u.id::text)) % greatest(total.n - ${SMALL_ROSTER}, 1)
        and s.rn <= abs(hashtext(u.id::text)) % greatest(total.n - ${SMALL_ROSTER}, 1) + ${SMALL_ROSTER}
      where u.type = 'club' and u.id <> ${clubId}
      on conflict do nothing`);
    await db.execute(sql`insert into club_follows (user_id, unit_id)
      select user_id, unit_id from club_memberships where ended_at is null on conflict do nothing`);
  }
  const [page] = rowsOf<{ slug: string }>(
    await db.execute(sql`select slug from club_pages where unit_id = ${clubId}`),
  );
  return page!.slug;
}
