import { z } from 'zod';
import { AttendanceRecordSchema } from './attendance';
import { MembershipRecordSchema } from './club-membership-record';
import { personNameSchema } from './auth';
import { blankAsNull, decimalInput, isCalendarDate, optionalHttpUrl, optionalText } from './common';
import {
  CGPA_MAX,
  CGPA_MIN,
  CURRENT_YEARS,
  DISCIPLINES,
  GENDERS,
  HOSTELS,
  MIN_ADMISSION_YEAR,
  MOBILE_DIGITS,
  PROGRAMS,
} from './constants';
import { InstituteFactsSchema } from './identity';
import { ROLES } from './roles';

export const PROFILE_MESSAGES = {
  fixErrors: 'Please fix validation errors',
  updated: 'Profile updated successfully!',
  fetchFailed: 'Error fetching profile',
  updateFailed: 'Failed to update profile',
  noProfile: 'No profile found',
  mobileInvalid: 'Mobile number must be 10 digits',
  githubInvalid: 'Invalid GitHub URL',
  linkedinInvalid: 'Invalid LinkedIn URL',
  cgpaRange: `CGPA must be between ${CGPA_MIN} and ${CGPA_MAX}`,
  cgpaDecimals: 'CGPA can have at most two decimals',
  dateOfBirthInvalid: 'Please enter a valid date of birth.',
  genderInvalid: 'Please choose a gender from the list.',
  programInvalid: 'Please choose a program from the list.',
  branchInvalid: 'Please choose a branch from the list.',
  currentYearInvalid: 'Please choose a current year from the list.',
  hostelInvalid: 'Please choose a hostel from the list.',
  roomTooLong: 'Room number must be at most 20 characters.',
  academicForStudents: 'Academic information applies to students only.',
  changePhoto: 'Change Photo',
  deletePhoto: 'Delete Photo',
  uploading: 'Uploading...',
  processing: 'Processing...',
  photoUpdated: 'Photo updated.',
  photoDeleted: 'Photo removed.',
  photoUploadFailed: 'The photo could not be uploaded. Please try again.',
  photoDeleteFailed: 'The photo could not be removed. Please try again.',
  photoMissing: 'Choose an image to upload.',
  photoTooLarge: 'The photo must be 5 MB or smaller.',
  photoUnsupported: 'Please choose a JPEG, PNG or WebP image.',
  photoUnreadable: 'This image could not be read. Please choose another file.',
  photoOutOfShape:
    'This image is too long and thin. Please choose one whose longer side is at most ten times the shorter.',
} as const;

/** 'Admission year must be between 2016 and {current year}'. */
function admissionYearMessage(now: Date = new Date()): string {
  return `Admission year must be between ${MIN_ADMISSION_YEAR} and ${now.getFullYear()}`;
}

// In a module of their own, so that a page taking a picture loads them without the profile's schemas.
export { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_SIZE } from './photo';

/** The professional network's host, or one of its subdomains. */
const isLinkedInHost = (host: string) => host === 'linkedin.com' || host.endsWith('.linkedin.com');

/** A field that may be left blank: a blank (or only spaces) is null, which clears it. */
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankAsNull, schema.nullable().optional());

/**
 * PUT /api/me/profile and the profile form: every editable field, blank clears it (spec section 5).
 * The bounds that move with the date (this year, today) are read from `clock` at each check, so a
 * schema built once stays right after midnight and New Year.
 */
