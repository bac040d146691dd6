import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  emptyAsMissing,
  isCalendarDate,
  SearchTextSchema,
  uuidInput,
} from './common';

/**
 * The audit log's kinds of privileged change. The database decides the kind of each change from
 * the table and the columns it touched (migration 0017), so the list is shared by both.
 */
export const AUDIT_KINDS = [
  'role',
  'account',
  'unit',
  'room',
  'skill',
  'endorsement',
  'verification',
  'resolution',
  'approval',
  'position',
  'event',
  'import',
  'credential',
  'election',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What a change did to its subject. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the audit page names each kind of change. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  role: 'Role',
  account: 'Account',
  unit: 'Unit',
  room: 'Room',
  skill: 'Skill',
  endorsement: 'Endorsement',
  verification: 'Verification',
  resolution: 'Feedback resolution',
  approval: 'Room booking',
  position: 'Position',
  event: 'Event',
  import: 'Import',
  credential: 'Credential',
  election: 'Election',
};

/** How the audit page names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

/**
 * The most lines the audit page counts exactly: beyond it the count stops ('10,000+'), since an
 * exact count of a million lines reads them all. The pages stop there too; the export has every line.
 */
export const AUDIT_COUNT_CAP = 10_000;

/** The visible texts of /admin/audit, and the server's refusals. */
export const AUDIT_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeReversed: 'The end date must be on or after the start date.',
  beyondCount: `Only the newest ${AUDIT_COUNT_CAP.toLocaleString('en-IN')} lines can be paged: narrow the filters or export the log.`,
  loadFailed: 'The audit log could not be loaded. Please try again.',
  /** In place of the list while a date filter (from the address) is refused beside its field. */
  fixDates: 'Correct the dates above to see the changes.',
  actorsLoadFailed: 'The people could not be loaded.',
  empty: 'No changes match these filters.',
  showing: (total: number, capped: boolean) =>
    capped
      ? `More than ${AUDIT_COUNT_CAP.toLocaleString('en-IN')} changes`
      : `${total} ${total === 1 ? 'change' : 'changes'}`,
  noActor: 'Unknown',
} as const;

const calendarDate = z.string().trim().refine(isCalendarDate, AUDIT_MESSAGES.dateInvalid);

const auditFilters = {
  actorId: z.preprocess(emptyAsMissing, uuidInput('Not a valid id.').optional()),
  kind: z.preprocess(emptyAsMissing, z.enum(AUDIT_KINDS).optional()),
  action: z.preprocess(emptyAsMissing, z.enum(AUDIT_ACTIONS).optional()),
  subjectId: z.preprocess(emptyAsMissing, uuidInput('Not a valid id.').optional()),
  from: z.preprocess(emptyAsMissing, calendarDate.optional()),
  to: z.preprocess(emptyAsMissing, calendarDate.optional()),
};
const inOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from <= value.to;

/** GET /api/admin/audit: the filters and a page, newest first; a page beyond AUDIT_COUNT_CAP lines is refused. */
export const AuditListQuerySchema = z
  .object({
    ...auditFilters,
    page: z.coerce.number().int().min(1).max(AUDIT_COUNT_CAP).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  })
  .refine(inOrder, { message: AUDIT_MESSAGES.rangeReversed, path: ['to'] })
  .refine((value) => (value.page - 1) * value.pageSize < AUDIT_COUNT_CAP, {
    message: AUDIT_MESSAGES.beyondCount,
    path: ['page'],
  });
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/**
 * GET /api/admin/audit/export: the filters of the log (who, what kind, which action, which subject,
 * and days on the institute's calendar, both inclusive), every matching line.
 */
export const AuditExportQuerySchema = z
  .object(auditFilters)
  .refine(inOrder, { message: AUDIT_MESSAGES.rangeReversed, path: ['to'] });
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

/**
 * Who made a change: the name the log stored at the moment, and the account as it is now (its
 * current name and username, null when the line names no account). A rename after the fact
 * shows both; nobody can make a line look like someone else's by taking their name.
 */
export const AuditActorSchema = z.object({
  id: z.string().nullable(),
  nameAtTheTime: z.string().nullable(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  deactivated: z.boolean(),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

/**
 * One field a line changed, as people read it: roles by name, units, positions, rooms and people
 * by name, instants on the institute's clock. `before` is absent for a creation and `after` for a
 * deletion.
 */
export const AuditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/**
 * One line of the audit log. `before` and `after` are the row's columns as the database stored
 * them (secrets left out); `changes` says the same in words. Kind and action are open strings, so
 * a kind this client does not know yet still shows (see auditKindLabel).
 */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: AuditActorSchema,
  kind: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  subjectLabel: z.string().nullable(),
  summary: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  changes: z.array(AuditChangeSchema),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A page of the audit log; `total` stops at AUDIT_COUNT_CAP, and `capped` says that more lines match. */
export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;

/**
 * GET /api/admin/audit/actors?q=: the people who made changes in the log, for the actor filter;
 * `?id=` names the one person a filter holds (the picker's label comes from the server, never from
 * the address).
 */
export const AuditActorQuerySchema = z.object({
  q: SearchTextSchema,
  id: z.preprocess(emptyAsMissing, uuidInput('Not a valid id.').optional()),
});

/** How the audit page names the subject of a line, by the table the trigger saw change. */
const AUDIT_SUBJECT_LABELS: Record<string, string> = {
  users: 'account',
  org_units: 'unit',
  rooms: 'room',
  skills: 'catalogue skill',
  user_skills: "student's skill",
  achievements: 'achievement',
  feedback: 'feedback',
  room_bookings: 'room booking',
  positions: 'position',
  position_holders: 'position holder',
  events: 'event',
};

/** Words from a stored name: 'identity_fact' as 'Identity fact'. */
const words = (name: string) => {
  const text = name.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'Change';
};

/** How the page and the export name a kind of change, including kinds newer than this list. */
export function auditKindLabel(kind: string): string {
  return Object.hasOwn(AUDIT_KIND_LABELS, kind) ? AUDIT_KIND_LABELS[kind as AuditKind] : words(kind);
}

/** How the page and the export name an action, including actions newer than this list. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? AUDIT_ACTION_LABELS[action as AuditAction]
    : words(action);
}

/** How a line names its subject's kind: 'catalogue skill', or the table's name in words. */
export function auditSubjectLabel(subjectType: string): string {
  return Object.hasOwn(AUDIT_SUBJECT_LABELS, subjectType)
    ? AUDIT_SUBJECT_LABELS[subjectType]!
    : words(subjectType).toLowerCase();
}
