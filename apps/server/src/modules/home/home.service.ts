import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  FOLLOWED_CLUB_EVENTS_LIMIT,
  UPCOMING_EVENTS_LIMIT,
  type HomeDashboard,
  type UpcomingEvent,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  clubFollows,
  events,
  feedback,
  orgUnits,
  positionHolders,
  studentProfiles,
  userPhotos,
  userSkills,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { latestOwnAchievement } from '../achievements/achievements.service';
import { photoUrlOf } from '../profile/profile.service';
import { rowsOf } from '../../db/rows';

/** Upcoming means planned and starting later than now (spec section 4). */
// Only approved events are public: a club's proposal waits for the council (EVENT_APPROVALS).
const upcoming = (now: Date) =>
  and(
    fixed(events.status, 'planned'),
    fixed(events.approval, 'approved'),
    gt(events.scheduleStart, now),
  );

const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  category: events.category,
  unitName: orgUnits.name,
  start: events.scheduleStart,
  end: events.scheduleEnd,
};

type EventRow = Omit<UpcomingEvent, 'start' | 'end'> & { start: Date | null; end: Date | null };

const toUpcoming = (row: EventRow): UpcomingEvent => ({
  ...row,
  start: row.start!.toISOString(),
  end: row.end?.toISOString() ?? null,
});

/** The next upcoming events of the clubs (and council bodies) the student follows, soonest first. */
const followedClubEvents = (db: Database, userId: string, now: Date) =>
  db
    .select(eventColumns)
    .from(clubFollows)
    .innerJoin(events, eq(events.organizingUnitId, clubFollows.unitId))
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(and(eq(clubFollows.userId, userId), upcoming(now)))
    .orderBy(asc(events.scheduleStart), asc(events.id))
    .limit(FOLLOWED_CLUB_EVENTS_LIMIT);

/** The whole student home dashboard (spec section 1), read in one round of parallel queries. */
export async function homeDashboard(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<HomeDashboard> {
  // The four counters and the number of upcoming events in one statement: one round trip, not five.
  const counting = db.execute(sql`
    select
      (select count(*) from ${userSkills} where ${userSkills.userId} = ${userId})::int as skills,
      (select count(*) from ${achievements} where ${achievements.userId} = ${userId})::int as achievements,
      (select count(*) from ${positionHolders} where ${positionHolders.userId} = ${userId})::int as positions,
      (select count(*) from ${feedback} where ${feedback.authorId} = ${userId})::int as feedback,
      (select count(*) from ${events} where ${upcoming(now)})::int as upcoming`);
  const [[user], counted, upcomingRows, latestAchievement, followedRows] = await Promise.all([
    db
      .select({
        name: users.name,
        branch: studentProfiles.branch,
        batchYear: studentProfiles.batchYear,
        program: studentProfiles.program,
        photoId: userPhotos.id,
      })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    counting,
    db
      .select(eventColumns)
      .from(events)
      .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
      .where(upcoming(now))
      .orderBy(asc(events.scheduleStart), asc(events.id))
      .limit(UPCOMING_EVENTS_LIMIT),
    latestOwnAchievement(db, userId),
    followedClubEvents(db, userId, now),
  ]);
  const counts = rowsOf<{
    skills: number;
    achievements: number;
    positions: number;
    feedback: number;
    upcoming: number;
  }>(counted)[0]!;
  if (!user) throw AppError.unauthenticated();
  return {
    user: {
      name: user.name,
      branch: user.branch,
      batchYear: user.batchYear,
      program: user.program,
      photoUrl: photoUrlOf(user.photoId),
    },
    counts: {
      skills: counts.skills,
      achievements: counts.achievements,
      positions: counts.positions,
      feedbackGiven: counts.feedback,
    },
    upcomingEvents: upcomingRows.map(toUpcoming),
    upcomingTotal: counts.upcoming,
    followedClubEvents: followedRows.map(toUpcoming),
    latestAchievement,
  };
}
