import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { fixed } from '../../db/fixed';
import {
  CLUB_DASHBOARD_LIMITS,
  currentTenure,
  INSTITUTE_ACHIEVEMENT_LEVELS,
  type ClubBundle,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { unitAllocated, unitPaid } from '../../db/ledger-figures';
import {
  achievements,
  clubMemberships,
  clubPages,
  events,
  feedback,
  orgUnits,
  positionHolders,
  positions,
  skills,
  users,
  userSkills,
} from '../../db/schema/index';
import { clubMemberIds, coordinatorClubId, feedbackAboutClub } from './club-scope.service';

type Value = string | Placeholder;

/**
 * What waits for the coordinator's review, as the endorsement panel lists it: the items tied to their
 * club (institute-level achievements at its events, claims naming its positions, records of its
 * positions), never their own.
 */
function pendingForCoordinator(db: Database, clubId: Value, coordinatorId: Value) {
  const achievementsWaiting = and(
    fixed(achievements.verified, false),
    isNull(achievements.declinedAt),
    ne(achievements.userId, coordinatorId),
    // Of achievements, a coordinator vouches only for those at the institute's own level (canVerify).
    inArray(achievements.level, [...INSTITUTE_ACHIEVEMENT_LEVELS]),
    inArray(
      achievements.eventId,
      db.select({ id: events.id }).from(events).where(eq(events.organizingUnitId, clubId)),
    ),
  );
  const claimsWaiting = and(
    fixed(userSkills.isEndorsed, false),
    isNull(userSkills.declinedAt),
    isNull(skills.declinedAt),
    ne(userSkills.userId, coordinatorId),
    inArray(
      userSkills.positionId,
      db.select({ id: positions.id }).from(positions).where(eq(positions.unitId, clubId)),
    ),
  );
  const positionsWaiting = and(
    fixed(positionHolders.verification, 'self_declared'),
    eq(positions.unitId, clubId),
    ne(positionHolders.userId, coordinatorId),
  );
  return { achievementsWaiting, claimsWaiting, positionsWaiting };
}

const param = {
  clubId: sql.placeholder('clubId'),
  coordinatorId: sql.placeholder('coordinatorId'),
  tenure: sql.placeholder('tenure'),
  now: sql.placeholder('now'),
};

/**
 * The club and every count of its dashboard in one statement (each a scalar subquery), prepared:
 * planning its dozen subqueries costs more than running them.
 */
function countsStatement(db: Database, name: string) {
  const { achievementsWaiting, claimsWaiting, positionsWaiting } = pendingForCoordinator(
    db,
    param.clubId,
    param.coordinatorId,
  );
  // The roster's current members and this tenure's office-bearers, each person once.
  const members = union(
    clubMemberIds(db, param.clubId, param.tenure),
    db
      .select({ id: clubMemberships.userId })
      .from(clubMemberships)
      .where(and(eq(clubMemberships.unitId, param.clubId), isNull(clubMemberships.endedAt))),
  ).as('members');
  return db
    .select({
      unit: orgUnits,
      pageSlug: sql<
        string | null
      >`(${db.select({ slug: clubPages.slug }).from(clubPages).where(eq(clubPages.unitId, param.clubId))})`,
      members: sql<number>`(${db.select({ n: countDistinct(members.id) }).from(members)})::int`,
      totalEvents: sql<number>`(${db.select({ n: count() }).from(events).where(eq(events.organizingUnitId, param.clubId))})::int`,
      upcomingEvents: sql<number>`(${db
        .select({ n: count() })
        .from(events)
        .where(
          and(
            eq(events.organizingUnitId, param.clubId),
            fixed(events.status, 'planned'),
            sql`${events.scheduleStart} > ${param.now}::timestamptz`,
          ),
        )})::int`,
      achievements: sql<number>`(${db.select({ n: count() }).from(achievements).where(achievementsWaiting)})::int`,
      userSkills: sql<number>`(${db.select({ n: count() }).from(userSkills).innerJoin(skills, eq(skills.id, userSkills.skillId)).where(claimsWaiting)})::int`,
      positions: sql<number>`(${db.select({ n: count() }).from(positionHolders).innerJoin(positions, eq(positions.id, positionHolders.positionId)).where(positionsWaiting)})::int`,
      feedback: sql<number>`(${db.select({ n: count() }).from(feedbackAboutClub(db, param.clubId, param.tenure))})::int`,
      budgetAllocated: unitAllocated(param.clubId, param.tenure),
      budgetSpent: unitPaid(param.clubId, param.tenure),
    })
    .from(orgUnits)
    .where(eq(orgUnits.id, param.clubId))
    .prepare(name);
}

/** The ids of the club's newest feedback, newest first, as a subquery: sorted among the club's own rows before anything is joined to them. */
function recentFeedbackIds(db: Database, clubId: string, tenure: string) {
  const scoped = feedbackAboutClub(db, clubId, tenure);
  return db
    .select({ id: scoped.id })
    .from(scoped)
    .orderBy(desc(scoped.createdAt), desc(scoped.id))
    .limit(CLUB_DASHBOARD_LIMITS.feedback);
}

/**
 * The club dashboard's data in one answer (spec section 2, Club dashboard; section 3, Club data):
 * the club, its counts, latest events, achievements awaiting the coordinator and recent feedback.
 * Null when the coordinator's account is linked to no club.
 */
export async function myClub(
  db: Database,
  coordinator: { id: string },
  now = new Date(),
): Promise<ClubBundle | null> {
  const clubId = await coordinatorClubId(db, coordinator.id);
  if (!clubId) return null;
  const tenure = currentTenure(now);
  const { achievementsWaiting } = pendingForCoordinator(db, clubId, coordinator.id);
  const counting = prepared(db, 'club_dashboard_counts', countsStatement).execute({
    clubId,
    coordinatorId: coordinator.id,
    tenure,
    now: now.toISOString(),
  });
  // The cards named in the statement that picks them.
  const loadRecentFeedback = () =>
    db
      .select({
        id: feedback.id,
        type: feedback.type,
        rating: feedback.rating,
        comments: feedback.comments,
        // Anonymous feedback never names its author.
        author: sql<string | null>`case when ${feedback.isAnonymous} then null else ${users.name} end`,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      // An erased author's anonymous feedback has none.
      .leftJoin(users, eq(users.id, feedback.authorId))
      .where(inArray(feedback.id, recentFeedbackIds(db, clubId, tenure)))
      .orderBy(desc(feedback.createdAt), desc(feedback.id));
  const [[counts], recentEvents, waiting, recentFeedback] = await Promise.all([
    counting,
    db
      .select({
        id: events.id,
        title: events.title,
        start: events.scheduleStart,
        venue: events.venue,
        status: events.status,
      })
      .from(events)
      .where(eq(events.organizingUnitId, clubId))
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(CLUB_DASHBOARD_LIMITS.events),
    db
      .select({
        id: achievements.id,
        title: achievements.title,
        type: achievements.type,
        level: achievements.level,
        dateAchieved: achievements.dateAchieved,
        student: { name: users.name, studentId: users.studentId },
      })
      .from(achievements)
      .innerJoin(users, eq(users.id, achievements.userId))
      .where(achievementsWaiting)
      .orderBy(asc(achievements.createdAt), asc(achievements.id))
      .limit(CLUB_DASHBOARD_LIMITS.achievements),
    loadRecentFeedback(),
  ]);
  if (!counts) return null;
  const { unit } = counts;
  const pending = {
    achievements: counts.achievements,
    userSkills: counts.userSkills,
    positions: counts.positions,
  };
  return {
    unit: {
      id: unit.id,
      unitCode: unit.unitCode,
      name: unit.name,
      description: unit.description,
      category: unit.category,
      contactEmail: unit.contactEmail,
      // The tenure's figures from the ledger (decision 0040), never the typed ones.
      budgetAllocated: counts.budgetAllocated,
      budgetSpent: counts.budgetSpent,
      budgetTenure: tenure,
      pageSlug: counts.pageSlug,
    },
    stats: {
      activeMembers: counts.members,
      totalEvents: counts.totalEvents,
      upcomingEvents: counts.upcomingEvents,
      pendingReviews: {
        ...pending,
        total: pending.achievements + pending.userSkills + pending.positions,
      },
    },
    recentEvents: recentEvents.map((event) => ({ ...event, start: event.start?.toISOString() ?? null })),
    pendingAchievements: waiting,
    feedback: {
      items: recentFeedback.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
      total: counts.feedback,
    },
  };
}
