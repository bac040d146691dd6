import { z } from 'zod';
import { UuidSchema } from './common';
import { ACHIEVEMENT_TYPES, PROFICIENCY_LEVELS, SKILL_TYPES } from './constants';
import { CredentialTextSchema, REVOCATION_REASONS } from './credentials';

/** How many records of one kind a transcript may carry. */
const TRANSCRIPT_MAX_PER_KIND = 200;

export const TRANSCRIPT_MESSAGES = {
  title: 'Co-curricular transcript',
  nothingChosen: 'Choose at least one verified record to include.',
  notVerified: 'Only your own verified records can be included. Refresh the page and choose again.',
  issued: 'Transcript issued.',
  revoked: 'Transcript revoked. Its verification page now says so.',
  alreadyRevoked: 'This transcript was already revoked.',
  notFound: 'No transcript has this address. Check the link or the QR code and try again.',
  valid: 'Valid',
  revokedStatus: 'Revoked',
  credentialNotVerified: 'Only a verified record can be downloaded as a credential.',
  credentialTerminated: 'A position you were removed from cannot be downloaded as a credential.',
  credentialMalformed: 'This is not a credential: paste the whole text of the .jwt file.',
  credentialUnknownKey: 'This credential was not signed by a key of this portal.',
  credentialBadSignature: 'This credential has been altered or was not signed by this portal.',
  credentialValid: 'This credential is valid: it was issued by this portal and has not been altered.',
  /** 503: drawing the PDF outlasted its time limit; the transcript stays issued. */
  pdfTimedOut: 'The transcript could not be drawn in time. Please try again.',
} as const;

const IsoDateTime = z.string();

/** The student a transcript names: exactly what the verification page shows about them. */
export const TranscriptStudentSchema = z.object({
  name: z.string(),
  studentId: z.string().nullable(),
  program: z.string().nullable(),
  discipline: z.string().nullable(),
  batchYear: z.number().int().nullable(),
});
export type TranscriptStudent = z.infer<typeof TranscriptStudentSchema>;

export const TranscriptAchievementSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  type: z.enum(ACHIEVEMENT_TYPES),
  category: z.string().nullable(),
  level: z.string().nullable(),
  position: z.string().nullable(),
  /** YYYY-MM-DD */
  dateAchieved: z.string(),
  verifiedBy: z.string().nullable(),
  verifiedAt: IsoDateTime.nullable(),
});
export type TranscriptAchievement = z.infer<typeof TranscriptAchievementSchema>;

export const TranscriptPositionSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  unit: z.string(),
  tenureYear: z.string(),
  /** YYYY-MM-DD */
  appointmentDate: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  verifiedAt: IsoDateTime.nullable(),
});
export type TranscriptPosition = z.infer<typeof TranscriptPositionSchema>;

export const TranscriptSkillSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.enum(SKILL_TYPES),
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS),
  endorsedBy: z.string().nullable(),
  endorsedAt: IsoDateTime.nullable(),
});
export type TranscriptSkill = z.infer<typeof TranscriptSkillSchema>;

/** An event the student was checked in at: the registration's id, the event, when and by whom. */
export const TranscriptAttendanceSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  checkedInAt: IsoDateTime,
  /** Who checked them in, as the institute names them; null when that account is gone. */
  checkedInBy: z.string().nullable(),
});
export type TranscriptAttendance = z.infer<typeof TranscriptAttendanceSchema>;

/**
 * A period of the student's membership of a club: the membership's id, the club as it was named
 * then, the role the club gave them, and the period (no end while it lasted at issue). The club's
 * own record, accepted by its coordinator: verified by the club.
 */
export const TranscriptMembershipSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  club: z.string(),
  role: z.string(),
  startedAt: IsoDateTime,
  endedAt: IsoDateTime.nullable(),
});
export type TranscriptMembership = z.infer<typeof TranscriptMembershipSchema>;

/** What an issued transcript holds; frozen at issue. */
export const TranscriptContentSchema = z.object({
  student: TranscriptStudentSchema,
  achievements: z.array(TranscriptAchievementSchema),
  positions: z.array(TranscriptPositionSchema),
  skills: z.array(TranscriptSkillSchema),
  // Transcripts issued before attendance could be chosen hold none.
  attendance: z.array(TranscriptAttendanceSchema).default([]),
  // Transcripts issued before memberships could be chosen hold none.
  memberships: z.array(TranscriptMembershipSchema).default([]),
});
export type TranscriptContent = z.infer<typeof TranscriptContentSchema>;
/**
 * The content as stored: a transcript issued before attendance or memberships existed has no
 * `attendance` or `memberships`.
 */
export type StoredTranscriptContent = z.input<typeof TranscriptContentSchema>;

