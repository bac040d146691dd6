import { eq, sql } from 'drizzle-orm';
import type { CreateAnnouncementRequest } from '@cosa/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { announcements, users } from '../apps/server/src/db/schema/index';
import { postAnnouncement } from '../apps/server/src/modules/announcements/announcements.service';

/** A term of announcements from the president: a few to everyone, the rest to one batch year each. */
const TO_EVERYONE = 4;
const TO_BATCHES = 16;

/**
 * Fills the inbox and announcement scenarios' data: TO_EVERYONE + TO_BATCHES announcements posted by
 * the president through the real service (so every student holds about a dozen notifications), spread
 * over the last four months, the oldest quarter expired, and most of the older ones read. A second
 * run on the same campus adds nothing.
 */
export async function fillAnnouncements(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const [president] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.role, 'PRESIDENT'))
    .limit(1);
  if (!president) throw new Error('the database has no PRESIDENT to post announcements');
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from announcements where author_id = ${president.id}`,
    ),
  );
  if ((existing?.n ?? 0) >= TO_EVERYONE + TO_BATCHES) return;
  const batches = rowsOf<{ year: number }>(
    await db.execute(
      sql`select batch_year as year from student_profiles where batch_year is not null group by batch_year order by count(*) desc limit 4`,
    ),
  );
  const posts: CreateAnnouncementRequest[] = [
    ...Array.from({ length: TO_EVERYONE }, (_, n) => ({
      title: `Campus notice ${n + 1}`,
      body: 'The council meets on Friday in the main hall.',
      audience: 'everyone' as const,
    })),
    ...Array.from({ length: TO_BATCHES }, (_, n) => ({
      title: `Batch notice ${n + 1}`,
      body: 'Course registration closes this week: https://academics.example.edu',
      audience: 'batch' as const,
      audienceValue: String(batches[n % batches.length]!.year),
    })),
  ];
  for (const post of posts) await postAnnouncement(db, president, post);
  // Spread over the last 120 days, oldest first; the oldest quarter has expired.
  await db.execute(sql`
    with ordered as (select id, row_number() over (order by created_at, id) as n, count(*) over () as total from announcements where author_id = ${president.id})
    update announcements a set created_at = now() - (ordered.total - ordered.n) * interval '6 days',
      expires_at = case when ordered.n <= ordered.total / 4 then now() - interval '1 day' else null end
    from ordered where a.id = ordered.id`);
  // Most students read the older announcements; the newest stay unread.
  await db.execute(sql`
    update notifications n set read_at = a.created_at + interval '1 day'
    from ${announcements} a
    where n.announcement_id = a.id and a.created_at < now() - interval '20 days' and abs(hashtext(n.id::text)) % 10 < 7`);
  await db.execute(sql`analyze notifications`);
  await db.execute(sql`analyze announcements`);
}
