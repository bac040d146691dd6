import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  normalizeRole,
  PEOPLE_MESSAGES,
  ROLE_LABELS,
  type PersonPage,
  type WaitingItem,
} from '@cosa/contracts';
import { fixed } from '../../db/fixed';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  achievements,
  events,
  orgUnits,
  positionHolders,
  positions,
  privacyChoices,
  skills,
  studentProfiles,
  userPhotos,
  userSkills,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { membershipRecordOf } from '../club-membership/membership-record.service';
import { achievementQueue, userSkillQueue } from '../endorsements/endorsements.service';
import { attendedEvents } from '../events/attendance-record.service';
import { positionQueueOf } from '../positions/position-review.service';
import { recordAccess } from '../privacy/access-log.service';
import { seesPersonalDetails, seesProfileOf } from '../privacy/visibility.service';
import { photoUrlOf } from '../profile/profile.service';
import { personViewOf, type Viewer } from './people.policy';

/* A person's page (/people/{id}): their verified record, and what else the viewer may see of them. */

const QUEUE = '/gensec-endorse';

/*
 * Every page reads the person and their three lists: each statement is prepared once per
 * connection (planning them cost more than running them, each an index read of one person's rows).
 */
const userId = sql.placeholder('userId');

/** The account and its profile; no row for an unknown id. */
const subjectStatement = (db: Database, name: string) =>
  db
    .select({
      user: users,
      profile: studentProfiles,
      photoId: userPhotos.id,
      showProfile: privacyChoices.showProfile,
      showPhone: privacyChoices.showPhone,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .leftJoin(privacyChoices, eq(privacyChoices.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
    .prepare(name);

/** The positions the person holds or held that an official or the administrator verified, latest tenure first. */
const positionsStatement = (db: Database, name: string) =>
  db
    .select({
      id: positionHolders.id,
      title: positions.title,
      unit: { id: orgUnits.id, name: orgUnits.name },
      tenure: positionHolders.tenureYear,
      status: positionHolders.status,
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .where(and(eq(positionHolders.userId, userId), fixed(positionHolders.verification, 'verified')))
    .orderBy(desc(positionHolders.tenureYear), asc(positions.title))
    .prepare(name);

/** The achievements an official verified, latest first. */
const achievementsStatement = (db: Database, name: string) =>
  db
    .select({ a: achievements, eventTitle: events.title })
    .from(achievements)
    .leftJoin(events, eq(events.id, achievements.eventId))
    .where(and(eq(achievements.userId, userId), fixed(achievements.verified, true)))
    .orderBy(desc(achievements.dateAchieved), asc(achievements.title))
    .prepare(name);

async function verifiedAchievements(db: Database, id: string) {
  const rows = await prepared(db, 'person_achievements', achievementsStatement).execute({
    userId: id,
  });
  return rows.map(({ a, eventTitle }) => ({
    id: a.id,
    title: a.title,
    category: a.category,
    type: a.type,
    level: a.level,
    dateAchieved: a.dateAchieved,
    position: a.position,
    event: a.eventId && eventTitle ? { id: a.eventId, title: eventTitle } : null,
  }));
}

/** The skills the person claims that an official endorsed, by name. */
const skillsStatement = (db: Database, name: string) =>
  db
    .select({
      id: userSkills.id,
      name: skills.name,
      category: skills.category,
      type: skills.type,
      proficiencyLevel: userSkills.proficiencyLevel,
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(and(eq(userSkills.userId, userId), fixed(userSkills.isEndorsed, true)))
    .orderBy(asc(skills.name))
    .prepare(name);

/**
 * The person's items in the viewer's own review queues, oldest first: the conditions are the
 * endorsement panel's, so the page lists exactly what the panel lets the viewer decide.
 */
async function waitingFor(db: Database, viewer: Viewer, userId: string): Promise<WaitingItem[]> {
  const [claims, achieved, holdings] = await Promise.all([
    userSkillQueue(db, viewer, {}, 'UTC'),
    achievementQueue(db, viewer, {}, 'UTC'),
    positionQueueOf(db, viewer),
  ]);
  const [skillRows, achievementRows, positionRows] = await Promise.all([
    db
      .select({
        id: userSkills.id,
        name: skills.name,
        proficiency: userSkills.proficiencyLevel,
        at: userSkills.createdAt,
      })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .where(and(claims.where, eq(userSkills.userId, userId))),
    db
      .select({
        id: achievements.id,
        title: achievements.title,
        eventTitle: events.title,
        at: achievements.createdAt,
      })
      .from(achievements)
      .leftJoin(events, eq(events.id, achievements.eventId))
      .where(and(achieved.where, eq(achievements.userId, userId))),
    db
      .select({
        id: positionHolders.id,
        title: positions.title,
        unit: orgUnits.name,
        tenure: positionHolders.tenureYear,
        at: positionHolders.createdAt,
      })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(and(holdings.where, eq(positionHolders.userId, userId))),
  ]);
  const items: (Omit<WaitingItem, 'submittedAt'> & { at: Date })[] = [
    ...achievementRows.map((row) => ({
      kind: 'achievement' as const,
      id: row.id,
      title: row.title,
      detail: row.eventTitle ? `Achievement at ${row.eventTitle}` : 'Achievement',
      at: row.at,
      link: `${QUEUE}?tab=achievements`,
    })),
    ...skillRows.map((row) => ({
      kind: 'skill' as const,
      id: row.id,
      title: row.name,
      detail: `Skill, ${row.proficiency}`,
      at: row.at,
      link: `${QUEUE}?tab=user-skills`,
    })),
    ...positionRows.map((row) => ({
      kind: 'position' as const,
      id: row.id,
      title: row.title,
      detail: `Position, ${row.unit}, ${row.tenure}`,
      at: row.at,
      link: `${QUEUE}?tab=positions`,
    })),
  ];
  return items
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id))
    .map(({ at, ...item }) => ({ ...item, submittedAt: at.toISOString() }));
}

/**
 * A person as `viewer` may see them (people.policy): 404, the same answer whatever the reason, for
 * an unknown id and for an account the viewer may not see, so the page reveals no account's existence.
 * An official's, coordinator's or the administrator's opening is logged for the person to see,
 * with the page the viewer came from.
 */
export async function personPage(
  db: Database,
  viewer: Viewer,
  id: string,
  cameFrom: string | null = null,
): Promise<PersonPage> {
  const [row] = await prepared(db, 'person_subject', subjectStatement).execute({ userId: id });
  const view =
    row &&
    personViewOf(viewer, {
      id: row.user.id,
      role: row.user.role,
      emailVerified: row.user.emailVerifiedAt !== null,
      onboardingComplete: row.user.onboardingComplete,
      deactivated: row.user.deactivatedAt !== null,
    });
  if (!row || !view) throw AppError.notFound(PEOPLE_MESSAGES.notFound);
  const { user, profile: p, photoId, showProfile, showPhone } = row;
  const choices = showProfile === null ? null : { showProfile };
  const [held, achieved, endorsed, attended, memberships, waiting] = await Promise.all([
    prepared(db, 'person_positions', positionsStatement).execute({ userId: id }),
    verifiedAchievements(db, id),
    prepared(db, 'person_skills', skillsStatement).execute({ userId: id }),
    // Checked-in attendance is verified by the door: part of the verified record (decision 0026).
    view.record ? attendedEvents(db, id) : Promise.resolve([]),
    // A membership is the club's own record, accepted by its coordinator: part of the record too.
    view.record ? membershipRecordOf(db, id) : Promise.resolve([]),
    view.reviewQueue ? waitingFor(db, viewer, id) : Promise.resolve([]),
    recordAccess(db, id, {
      viewer: { id: viewer.id, role: normalizeRole(viewer.role) },
      kind: view.personal ? 'personal_details' : 'record',
      cameFrom,
    }),
  ]);
  const role = normalizeRole(user.role);
  return {
    id: user.id,
    name: user.name,
    photoUrl: seesProfileOf(viewer, id, choices) ? photoUrlOf(photoId) : null,
    role,
    roleLabel: ROLE_LABELS[role],
    ...(view.academic && {
      academic: {
        program: p?.program ?? null,
        discipline: p?.branch ?? null,
        admissionYear: p?.batchYear ?? null,
      },
    }),
    positions: view.record ? held : [],
    achievements: view.record ? achieved : [],
    skills: view.record ? endorsed : [],
    attendance: attended,
    clubMemberships: memberships,
    ...(view.personal &&
      seesPersonalDetails(viewer, id) && {
        personal: {
          email: user.email,
          username: user.username,
          studentId: user.studentId,
          phone: p?.phone ?? null,
          gender: p?.gender ?? null,
          dateOfBirth: p?.dateOfBirth ?? null,
          hostel: p?.hostel ?? null,
          roomNumber: p?.roomNumber ?? null,
          cgpa: p?.instituteCgpa ?? p?.cgpa ?? null,
        },
      }),
    ...(!seesPersonalDetails(viewer, id) && showPhone === true && p?.phone && { sharedPhone: p.phone }),
    ...(waiting.length > 0 && { waitingForYourReview: waiting }),
    ...(view.administration && {
      administration: {
        link: `/admin/users/${user.id}`,
        deactivated: user.deactivatedAt !== null,
      },
    }),
  };
}
