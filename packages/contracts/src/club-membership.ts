import { z } from 'zod';
import {
  blankAsNull,
  emptyAsMissing,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  UuidSchema,
} from './common';
import { isPlainLine, isPlainText } from './plain-text';

/*
 * Clubs students can join: join requests and invitations, and the roster with its history.
 */

/** A student's request to join, or the club's invitation to a student. */
export const JOIN_REQUEST_KINDS = ['request', 'invitation'] as const;
/**
 * Where a request or invitation stands: waiting for an answer, accepted, declined (with a reason
 * for a request), lapsed (nobody answered in JOIN_REQUEST_LAPSE_DAYS days), withdrawn by whoever made it.
 */
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'lapsed', 'withdrawn'] as const;
/** A request or invitation nobody answers in this many days lapses, and the person is told. */
export const JOIN_REQUEST_LAPSE_DAYS = 14;
/** The role a new member has until the coordinator names another. */
export const DEFAULT_MEMBER_ROLE = 'Member';
/** The end reason of a membership its member ended. */
export const LEFT_CLUB_REASON = 'Left the club';
/** The end reason of the memberships a club had when the administrator retired it. */
export const CLUB_RETIRED_REASON = 'The club was retired';

const MAX_ANSWER = 1000;
const MAX_QUESTION = 500;
const MAX_REASON = 500;
const MAX_ROLE = 40;

export const MEMBERSHIP_MESSAGES = {
  clubNotFound: 'Club not found.',
  requestNotFound: 'Join request not found.',
  invitationNotFound: 'Invitation not found.',
  memberNotFound: 'Member not found.',
  notRecruiting: 'This club is not taking new members now.',
  alreadyMember: 'You are already a member of this club.',
  studentAlreadyMember: 'This student is already a member of this club.',
  alreadyAsked: 'You have already asked to join this club; wait for its answer.',
  invitedMeanwhile: 'This club has invited you: answer its invitation instead.',
  ownClub: 'You coordinate this club, so you cannot ask to join it or invite yourself.',
  noPendingRequest: 'You have no request waiting to join this club.',
  answerRequired: "Answer the club's question.",
  answerTooLong: `The answer must be at most ${MAX_ANSWER} characters.`,
  questionTooLong: `The question must be at most ${MAX_QUESTION} characters.`,
  recruitingRequired: 'Say whether the club is taking new members.',
  invisibleCharacters: 'Use visible characters only.',
  decisionRequired: 'Choose accept or decline.',
  reasonRequired: 'Give a reason the student can read.',
  reasonTooLong: `The reason must be at most ${MAX_REASON} characters.`,
  requestAnswered: 'This request has already been answered.',
  invitationAnswered: 'This invitation has already been answered.',
  membershipEnded: 'This membership has already ended.',
  notMember: 'You are not a member of this club.',
  notYourClub: 'Only the coordinator of this club can do this.',
  studentIdRequired: 'Student ID is required.',
  studentIdDigits: 'Student ID must contain digits only.',
  noStudentWithId: 'No student has this student ID.',
  invitedAlready: 'This student already has an invitation or a request waiting.',
  roleInvalid: `A role is 1 to ${MAX_ROLE} characters.`,
} as const;

/** The route's club: /api/clubs/{unitId}/... */
export const ClubParamsSchema = z.object({ unitId: UuidSchema });
/** A request or invitation of the route's club. */
export const ClubRequestParamsSchema = z.object({ unitId: UuidSchema, id: UuidSchema });
/** A membership of the route's club. */
export const ClubMemberParamsSchema = z.object({ unitId: UuidSchema, membershipId: UuidSchema });

/** PUT /api/clubs/{unitId}/recruiting: whether the club takes new members, and the question applicants answer. */
export const RecruitingInputSchema = z.object({
  recruiting: z.boolean({ error: MEMBERSHIP_MESSAGES.recruitingRequired }),
  joinQuestion: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(MAX_QUESTION, MEMBERSHIP_MESSAGES.questionTooLong)
      .refine(isPlainText, MEMBERSHIP_MESSAGES.invisibleCharacters)
      .nullable()
      .optional(),
  ),
});
export type RecruitingInput = z.infer<typeof RecruitingInputSchema>;
export const RecruitingSchema = z.object({
  recruiting: z.boolean(),
  joinQuestion: z.string().nullable(),
});
export type Recruiting = z.infer<typeof RecruitingSchema>;

/** POST /api/clubs/{unitId}/join-requests: the answer to the club's question, when it asks one. */
export const JoinRequestInputSchema = z.object({
  answer: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(MAX_ANSWER, MEMBERSHIP_MESSAGES.answerTooLong)
      .refine(isPlainText, MEMBERSHIP_MESSAGES.invisibleCharacters)
      .nullable()
      .optional(),
  ),
});
export type JoinRequestInput = z.infer<typeof JoinRequestInputSchema>;

/** A request to join or an invitation, as the student and the coordinator see it. */
export const JoinRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(JOIN_REQUEST_KINDS),
  status: z.enum(JOIN_REQUEST_STATUSES),
  club: z.object({ id: z.string(), name: z.string() }),
  student: z.object({ id: z.string(), name: z.string(), studentId: z.string().nullable() }),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
