import { z } from 'zod';
import { AttendanceRecordSchema } from './attendance';
import { MembershipRecordSchema } from './club-membership-record';
import { ACHIEVEMENT_TYPES, POSITION_STATUSES, PROFICIENCY_LEVELS, SKILL_TYPES } from './constants';
import { ROLES } from './roles';

/** The visible texts of /people/{id} and the server's answer for a person it does not show. */
export const PEOPLE_MESSAGES = {
  notFound: 'We could not find this person.',
  loadFailed: 'We could not load this page. Please try again.',
  positionsHeading: 'Positions of responsibility',
  achievementsHeading: 'Verified achievements',
  skillsHeading: 'Endorsed skills',
  reviewHeading: 'Waiting for your review',
  personalHeading: 'Personal details',
  personalNote: 'Shown only to this person and the administrator.',
  noPositions: 'No verified positions yet.',
  noAchievements: 'No verified achievements yet.',
  noSkills: 'No endorsed skills yet.',
  adminLink: 'Open in administration',
  deactivated: 'This account is deactivated.',
} as const;

const UnitRefSchema = z.object({ id: z.string(), name: z.string() });

/** A position the person holds or held, verified by an official or the administrator. */
const PersonPositionSchema = z.object({
  id: z.string(),
  title: z.string(),
  unit: UnitRefSchema,
  tenure: z.string(),
  status: z.enum(POSITION_STATUSES),
});

/** An achievement an official verified. */
const PersonAchievementSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  type: z.enum(ACHIEVEMENT_TYPES),
  level: z.string().nullable(),
  dateAchieved: z.string(),
  position: z.string().nullable(),
  event: z.object({ id: z.string(), title: z.string() }).nullable(),
});

/** A skill the person claims that an official endorsed. */
const PersonSkillSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.enum(SKILL_TYPES),
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS),
});

/** What only the person and the administrator see (decision 0026). */
const PersonalDetailsSchema = z.object({
  email: z.string(),
  username: z.string(),
  studentId: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  hostel: z.string().nullable(),
  roomNumber: z.string().nullable(),
  cgpa: z.number().nullable(),
});

/** An item of the person's waiting in the viewer's own review queue, with the queue that holds it. */
const WaitingItemSchema = z.object({
  kind: z.enum(['achievement', 'skill', 'position']),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  submittedAt: z.string(),
  link: z.string(),
});

/**
 * GET /api/people/{id}: a person as the viewer may see them (decision 0026). Optional parts are
 * left out, never sent empty, when the viewer may not see them.
 */
export const PersonPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  role: z.enum(ROLES),
  roleLabel: z.string(),
  /** Program, discipline and admission year: a student's only. */
  academic: z
    .object({
      program: z.string().nullable(),
      discipline: z.string().nullable(),
      admissionYear: z.number().nullable(),
    })
    .optional(),
  positions: z.array(PersonPositionSchema),
  achievements: z.array(PersonAchievementSchema),
  skills: z.array(PersonSkillSchema),
  /** Events the person was checked in at: part of the verified record, verified by the check-in. */
  attendance: z.array(AttendanceRecordSchema),
  /** The person's club memberships, current and past: part of the record, each the club's own. */
  clubMemberships: z.array(MembershipRecordSchema),
  personal: PersonalDetailsSchema.optional(),
  /** The mobile number the person chose to show on their page (decision 0041), to a viewer who does not see the personal details. */
  sharedPhone: z.string().optional(),
  waitingForYourReview: z.array(WaitingItemSchema).optional(),
  /** The administrator's page of the account, and whether it is deactivated: the administrator's only. */
  administration: z.object({ link: z.string(), deactivated: z.boolean() }).optional(),
});
export type PersonPage = z.infer<typeof PersonPageSchema>;
export type WaitingItem = z.infer<typeof WaitingItemSchema>;
