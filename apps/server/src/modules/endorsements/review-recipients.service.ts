import { sql, type SQL } from 'drizzle-orm';
import { GENSEC_SKILL_TYPE, INSTITUTE_ACHIEVEMENT_LEVELS, OFFICIAL_ROLES } from '@cosa/contracts';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';

/*
 * Who is told that an item arrived on the endorsement panel: the officials whose list shows it
 * (endorsements.service, endorsements.policy, club-scope), as a query of one column, user_id, for
 * notifyQueue. The owner of an item never reviews it, so is never told of it.
 */

/** The panel's tab that lists a queue's items. */
export const reviewTabLink = (tab: 'user-skills' | 'skills' | 'achievements') =>
  `/gensec-endorse?tab=${tab}`;

const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Each general secretary's role with the skill type they review. */
const GENSEC_TYPES = sql.join(
  Object.entries(GENSEC_SKILL_TYPE).map(([role, type]) => sql`(${role}::text, ${type}::text)`),
  sql`, `,
);
const GENSECS = listOf(Object.keys(GENSEC_SKILL_TYPE));
const OFFICIALS = listOf(OFFICIAL_ROLES);
const REVIEWERS = listOf([...OFFICIAL_ROLES, 'CLUB_COORDINATOR']);

/**
 * The reviewers (users u) of an item of `type` owned by `owner` and tied to the unit `club` (null
 * when none): the general secretary of the type, the president, and the coordinator of that club
 * (contracts record-authority, canVerify).
 */
const reviewsItem = (
  type: SQL,
  owner: SQL,
  club: SQL,
  coordinatorMay: SQL = sql`true`,
) => sql`u.role in (${REVIEWERS}) and u.id <> ${owner} and (
  u.role = 'PRESIDENT'
  or (u.role, ${type}) in (values ${GENSEC_TYPES})
  or (u.role = 'CLUB_COORDINATOR' and u.club_unit_id = ${club} and ${coordinatorMay}))`;

/** A coordinator vouches only for achievements at the institute's own level. */
const INSTITUTE_LEVEL = sql`a.level in (${listOf(INSTITUTE_ACHIEVEMENT_LEVELS)})`;

/** The reviewers of a student's skill claim. */
export const claimReviewers = (claimId: string): SQL => sql`select u.id as user_id
  from ${userSkills} c join ${skills} s on s.id = c.skill_id cross join ${users} u
  where c.id = ${claimId} and ${reviewsItem(sql`s.type`, sql`c.user_id`, sql`(select p.unit_id from ${positions} p where p.id = c.position_id)`)}`;

/** The reviewers of a new catalogue skill: the general secretary of its type and the president (no club owns a catalogue skill). */
export const skillReviewers = (skillId: string): SQL => sql`select u.id as user_id
  from ${skills} s cross join ${users} u
  where s.id = ${skillId} and u.role in (${OFFICIALS}) and u.id is distinct from s.created_by
    and (u.role = 'PRESIDENT' or (u.role, s.type) in (values ${GENSEC_TYPES}))`;

/** The reviewers of an achievement; the president's own 'other' achievements go to the general secretaries. */
export const achievementReviewers = (achievementId: string): SQL => sql`select u.id as user_id
  from ${achievements} a cross join ${users} u
  where a.id = ${achievementId} and (${reviewsItem(sql`a.type`, sql`a.user_id`, sql`(select e.organizing_unit_id from ${events} e where e.id = a.event_id)`, INSTITUTE_LEVEL)}
    or (a.type = 'other' and u.role in (${GENSECS}) and exists (select 1 from ${users} o where o.id = a.user_id and o.role = 'PRESIDENT')))`;