export const TranscriptInstituteSchema = z.object({ name: z.string(), shortName: z.string() });
export type TranscriptInstitute = z.infer<typeof TranscriptInstituteSchema>;

/**
 * Why the institute does not sign one of these records as a credential, in words the student can
 * act on (whom to ask); null when its credential can be downloaded.
 */
const credentialRefusal = { credentialRefusal: z.string().nullable() };

/** GET /api/me/transcript-records: the verified records a student may include, and how many still wait. */
export const TranscriptRecordsSchema = TranscriptContentSchema.extend({
  achievements: z.array(TranscriptAchievementSchema.extend(credentialRefusal)),
  positions: z.array(TranscriptPositionSchema.extend(credentialRefusal)),
  attendance: z.array(TranscriptAttendanceSchema),
  memberships: z.array(TranscriptMembershipSchema),
  pending: z.object({
    achievements: z.number().int(),
    positions: z.number().int(),
    skills: z.number().int(),
  }),
});
export type TranscriptRecords = z.infer<typeof TranscriptRecordsSchema>;

const idList = z
  .array(UuidSchema)
  .max(TRANSCRIPT_MAX_PER_KIND, `Choose at most ${TRANSCRIPT_MAX_PER_KIND} records of one kind.`)
  .default([]);

export const IssueTranscriptRequestSchema = z
  .object({
    achievementIds: idList,
    positionIds: idList,
    skillIds: idList,
    /** Registrations the student was checked in with (attendance on the record). */
    attendanceIds: idList,
    /** Periods of the student's club memberships. */
    membershipIds: idList,
  })
  .refine(
    (value) =>
      value.achievementIds.length +
        value.positionIds.length +
        value.skillIds.length +
        value.attendanceIds.length +
        value.membershipIds.length >
      0,
    {
      message: TRANSCRIPT_MESSAGES.nothingChosen,
      path: ['achievementIds'],
    },
  );
export type IssueTranscriptRequest = z.infer<typeof IssueTranscriptRequestSchema>;

export const TranscriptSummarySchema = z.object({
  id: z.string(),
  issuedAt: IsoDateTime,
  revokedAt: IsoDateTime.nullable(),
  counts: z.object({
    achievements: z.number().int(),
    positions: z.number().int(),
    skills: z.number().int(),
    attendance: z.number().int(),
    memberships: z.number().int(),
  }),
  /** The public address printed in the QR code. */
  verifyUrl: z.string(),
});
export type TranscriptSummary = z.infer<typeof TranscriptSummarySchema>;

export const TranscriptListSchema = z.object({ items: z.array(TranscriptSummarySchema) });
export type TranscriptList = z.infer<typeof TranscriptListSchema>;

export const TranscriptIssuedSchema = z.object({ transcript: TranscriptSummarySchema });

/** GET /api/verify/transcripts/:id: what was issued, by whom, and whether it still stands. */
export const TranscriptVerificationSchema = z.object({
  id: z.string(),
  status: z.enum(['valid', 'revoked']),
  issuedAt: IsoDateTime,
  revokedAt: IsoDateTime.nullable(),
  institute: TranscriptInstituteSchema,
  content: TranscriptContentSchema,
  /** The items whose record changed after issue and no longer stands; the rest stays verifiable. */
  withdrawn: z.array(
    z.object({
      kind: z.enum(['achievement', 'position', 'skill', 'attendance', 'membership']),
      id: z.string(),
      reason: z.enum([
        'record_deleted',
        'record_unverified',
        'record_ended',
        'record_changed',
        // The institute withdrew the record (an administrator's revocation, WITHDRAWING_REASONS).
        'record_untrue',
        'issued_in_error',
      ]),
    }),
  ),
});
export type TranscriptVerification = z.infer<typeof TranscriptVerificationSchema>;

export const TranscriptIdParamsSchema = z.object({ id: UuidSchema });

/** POST /api/verify/credentials */
export const CredentialCheckRequestSchema = z.object({ credential: CredentialTextSchema });
export type CredentialCheckRequest = z.infer<typeof CredentialCheckRequestSchema>;

export const CredentialCheckSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  /** What the credential states, shown only when it is valid. */
  credential: z
    .object({
      achievement: z.string(),
      description: z.string().nullable(),
      subject: z.string(),
      issuer: z.string(),
      issuedAt: IsoDateTime,
    })
    .nullable(),
  /**
   * Set when the institute revoked the credential: when, and the public reason class (never its
   * private note). The date is null when the portal did not record it: a credential signed before
   * status lists, whose record ended before the portal kept such endings.
   */
  revocation: z
    .object({ revokedAt: IsoDateTime.nullable(), reason: z.enum(REVOCATION_REASONS) })
    .nullable()
    .default(null),
});
export type CredentialCheck = z.infer<typeof CredentialCheckSchema>;
