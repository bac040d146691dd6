import { z } from 'zod';
import { isPlainLine } from './plain-text';
import { AUTH_MESSAGES, NAME_MAX_LENGTH, STUDENT_ID_MAX_LENGTH } from './auth-messages';
import {
  CGPA_MAX,
  CGPA_MIN,
  DEFAULT_TIME_ZONE,
  DISCIPLINES,
  MIN_ADMISSION_YEAR,
  PROGRAMS,
} from './constants';
import { currentTenure, ordinalOf } from './council-directory';

/**
 * The facts the institute keeps about a student (decision 0015): set by the student roll, or
 * fixed at onboarding, and from then changed only by the administrator. Transcripts, credentials,
 * announcement audiences and eligibility read these; the student edits only their display name,
 * photo, contact details and links. The CGPA is the roll's (an optional column) or the
 * administrator's, never fixed at onboarding; the year of study is derived from the admission year.
 */
export const INSTITUTE_FACTS = [
  'officialName',
  'studentId',
  'program',
  'discipline',
  'admissionYear',
  'cgpa',
] as const;
export type InstituteFact = (typeof INSTITUTE_FACTS)[number];

export const INSTITUTE_FACT_LABELS: Record<InstituteFact, string> = {
  officialName: 'Official name',
  studentId: 'Student ID',
  program: 'Program',
  discipline: 'Discipline',
  admissionYear: 'Admission year',
  cgpa: 'CGPA',
};

/** A CGPA as the institute's record shows it: always two decimals (6.00, 8.25). */
export const instituteCgpaText = (value: number) => value.toFixed(2);

/**
 * The year of study the institute's record gives a student admitted in `admissionYear`: the
 * academic years (July to June, on the institute's clock) since admission, plus one. Null without
 * an admission year; below 1 for a batch imported ahead of its first academic year.
 */
export function yearOfStudyOf(
  admissionYear: number | null,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): number | null {
  if (admissionYear === null) return null;
  return Number(currentTenure(now, timeZone).slice(0, 4)) - admissionYear + 1;
}

/** '1st year', '2nd year', '11th year'; 'Not begun yet' below 1. */
export function yearOfStudyText(year: number): string {
  return year < 1 ? 'Not begun yet' : `${ordinalOf(year)} year`;
}

/** A CGPA a correction asks for, or the roll gives: 0 to 10 with at most two decimals ('8', '8.5', '8.25'). */
export function isCgpaText(value: string): boolean {
  if (!/^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(value)) return false;
  const number = Number(value);
  return number >= CGPA_MIN && number <= CGPA_MAX;
}

/** Where a student id came from: typed by the student, the student roll, or the administrator. */
export const STUDENT_ID_SOURCES = ['self', 'roll', 'admin'] as const;
export type StudentIdSource = (typeof STUDENT_ID_SOURCES)[number];

