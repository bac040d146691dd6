import { sql } from 'drizzle-orm';
import type { Announcement, CurrentAnnouncements, PostedAnnouncementList } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** How many current announcements a person's home page shows. */
const CURRENT_MAX = 10;

type AnnouncementRow = {
  id: string;
  title: string;
  body: string;
  audience: Announcement['audience'];
  audience_value: string | null;
  club_name: string | null;
  author_name: string;
  created_at: Date | string;
  expires_at: Date | string | null;
};

// The two drivers answer timestamps of a raw statement differently (a Date, or text).
const iso = (value: Date | string) => new Date(value).toISOString();

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  audience: row.audience,
  audienceValue: row.audience_value,
  clubName: row.club_name,
  authorName: row.author_name,
  createdAt: iso(row.created_at),
  expiresAt: row.expires_at === null ? null : iso(row.expires_at),
});

const columns = sql`a.id, a.title, a.body, a.audience, a.audience_value, a.created_at, a.expires_at,
  (select o.name from org_units o where o.id = a.club_unit_id) as club_name,
  (select u.name from users u where u.id = a.author_id) as author_name`;

/**
 * The announcements an official or coordinator posted, newest first, a page at a time, each with
 * how many received it and how many of them have read it (a count the database keeps as they
 * read, migration 0018): one statement.
 */
export async function listPostedAnnouncements(
  db: Database,
  authorId: string,
  query: { page: number; pageSize: number },
): Promise<PostedAnnouncementList> {
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf<AnnouncementRow & { recipients: number; readers: number; total: number }>(
    await db.execute(sql`
      with page as (
        select a.*, count(*) over () as total from announcements a
        where a.author_id = ${authorId}::uuid
        order by a.created_at desc, a.id desc
        limit ${query.pageSize} offset ${offset}
      )
      select ${columns}, a.recipients, a.readers, a.total::int as total
      from page a
      order by a.created_at desc, a.id desc`),
  );
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (offset > 0 ? await countPosted(db, authorId) : 0);
  return {
    items: rows.map((row) => ({
      ...toAnnouncement(row),
      recipients: row.recipients,
      readers: row.readers,
    })),
    total,
    overall: total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function countPosted(db: Database, authorId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from announcements where author_id = ${authorId}::uuid`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * The announcements addressed to a person (they hold a notification of it) that have not expired,
 * newest first, at most CURRENT_MAX: read from their own notifications, never from everyone's.
 */
export async function currentAnnouncements(db: Database, userId: string): Promise<CurrentAnnouncements> {
  const rows = rowsOf<AnnouncementRow>(
    await db.execute(sql`
      select ${columns}
      from notifications n
      join announcements a on a.id = n.announcement_id
      where n.user_id = ${userId}::uuid and n.announcement_id is not null
        and (a.expires_at is null or a.expires_at > now())
      order by a.created_at desc, a.id desc
      limit ${CURRENT_MAX}`),
  );
  return { items: rows.map(toAnnouncement) };
}