export function profileUpdateSchema(clock: () => Date = () => new Date()) {
  const yearMessage = () => admissionYearMessage(clock());
  return z.object({
    personal: z.object({
      name: personNameSchema,
      phone: nullable(
        z
          .string()
          .trim()
          .regex(new RegExp(`^[0-9]{${MOBILE_DIGITS}}$`), PROFILE_MESSAGES.mobileInvalid),
      ),
      gender: nullable(z.enum(GENDERS, { error: PROFILE_MESSAGES.genderInvalid })),
      dateOfBirth: nullable(
        z
          .string({ error: PROFILE_MESSAGES.dateOfBirthInvalid })
          .refine(
            (value) =>
              isCalendarDate(value) &&
              value >= '1900-01-01' &&
              value < clock().toISOString().slice(0, 10),
            PROFILE_MESSAGES.dateOfBirthInvalid,
          ),
      ),
    }),
    academic: z
      .object({
        batchYear: nullable(
          z
            .preprocess(decimalInput, z.number({ error: yearMessage }))
            .refine(
              (year) =>
                Number.isInteger(year) && year >= MIN_ADMISSION_YEAR && year <= clock().getFullYear(),
              { error: yearMessage },
            ),
        ),
        program: nullable(z.enum(PROGRAMS, { error: PROFILE_MESSAGES.programInvalid })),
        branch: nullable(z.enum(DISCIPLINES, { error: PROFILE_MESSAGES.branchInvalid })),
        currentYear: nullable(z.enum(CURRENT_YEARS, { error: PROFILE_MESSAGES.currentYearInvalid })),
        cgpa: nullable(
          z.preprocess(
            decimalInput,
            z
              .number({ error: PROFILE_MESSAGES.cgpaRange })
              .min(CGPA_MIN, PROFILE_MESSAGES.cgpaRange)
              .max(CGPA_MAX, PROFILE_MESSAGES.cgpaRange)
              .refine(
                (cgpa) =>
                  Number.isInteger(Math.round(cgpa * 100)) &&
                  Math.abs(cgpa * 100 - Math.round(cgpa * 100)) < 1e-6,
                PROFILE_MESSAGES.cgpaDecimals,
              ),
          ),
        ),
      })
      .nullable()
      .optional(),
    contact: z.object({
      hostel: nullable(z.enum(HOSTELS, { error: PROFILE_MESSAGES.hostelInvalid })),
      roomNumber: optionalText(20, PROFILE_MESSAGES.roomTooLong),
    }),
    socialLinks: z.object({
      github: optionalHttpUrl(PROFILE_MESSAGES.githubInvalid),
      linkedin: optionalHttpUrl(PROFILE_MESSAGES.linkedinInvalid, isLinkedInHost),
    }),
  });
}
export type ProfileUpdate = z.infer<ReturnType<typeof profileUpdateSchema>>;

/** The signed-in user's own profile; `academic` is null for officials, to whom it does not apply. */
export const ProfileSchema = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    studentId: z.string().nullable(),
    role: z.enum(ROLES),
  }),
  personal: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    dateOfBirth: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  academic: z
    .object({
      batchYear: z.number().int().nullable(),
      program: z.enum(PROGRAMS).nullable(),
      branch: z.string().nullable(),
      currentYear: z.enum(CURRENT_YEARS).nullable(),
      cgpa: z.number().nullable(),
    })
    .nullable(),
  contact: z.object({ hostel: z.enum(HOSTELS).nullable(), roomNumber: z.string().nullable() }),
  socialLinks: z.object({ github: z.string().nullable(), linkedin: z.string().nullable() }),
  /**
   * The facts the institute keeps (decision 0015), and the year of study they give (derived from
   * the admission year on the institute's clock; null without one); null for officials.
   */
  institute: InstituteFactsSchema.extend({ yearOfStudy: z.number().int().nullable() }).nullable(),
  /** The events the user was checked in at (attendance on the record), latest first. */
  attendance: z.array(AttendanceRecordSchema),
  /** The user's club memberships, current ones first, then the latest past ones. */
  clubMemberships: z.array(MembershipRecordSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({ profile: ProfileSchema });

/** The answer to a photo change or delete: the picture's new address, null for the default avatar. */
export const PhotoResponseSchema = z.object({ photoUrl: z.string().nullable() });
export type PhotoResponse = z.infer<typeof PhotoResponseSchema>;
