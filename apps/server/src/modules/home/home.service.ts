import { and, asc, count, eq, gt } from 'drizzle-orm';
import { UPCOMING_EVENTS_LIMIT, type HomeDashboard } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, feedback, orgUnits, positionHolders, studentProfiles, userPhotos, userSkills, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { latestOwnAchievement } from '../achievements/achievements.service';
import { photoUrlOf } from '../profile/profile.service';

/** Upcoming means planned and starting later than now (spec section 4). */
const upcoming = (now: Date) => and(eq(events.status, 'planned'), gt(events.scheduleStart, now));

/** The whole student home dashboard (spec section 1), read in one round of parallel queries. */
export async function homeDashboard(db: Database, userId: string, now = new Date()): Promise<HomeDashboard> {
  const tally = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  const [[user], skills, achievementCount, positions, feedbackGiven, upcomingRows, upcomingTotal, latestAchievement] = await Promise.all([
    db
      .select({ name: users.name, branch: studentProfiles.branch, batchYear: studentProfiles.batchYear, program: studentProfiles.program, photoId: userPhotos.id })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    tally(db.select({ n: count() }).from(userSkills).where(eq(userSkills.userId, userId))),
    tally(db.select({ n: count() }).from(achievements).where(eq(achievements.userId, userId))),
    tally(db.select({ n: count() }).from(positionHolders).where(eq(positionHolders.userId, userId))),
    tally(db.select({ n: count() }).from(feedback).where(eq(feedback.authorId, userId))),
    db
      .select({
        id: events.id,
        title: events.title,
        description: events.description,
        category: events.category,
        unitName: orgUnits.name,
        start: events.scheduleStart,
        end: events.scheduleEnd,
      })
      .from(events)
      .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
      .where(upcoming(now))
      .orderBy(asc(events.scheduleStart), asc(events.id))
      .limit(UPCOMING_EVENTS_LIMIT),
    tally(db.select({ n: count() }).from(events).where(upcoming(now))),
    latestOwnAchievement(db, userId),
  ]);
  if (!user) throw AppError.unauthenticated();
  return {
    user: { name: user.name, branch: user.branch, batchYear: user.batchYear, program: user.program, photoUrl: photoUrlOf(user.photoId) },
    counts: { skills, achievements: achievementCount, positions, feedbackGiven },
    upcomingEvents: upcomingRows.map((row) => ({ ...row, start: row.start!.toISOString(), end: row.end?.toISOString() ?? null })),
    upcomingTotal,
    latestAchievement,
  };
}
