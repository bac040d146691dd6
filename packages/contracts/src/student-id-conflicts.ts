import { z } from 'zod';
import { AUTH_MESSAGES, STUDENT_ID_MAX_LENGTH } from './auth-messages';
import { isPlainLine } from './plain-text';
import { REASON_MAX_LENGTH } from './identity';

/**
 * A student id two accounts want (decision 0015): 'reported' when a student met their id held by
 * another account and asked the administrator for it; 'released' when the student roll took an id
 * back from an account whose claim nobody proved.
 */
export const ID_CONFLICT_KINDS = ['reported', 'released'] as const;

/**
 * What the administrator decides: the id to the student who reported it (proven, the
 * administrator's word), the holder keeps it (now proven), or 'release': it is taken from the
 * holder, who may never enter it again, and left free for the student who asked to enter on the
 * onboarding form (their own word, unproven until the roll confirms it).
 */
const ID_CONFLICT_DECISIONS = ['claimant', 'holder', 'release'] as const;

export const ID_CONFLICT_MESSAGES = {
  /** Registration or onboarding meets an id another account claimed and nobody proved. */
  claimedByOther:
    'Another account has claimed this Student ID. If it is yours, ask the administrator to give it to you: they check it against the student roll.',
  /** Registration meets it: the account is made without the id, and onboarding asks again. */
  registeredWithout:
    'Another account has claimed this Student ID. Your account was created: on the next page, enter your Student ID again and ask the administrator to give it to you.',
  /** The id belongs to a proven account (the roll's, or confirmed by the administrator). */
  provenElsewhere:
    'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
  askAdministrator: 'Ask the administrator for this ID',
  reported:
    'The administrator was asked to check this Student ID. You will be notified of the answer; until then you can use the portal without it.',
  notTaken: 'Nobody else holds this Student ID: enter it on the onboarding form.',
  yours: 'This Student ID is already yours.',
  openAlready: 'You already asked the administrator about a Student ID: wait for the answer.',
  decided: 'This conflict was already settled.',
  holderGone: 'The account holding this ID changed meanwhile: reload the list.',
  reasonRequired: 'Give a reason: the students concerned read it.',
  empty: 'No Student ID conflicts.',
  loadFailed: 'The conflicts could not be loaded. Please try again.',
  /** Onboarding, for an account the administrator took this id from (a release or a give). */
  takenFromYou:
    'The administrator took this Student ID from your account. Enter your own Student ID, or contact the administrator if it is yours.',
  /** What the holder is told when the administrator takes the id from them. */
  takenNotice:
    'The administrator took this Student ID from your account: you cannot enter it again. Enter your own Student ID, or contact the administrator if it is yours.',
  /** What the student who asked is told when the administrator releases the id. */
  releasedForYou:
    'The administrator took this Student ID from the account that held it. If it is yours, enter it on the onboarding form.',
  /** What an account whose unproven id was released is told. */
  releasedNotice:
    'Your Student ID was released: the institute’s student roll gives it to another student. Enter your own Student ID again, or contact the administrator if it is yours.',
} as const;

/** POST /api/me/student-id-claims: the id the signed-in student says is theirs. */
export const StudentIdClaimSchema = z.object({
  studentId: z
    .string({ error: AUTH_MESSAGES.studentIdRequired })
    .trim()
    .min(1, AUTH_MESSAGES.studentIdRequired)
    .max(STUDENT_ID_MAX_LENGTH, AUTH_MESSAGES.studentIdTooLong)
    .regex(/^[0-9]+$/, AUTH_MESSAGES.studentIdDigits),
});

/** POST /api/admin/student-id-conflicts/:id/decision. */
export const IdConflictDecisionSchema = z.object({
  decision: z.enum(ID_CONFLICT_DECISIONS, { error: 'Choose who gets the Student ID.' }),
  reason: z
    .string({ error: ID_CONFLICT_MESSAGES.reasonRequired })
    .trim()
    .min(1, ID_CONFLICT_MESSAGES.reasonRequired)
    .max(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters.`)
    .refine(isPlainLine, 'Write the reason on one line, without special characters.'),
});
export type IdConflictDecisionInput = z.infer<typeof IdConflictDecisionSchema>;

const Person = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
});

export const IdConflictSchema = z.object({
  id: z.string(),
  kind: z.enum(ID_CONFLICT_KINDS),
  studentId: z.string(),
  status: z.enum(['open', 'settled']),
  claimant: Person.nullable(),
  /** The account holding the id now (null when nobody does), and how its claim stands. */
  holder: Person.extend({ proven: z.boolean() }).nullable(),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type IdConflict = z.infer<typeof IdConflictSchema>;

/**
 * What the student who asked reads back: their own request, never who holds the id (the
 * administrator sees that).
 */
export const StudentIdClaimReceiptSchema = z.object({
  claim: z.object({
    id: z.string(),
    studentId: z.string(),
    status: z.enum(['open', 'settled']),
    createdAt: z.string(),
  }),
});

export const IdConflictListSchema = z.object({ items: z.array(IdConflictSchema) });

export const IdConflictListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['open', 'settled'], { error: 'Choose open or settled.' }).default('open'),
  ),
});
