import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ANNOUNCEMENT_MESSAGES,
  audienceLabel,
  currentTenure,
  normalizeRole,
  type CreateAnnouncementRequest,
  type PostedAnnouncement,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { announcements, orgUnits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { coordinatorClubId } from '../clubs/club-scope.service';
import { notifyMany } from '../notifications/notify.service';

/** Who posts: the signed-in official or club coordinator. */
export type Poster = { id: string; role: string; name: string };

/**
 * Accounts an announcement can reach: active, with a proven e-mail, and able to open the inbox (an
 * onboarded student, or a council official, who needs no onboarding). The institute administrator
 * keeps no student record (deviation 60) and is nobody's audience.
 */
const reachable = sql`u.deactivated_at is null and u.email_verified_at is not null and u.role <> 'ADMIN'
  and (u.role <> 'STUDENT' or u.onboarding_complete)`;

/**
 * One statement selecting the user_id of everyone the audience holds, the author left out. A club
 * is its members: everyone on its roster now (a membership not ended; a past member is not), and
 * its office-bearers of this tenure, the people holding one of its positions (verified holdings,
 * and those its coordinator appointed while the council has still to check them; a student's own
 * unchecked claim does not put them in the club's audience).
 */
function audienceSql(
  authorId: string,
  audience: CreateAnnouncementRequest['audience'],
  value: string | null,
  clubId: string | null,
): SQL {
  const others = sql`${reachable} and u.id <> ${authorId}::uuid`;
  switch (audience) {
    case 'everyone':
      return sql`select u.id as user_id from users u where ${others}`;
    case 'batch':
      return sql`select u.id as user_id from student_profiles p join users u on u.id = p.user_id where p.batch_year = ${Number(value)}::int and ${others}`;
    case 'program':
      return sql`select u.id as user_id from student_profiles p join users u on u.id = p.user_id where p.program = ${value} and ${others}`;
    case 'discipline':
      return sql`select u.id as user_id from student_profiles p join users u on u.id = p.user_id where p.branch = ${value} and ${others}`;
    case 'club':
      return sql`select u.id as user_id from club_memberships m
        join users u on u.id = m.user_id
        where m.unit_id = ${clubId}::uuid and m.ended_at is null and ${others}
        union
        select u.id as user_id from position_holders h
        join positions pos on pos.id = h.position_id
        join users u on u.id = h.user_id
        where pos.unit_id = ${clubId}::uuid and h.tenure_year = ${currentTenure()} and h.status = 'active'
          and h.verification in ('verified', 'pending') and ${others}`;
  }
}

/**
 * Which club the announcement goes to, checking who may choose which audience: a club coordinator
 * speaks for their own club only, so posts to its members and to no one else; only a coordinator
 * has a club to post to.
 */
async function clubOf(
  db: Database,
  poster: Poster,
  audience: CreateAnnouncementRequest['audience'],
): Promise<{ id: string; name: string } | null> {
  const coordinator = normalizeRole(poster.role) === 'CLUB_COORDINATOR';
  if (!coordinator) {
    if (audience === 'club')
      throw AppError.badRequest(ANNOUNCEMENT_MESSAGES.clubOnlyForCoordinator, {
        audience: ANNOUNCEMENT_MESSAGES.clubOnlyForCoordinator,
      });
    return null;
  }
  if (audience !== 'club')
    throw AppError.badRequest(ANNOUNCEMENT_MESSAGES.coordinatorPostsToClub, {
      audience: ANNOUNCEMENT_MESSAGES.coordinatorPostsToClub,
    });
  const clubId = await coordinatorClubId(db, poster.id);
  const [club] = clubId
    ? await db
        .select({ id: orgUnits.id, name: orgUnits.name })
        .from(orgUnits)
        .where(eq(orgUnits.id, clubId))
        .limit(1)
    : [];
  if (!club)
    throw AppError.badRequest(ANNOUNCEMENT_MESSAGES.noClub, { audience: ANNOUNCEMENT_MESSAGES.noClub });
  return club;
}

/** A new announcement as its poster's list shows it: read by nobody yet. */
const postedOf = (
  announcement: typeof announcements.$inferSelect,
  poster: Poster,
  clubName: string | null,
  recipients: number,
): PostedAnnouncement => ({
  id: announcement.id,
  title: announcement.title,
  body: announcement.body,
  audience: announcement.audience,
  audienceValue: announcement.audienceValue,
  clubName,
  authorName: poster.name,
  createdAt: announcement.createdAt.toISOString(),
  expiresAt: announcement.expiresAt?.toISOString() ?? null,
  recipients,
  readers: 0,
});

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * Posts an announcement and delivers it, in one transaction: the announcement, one notification
 * per person of its audience (a single INSERT ... SELECT however many they are), its recipient
 * count and a line of the activity log. An audience with nobody in it is refused (400) and nothing
 * is stored: it is almost always a mistyped batch year or a club with no members yet.
 */
export async function postAnnouncement(
  db: Database,
  poster: Poster,
  input: CreateAnnouncementRequest,
): Promise<PostedAnnouncement> {
  const club = await clubOf(db, poster, input.audience);
  const audienceValue = input.audienceValue ?? null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        authorId: poster.id,
        title: input.title,
        body: input.body,
        audience: input.audience,
        audienceValue,
        clubUnitId: club?.id ?? null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    const announcement = row!;
    const recipients = await notifyMany(
      tx,
      audienceSql(poster.id, input.audience, audienceValue, club?.id ?? null),
      {
        kind: 'announcement',
        subject: input.title,
        detail: input.body,
        link: '/notifications',
        announcementId: announcement.id,
      },
    );
    if (recipients === 0) {
      const field = input.audienceValue !== undefined ? 'audienceValue' : 'audience';
      throw AppError.badRequest(ANNOUNCEMENT_MESSAGES.nobodyInAudience, {
        [field]: ANNOUNCEMENT_MESSAGES.nobodyInAudience,
      });
    }
    await tx.update(announcements).set({ recipients }).where(eq(announcements.id, announcement.id));
    const label = audienceLabel({
      audience: input.audience,
      audienceValue,
      clubName: club?.name ?? null,
    });
    await logActivity(tx, {
      type: 'announcement',
      actorId: poster.id,
      description: `Posted the announcement "${input.title}" to ${label} (${people(recipients)})`,
      subjectType: 'announcement',
      subjectId: announcement.id,
    });
    return postedOf(announcement, poster, club?.name ?? null, recipients);
  });
}