export const JoinRequestResponseSchema = z.object({ request: JoinRequestSchema });
export const JoinRequestListSchema = z.object({ items: z.array(JoinRequestSchema) });
export type JoinRequestList = z.infer<typeof JoinRequestListSchema>;

/** GET /api/clubs/{unitId}/join-requests?status=: the club's requests of one status, oldest first. */
export const JoinRequestListQuerySchema = z.object({
  status: z.enum(JOIN_REQUEST_STATUSES).default('pending'),
});

const decision = z.enum(['accept', 'decline'], { error: MEMBERSHIP_MESSAGES.decisionRequired });

/** POST /api/clubs/{unitId}/join-requests/{id}/decision: a reason the student reads is required to decline. */
export const JoinDecisionInputSchema = z
  .object({
    decision,
    reason: z.preprocess(
      blankAsNull,
      z
        .string()
        .trim()
        .max(MAX_REASON, MEMBERSHIP_MESSAGES.reasonTooLong)
        .refine(isPlainText, MEMBERSHIP_MESSAGES.invisibleCharacters)
        .nullable()
        .optional(),
    ),
  })
  .refine((value) => value.decision !== 'decline' || !!value.reason, {
    path: ['reason'],
    message: MEMBERSHIP_MESSAGES.reasonRequired,
  });
export type JoinDecisionInput = z.infer<typeof JoinDecisionInputSchema>;

/** POST /api/me/club-invitations/{id}/decision. */
export const InvitationDecisionInputSchema = z.object({ decision });
export type InvitationDecisionInput = z.infer<typeof InvitationDecisionInputSchema>;

/** POST /api/clubs/{unitId}/invitations: the student, by student ID. */
export const InvitationInputSchema = z.object({
  studentId: z.preprocess(
    emptyAsMissing,
    z
      .string({ error: MEMBERSHIP_MESSAGES.studentIdRequired })
      .trim()
      .min(1, MEMBERSHIP_MESSAGES.studentIdRequired)
      .max(20, MEMBERSHIP_MESSAGES.noStudentWithId)
      .regex(/^[0-9]+$/, MEMBERSHIP_MESSAGES.studentIdDigits),
  ),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

/** A period of one person's membership of one club. */
export const MembershipSchema = z.object({
  id: z.string(),
  club: z.object({ id: z.string(), name: z.string() }),
  role: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type Membership = z.infer<typeof MembershipSchema>;
export const MembershipResponseSchema = z.object({ membership: MembershipSchema });
/** GET /api/me/club-memberships: current ones first, then past ones, latest first. */
export const MyMembershipsSchema = z.object({ items: z.array(MembershipSchema) });
export type MyMemberships = z.infer<typeof MyMembershipsSchema>;

/** GET /api/clubs/{unitId}/members: searched by name or student ID, current members by default. */
export const RosterQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  status: z.enum(['current', 'past', 'all']).default('current'),
});
export type RosterQuery = z.infer<typeof RosterQuerySchema>;
/** GET /api/clubs/{unitId}/members/export: the roster as CSV, with the list's search and status. */
export const RosterExportQuerySchema = RosterQuerySchema.pick({ q: true, status: true });
export type RosterExportQuery = z.infer<typeof RosterExportQuerySchema>;

/** One period on a club's roster. */
export const RosterEntrySchema = z.object({
  id: z.string(),
  student: z.object({ id: z.string(), name: z.string(), studentId: z.string().nullable() }),
  role: z.string(),
  /** The club's positions the member holds this tenure (verified), by title. */
  offices: z.array(z.string()),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;
export const RosterSchema = pagedListSchema(RosterEntrySchema);
export type Roster = z.infer<typeof RosterSchema>;
export const RosterEntryResponseSchema = z.object({ member: RosterEntrySchema });

/** PATCH /api/clubs/{unitId}/members/{membershipId}: the role the club names. */
export const MemberRoleInputSchema = z.object({
  role: z.preprocess(
    emptyAsMissing,
    z
      .string({ error: MEMBERSHIP_MESSAGES.roleInvalid })
      .trim()
      .min(1, MEMBERSHIP_MESSAGES.roleInvalid)
      .max(MAX_ROLE, MEMBERSHIP_MESSAGES.roleInvalid)
      .refine(isPlainLine, MEMBERSHIP_MESSAGES.invisibleCharacters),
  ),
});
export type MemberRoleInput = z.infer<typeof MemberRoleInputSchema>;

/** POST /api/clubs/{unitId}/members/{membershipId}/removal: why, for the student to read. */
export const MemberRemovalInputSchema = z.object({
  reason: z.preprocess(
    emptyAsMissing,
    z
      .string({ error: MEMBERSHIP_MESSAGES.reasonRequired })
      .trim()
      .min(1, MEMBERSHIP_MESSAGES.reasonRequired)
      .max(MAX_REASON, MEMBERSHIP_MESSAGES.reasonTooLong)
      .refine(isPlainText, MEMBERSHIP_MESSAGES.invisibleCharacters),
  ),
});
export type MemberRemovalInput = z.infer<typeof MemberRemovalInputSchema>;
