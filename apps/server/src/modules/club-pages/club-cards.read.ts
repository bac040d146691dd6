import { sql, type SQL } from 'drizzle-orm';
import type { ClubCard, ClubEvent } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * Clubs as the directory and their pages show them. One statement chooses the clubs asked for (a
 * pass over every active club's page, which holds its council and the words it is found by),
 * orders and pages them, and only then reads each chosen card's tags, logo, member count, next
 * events and where the viewer stands.
 */

/** How many of a club's next events its card names. */
const CARD_EVENTS = 2;

/** An event people can see and attend: approved, not cancelled. */
export const LISTED_EVENT = sql`e.approval = 'approved' and e.status <> 'cancelled'`;

/** A club's picture's address; its id changes with every upload. */
export const clubImageUrlOf = (id: string | null): string | null =>
  id ? `/api/club-images/${id}` : null;

export type CardRow = {
  id: string;
  slug: string;
  name: string;
  type: 'club' | 'committee';
  description: string | null;
  category: string | null;
  tagline: string | null;
  recruiting: boolean;
  council_id: string | null;
  council_name: string | null;
  tags: string[] | null;
  tag_ids: string[] | null;
  logo_id: string | null;
  member_count: number;
  upcoming: { id: string; title: string; starts_at: string | null; venue: string | null }[] | null;
  upcoming_count: number;
  following: boolean;
  member: boolean;
  total: number;
};

export const eventOf = (event: {
  id: string;
  title: string;
  starts_at: string | Date | null;
  venue: string | null;
}): ClubEvent => ({
  id: event.id,
  title: event.title,
  startsAt: event.starts_at ? new Date(event.starts_at).toISOString() : null,
  venue: event.venue,
});

export const cardOf = (row: CardRow): ClubCard => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.type,
  council: row.council_id ? { id: row.council_id, name: row.council_name! } : null,
  category: row.category,
  summary: row.tagline ?? row.description,
  tags: row.tags ?? [],
  logoUrl: clubImageUrlOf(row.logo_id),
  memberCount: Number(row.member_count),
  upcomingEvents: (row.upcoming ?? []).map(eventOf),
  upcomingEventCount: Number(row.upcoming_count),
  recruiting: row.recruiting,
  following: row.following,
  member: row.member,
});

/** The active clubs and council bodies, with what they are chosen by: a statement's `listed`. */
const LISTED = sql`listed as (
  select u.id, p.slug, u.name, u.type, u.description, u.category, p.tagline, p.recruiting,
    p.council_id, c.name as council_name, p.search_words as words, p.search_names as names
  from org_units u
  join club_pages p on p.unit_id = u.id
  left join org_units c on c.id = p.council_id
  where u.type in ('club', 'committee') and u.retired_at is null
)`;

/**
 * A club's current member count, and whether the viewer follows it and is a member: read on every
 * request, never kept.
 */
export const liveFactsOf = (unit: SQL, viewerId: string) => ({
  members: sql`(select count(*)::int from club_memberships m
    where m.unit_id = ${unit} and m.ended_at is null)`,
  following: sql`exists (select 1 from club_follows f
    where f.unit_id = ${unit} and f.user_id = ${viewerId})`,
  member: sql`exists (select 1 from club_memberships m
    where m.unit_id = ${unit} and m.user_id = ${viewerId} and m.ended_at is null)`,
});

/** What a list of cards asks for: which (a condition on `listed`), in what order, which page. */
export type CardQuery = { where?: SQL; order?: SQL; limit: number; offset?: number };

/** A statement's head: `listed`, and `chosen`, the page of it the query asks for, with the total. */
const chosenFrom = ({
  where = sql`true`,
  order = sql`lower(listed.name), listed.id`,
  limit,
  offset = 0,
}: CardQuery) => sql`with ${LISTED},
    chosen as (
      select listed.*, (count(*) over ())::int as total,
        row_number() over (order by ${order}) as position
      from listed where ${where} order by position limit ${limit} offset ${offset}
    )`;

/**
 * The cards of the active clubs and council bodies that `where` keeps (a condition on `listed`: its
 * columns id, slug, name, category, recruiting, council_id, words (name, tags, tagline and
 * description, lower-cased, trigram-indexed) and names (the same without the description)), as seen
 * by `viewerId`, in `order`, one page; each row carries how many the condition keeps in all
 * (`total`). The council of a club is the nearest council body (a committee) above it; a body is
 * its own. Councils and words are kept on the page by triggers (migration 0043).
 */
export async function clubCards(db: Database, viewerId: string, query: CardQuery): Promise<CardRow[]> {
  const live = liveFactsOf(sql`chosen.id`, viewerId);
  const result = await db.execute(sql`
    ${chosenFrom(query)}
    select chosen.id, chosen.slug, chosen.name, chosen.type, chosen.description, chosen.category,
      chosen.tagline, chosen.recruiting, chosen.council_id, chosen.council_name, chosen.total,
      (select array_agg(t.name order by lower(t.name)) from club_page_tags pt
        join club_tags t on t.id = pt.tag_id where pt.unit_id = chosen.id) as tags,
      (select array_agg(t.id order by lower(t.name)) from club_page_tags pt
        join club_tags t on t.id = pt.tag_id where pt.unit_id = chosen.id) as tag_ids,
      (select i.id from club_images i where i.unit_id = chosen.id and i.kind = 'logo') as logo_id,
      ${live.members} as member_count,
      (select json_agg(json_build_object('id', n.id, 'title', n.title, 'starts_at', n.schedule_start,
          'venue', n.venue) order by n.schedule_start, n.id)
        from (select e.id, e.title, e.schedule_start, e.venue from events e
          where e.organizing_unit_id = chosen.id and ${LISTED_EVENT} and e.schedule_start > now()
          order by e.schedule_start, e.id limit ${CARD_EVENTS}) n) as upcoming,
      (select count(*)::int from events e
        where e.organizing_unit_id = chosen.id and ${LISTED_EVENT} and e.schedule_start > now()) as upcoming_count,
      ${live.following} as following, ${live.member} as member
    from chosen order by chosen.position`);
  return rowsOf<CardRow>(result);
}

/** A club chosen for a page, with what is read of it for every request. */
export type ChosenClub = {
  id: string;
  total: number;
  members: number;
  following: boolean;
  member: boolean;
};

/**
 * The clubs a page of the directory shows, chosen as `clubCards` chooses them, with how many the
 * condition keeps in all and, for each, its member count and the viewer's follow and membership:
 * a light statement, for the cards are kept (club-directory.read).
 */
export async function chooseClubs(
  db: Database,
  viewerId: string,
  query: CardQuery,
): Promise<ChosenClub[]> {
  const live = liveFactsOf(sql`chosen.id`, viewerId);
  const result = await db.execute(sql`
    ${chosenFrom(query)}
    select chosen.id, chosen.total, ${live.members} as members, ${live.following} as following,
      ${live.member} as member
    from chosen order by chosen.position`);
  return rowsOf<ChosenClub>(result).map((row) => ({ ...row, members: Number(row.members) }));
}