/**
 * Posts an announcement to an event's registrants (the organisers' message from the event's page):
 * stored with the audience 'event' and the event's title, delivered like any other. Nobody to
 * reach is refused (400) and nothing is stored.
 */
export async function announceToRegistrants(
  db: Database,
  poster: Poster,
  message: { title: string; body: string },
  event: { id: string; title: string },
  recipients: SQL,
): Promise<PostedAnnouncement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        authorId: poster.id,
        title: message.title,
        body: message.body,
        audience: 'event',
        audienceValue: event.title,
      })
      .returning();
    const announcement = row!;
    const count = await notifyMany(
      tx,
      sql`select r.user_id from (${recipients}) r join users u on u.id = r.user_id where ${reachable} and u.id <> ${poster.id}::uuid`,
      {
        kind: 'announcement',
        subject: message.title,
        detail: message.body,
        link: '/notifications',
        announcementId: announcement.id,
      },
    );
    if (count === 0) throw AppError.badRequest(ANNOUNCEMENT_MESSAGES.nobodyInAudience);
    await tx
      .update(announcements)
      .set({ recipients: count })
      .where(eq(announcements.id, announcement.id));
    await logActivity(tx, {
      type: 'announcement',
      actorId: poster.id,
      description: `Posted the announcement "${message.title}" to the registrants of ${event.title} (${people(count)})`,
      subjectType: 'announcement',
      subjectId: announcement.id,
    });
    return postedOf(announcement, poster, null, count);
  });
}
