import { z } from 'zod';
import { pagedListSchema, PageQuerySchema } from './common';
import { ROLES } from './roles';
import { PrivacyChoicesInputSchema } from './auth';

/**
 * How long the portal keeps what it keeps only for a while (decision 0041). The notice states
 * these figures and the scheduled jobs apply them, both from here.
 */
export const RETENTION = {
  /** Entries of the log of who opened a student's record. */
  accessLogDays: 365,
  /** A notification, read or not. */
  notificationDays: 180,
  /** A registration whose e-mail address was never proven. */
  unverifiedAccountDays: 30,
  /** A ready copy of a student's data. */
  dataExportHours: 24,
  /** Between a request to erase an account and its erasure; cancellable until then. */
  erasureGraceDays: 30,
} as const;

export { CAME_FROM_HEADER, CAME_FROM_MAX_LENGTH } from './came-from';

/** The institute's grievance contact, shown on the notice (GRIEVANCE_* settings). */
const GrievanceContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/** GET /api/privacy/notice: the settings the privacy notice is written from. */
export const PrivacyNoticeSchema = z.object({
  instituteName: z.string(),
  instituteShortName: z.string(),
  contact: GrievanceContactSchema,
  retention: z.object({
    accessLogDays: z.number().int(),
    notificationDays: z.number().int(),
    unverifiedAccountDays: z.number().int(),
    dataExportHours: z.number().int(),
    erasureGraceDays: z.number().int(),
  }),
});
export type PrivacyNotice = z.infer<typeof PrivacyNoticeSchema>;

/** GET and PUT /api/me/privacy. chosenAt is null while the person has not made the choices. */
export const PrivacyChoicesSchema = PrivacyChoicesInputSchema.extend({
  chosenAt: z.string().nullable(),
});
export type PrivacyChoices = z.infer<typeof PrivacyChoicesSchema>;

/** What a viewer opened: the record (the person page), the personal details, or an export carrying them. */
export const RECORD_ACCESS_KINDS = ['record', 'personal_details', 'export'] as const;
export type RecordAccessKind = (typeof RECORD_ACCESS_KINDS)[number];

export const RECORD_ACCESS_LABELS: Record<RecordAccessKind, string> = {
  record: 'Opened your record',
  personal_details: 'Opened your personal details',
  export: 'Exported your personal details',
};

const RecordAccessEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null when the viewer's account no longer exists. */
  viewer: z.object({ name: z.string(), role: z.enum(ROLES) }).nullable(),
  kind: z.enum(RECORD_ACCESS_KINDS),
  /** The page the viewer came from, or null when they opened it directly. */
  cameFrom: z.string().nullable(),
});

export const RecordAccessQuerySchema = PageQuerySchema;
export const RecordAccessListSchema = pagedListSchema(RecordAccessEntrySchema);
export type RecordAccessList = z.infer<typeof RecordAccessListSchema>;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the archive can be downloaded (ready copies only). */
  expiresAt: z.string().nullable(),
  byteSize: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET /api/me/data-exports: the person's recent requests, newest first. */
export const DataExportListSchema = z.object({ items: z.array(DataExportSchema) });

/** GET /api/me/erasure and the administrator's view: a scheduled erasure, or none. */
export const ErasureStatusSchema = z.object({
  scheduled: z
    .object({
      requestedAt: z.string(),
      dueAt: z.string(),
      /** 'self' when the student asked, 'administrator' when the administrator asked for them. */
      requestedBy: z.enum(['self', 'administrator']),
    })
    .nullable(),
});
export type ErasureStatus = z.infer<typeof ErasureStatusSchema>;

/** The administrator's request on a student's behalf names why (kept in the audit log). */
export const AdminErasureRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the account is to be erased.' })
    .trim()
    .min(1, 'Say why the account is to be erased.')
    .max(500, 'Keep the reason to 500 characters.'),
});
export type AdminErasureRequest = z.infer<typeof AdminErasureRequestSchema>;

/** Copies of their data a person may ask for in 24 hours (failed ones aside): enough to retry, not to load the server. */
export const DATA_EXPORTS_PER_DAY = 3;

/** The name an erased account goes by: what remains of it (verified positions, decisions) names no one. */
export const ERASED_ACCOUNT_NAME = 'Former student';

export const PRIVACY_MESSAGES = {
  exportPending: 'A copy of your data is already being prepared.',
  exportTooSoon: `You can ask for ${DATA_EXPORTS_PER_DAY} copies of your data a day. Download the one you have, or ask again tomorrow.`,
  exportNotFound: 'This copy of your data was not found.',
  exportExpired: 'This download link has expired. Ask for a new copy.',
  exportNotReady: 'This copy of your data is not ready yet.',
  exportFailed: 'This copy of your data could not be prepared. Ask for a new copy.',
  erasureScheduled: 'An erasure of this account is already scheduled.',
  erasureNotScheduled: 'No erasure of this account is scheduled.',
  erasureOnlyStudents:
    'Only a student account can be erased. Ask the administrator to end the role first.',
  erasureNotFound: 'We could not find this account.',
} as const;