export const CORRECTION_STATUSES = ['open', 'approved', 'declined'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const REASON_MAX_LENGTH = 500;

export const IDENTITY_MESSAGES = {
  keptByInstitute: 'Kept by the institute',
  keptExplained:
    'Your official name, student ID, program, discipline, admission year and CGPA come from the institute’s student roll. They appear on your transcript and credentials, and positions check their requirements against them (your year of study follows from the admission year). If one is wrong or missing, ask for a correction: the administrator checks it and approves or declines it.',
  notOnRecord: 'Not on the institute’s record',
  yearOfStudy: 'Year of study',
  /** The year of study without an admission year on record. */
  yearUnknown: 'Unknown: the institute’s record has no admission year',
  askCorrection: 'Ask for a correction',
  fieldRequired: 'Choose the fact to correct.',
  valueRequired: 'Enter the correct value.',
  valueTooLong: 'At most 200 characters.',
  valueInvalid: 'Enter the value on one line, without special characters.',
  valueSame: 'This is already the value the institute keeps.',
  programInvalid: 'Please choose a program from the list.',
  disciplineInvalid: 'Please choose a discipline from the list.',
  yearInvalid: (now = new Date()) =>
    `Admission year must be between ${MIN_ADMISSION_YEAR} and ${now.getFullYear()}`,
  studentIdInvalid: AUTH_MESSAGES.studentIdDigits,
  cgpaInvalid: `Enter the CGPA as a number from ${CGPA_MIN} to ${CGPA_MAX} with at most two decimals, such as 8.25.`,
  reasonRequired: 'Say why the institute’s value is wrong.',
  reasonTooLong: `At most ${REASON_MAX_LENGTH} characters.`,
  openAlready: 'You already asked for a correction of this field: wait for the administrator’s answer.',
  studentsOnly: 'Only a student’s facts are kept by the institute.',
  filed: 'Your correction request was sent to the administrator.',
  decided: 'This request was already decided.',
  declineReasonRequired: 'Give the student a reason for declining.',
  studentIdTakenOnApproval:
    'Another account holds this Student ID: settle it on the ID conflicts page first.',
  /** PATCH /api/me/profile with a fact that differs from the institute's. */
  factLocked: (label: string) =>
    `${label} is kept by the institute. Ask for a correction on your profile instead.`,
  /** POST /api/onboarding with a fact that differs from the one the institute holds (kept). */
  onboardingFactKept: (label: string, value: string) =>
    `The institute’s record gives your ${label} as ${value}. Complete your registration with it; if it is wrong, ask for a correction on your profile afterwards.`,
  /** The onboarding form's note over the facts the institute already holds. */
  onboardingHeld:
    'The institute’s student roll already gives these. They appear on your transcript and credentials. If one is wrong, complete your registration, then ask for a correction on your profile.',
  empty: 'No correction requests.',
  loadFailed: 'The correction requests could not be loaded. Please try again.',
} as const;

const nameValue = z
  .string()
  .trim()
  .min(1, IDENTITY_MESSAGES.valueRequired)
  .max(NAME_MAX_LENGTH, IDENTITY_MESSAGES.valueTooLong)
  .refine(isPlainLine, IDENTITY_MESSAGES.valueInvalid);

const reason = z
  .string({ error: IDENTITY_MESSAGES.reasonRequired })
  .trim()
  .min(1, IDENTITY_MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, IDENTITY_MESSAGES.reasonTooLong)
  .refine(isPlainLine, IDENTITY_MESSAGES.valueInvalid);

/** The value of a correction as its field needs it; the admission year's upper bound is checked by the server. */
export function correctionValueProblem(field: InstituteFact, value: string, now = new Date()) {
  switch (field) {
    case 'officialName': {
      const parsed = nameValue.safeParse(value);
      return parsed.success ? null : parsed.error.issues[0]!.message;
    }
    case 'studentId':
      if (value.length > STUDENT_ID_MAX_LENGTH) return AUTH_MESSAGES.studentIdTooLong;
      return /^[0-9]+$/.test(value) ? null : IDENTITY_MESSAGES.studentIdInvalid;
    case 'program':
      return (PROGRAMS as readonly string[]).includes(value) ? null : IDENTITY_MESSAGES.programInvalid;
    case 'discipline':
      return (DISCIPLINES as readonly string[]).includes(value)
        ? null
        : IDENTITY_MESSAGES.disciplineInvalid;
    case 'admissionYear': {
      const year = /^[0-9]{4}$/.test(value) ? Number(value) : NaN;
      return year >= MIN_ADMISSION_YEAR && year <= now.getFullYear()
        ? null
        : IDENTITY_MESSAGES.yearInvalid(now);
    }
    case 'cgpa':
      return isCgpaText(value) ? null : IDENTITY_MESSAGES.cgpaInvalid;
  }
}

/** A correction's value as the institute would keep it: a CGPA with two decimals ('8.5' is '8.50'), anything else as given. */
export function correctionValueOf(field: InstituteFact, value: string): string {
  return field === 'cgpa' && isCgpaText(value) ? instituteCgpaText(Number(value)) : value;
}

/** POST /api/me/corrections: the fact, the value the student says is right, and why. */
export const CorrectionRequestSchema = z
  .object({
    field: z.enum(INSTITUTE_FACTS, { error: IDENTITY_MESSAGES.fieldRequired }),
    value: z
      .string({ error: IDENTITY_MESSAGES.valueRequired })
      .trim()
      .min(1, IDENTITY_MESSAGES.valueRequired)
      .max(200, IDENTITY_MESSAGES.valueTooLong),
    reason,
  })
  .superRefine((input, ctx) => {
    const problem = correctionValueProblem(input.field, input.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;

/** POST /api/admin/corrections/:id/decision. A decline needs a reason the student reads. */
export const CorrectionDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { error: 'Choose approve or decline.' }),
    reason: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      reason.optional(),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'decline' && !input.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: IDENTITY_MESSAGES.declineReasonRequired,
      });
  });
export type CorrectionDecision = z.infer<typeof CorrectionDecisionSchema>;

export const CorrectionSchema = z.object({
  id: z.string(),
  field: z.enum(INSTITUTE_FACTS),
  currentValue: z.string().nullable(),
  requestedValue: z.string(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  student: z.object({ id: z.string(), name: z.string(), username: z.string() }),
});
export type Correction = z.infer<typeof CorrectionSchema>;

export const CorrectionListSchema = z.object({ items: z.array(CorrectionSchema) });

export const CorrectionListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(CORRECTION_STATUSES, { error: 'Choose open, approved or declined.' }).default('open'),
  ),
});

/** The facts the institute keeps about the signed-in student, as the profile shows them. */
export const InstituteFactsSchema = z.object({
  officialName: z.string().nullable(),
  studentId: z.string().nullable(),
  program: z.string().nullable(),
  discipline: z.string().nullable(),
  admissionYear: z.number().nullable(),
  /** The institute's CGPA (the roll's or the administrator's), never the one the student typed. */
  cgpa: z.number().nullable(),
  studentIdSource: z.enum(STUDENT_ID_SOURCES).nullable(),
});
export type InstituteFacts = z.infer<typeof InstituteFactsSchema>;

/**
 * GET /api/onboarding: the facts the institute already holds about the signed-in user, each null
 * when it holds none. The onboarding form shows a held fact read-only and asks only for the
 * others; POST /api/onboarding refuses another value for a held one. A student id counts as held
 * only when the roll or the administrator gave it (a typed one is only the student's word).
 */
export const OnboardingFactsSchema = z.object({
  officialName: z.string().nullable(),
  studentId: z.string().nullable(),
  program: z.string().nullable(),
  discipline: z.string().nullable(),
  admissionYear: z.number().int().nullable(),
});
export type OnboardingFacts = z.infer<typeof OnboardingFactsSchema>;
