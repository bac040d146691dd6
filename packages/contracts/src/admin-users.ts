import { z } from 'zod';
import { emptyAsMissing, pagedListSchema, PageQuerySchema, SearchTextSchema, uuidInput } from './common';
import { ROLES, type Role } from './roles';

/**
 * An account's state, one per account, in this order of precedence: deactivated by an
 * administrator; imported from the student roll and not yet claimed (no password, no Google);
 * e-mail not yet proven; otherwise active.
 */
export const ACCOUNT_STATES = ['active', 'deactivated', 'unverified', 'unclaimed'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** How the administration pages name each role. */
export const ROLE_LABELS: Record<Role, string> = {
  STUDENT: 'Student',
  GENSEC_SCITECH: 'General Secretary, Science & Technology',
  GENSEC_ACADEMIC: 'General Secretary, Academic Affairs',
  GENSEC_CULTURAL: 'General Secretary, Cultural Affairs',
  GENSEC_SPORTS: 'General Secretary, Sports',
  PRESIDENT: 'President',
  CLUB_COORDINATOR: 'Club Coordinator',
  ADMIN: 'Administrator',
};

/** How the administration pages name each account state. */
export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  unverified: 'E-mail not verified',
  unclaimed: 'Imported, not claimed',
};

/** The visible texts of /admin and /admin/users, and the server's refusals. */
export const ADMIN_USER_MESSAGES = {
  /** A single-seat office (the president, each general secretary) has one holder at a time. */
  officeTaken: (office: string, holder: string) =>
    `${holder} is already the ${office}; one person holds it at a time. Change ${holder}'s role first.`,
  userNotFound: 'We could not find this user.',
  /** An account whose erasure is scheduled stays a student's until the erasure is cancelled. */
  erasureScheduled:
    'This account is scheduled to be erased. Cancel the erasure before giving it another role.',
  clubRequired: 'Please choose the club this coordinator leads.',
  clubNotFound: 'Please choose a club from the list.',
  clubOnlyForCoordinator: 'Only a club coordinator is linked to a club.',
  roleInvalid: 'Please choose a role from the list.',
  notVerified:
    'This account has not verified its e-mail address yet: only a verified account can hold a role other than Student.',
  deactivatedNoRole: 'This account is deactivated: reactivate it before giving it a role.',
  lastAdmin: 'This is the last active administrator: make another account an administrator first.',
  ownAdminRole:
    'You cannot take away your own administrator role while you are the only active administrator.',
  deactivateSelf: 'You cannot deactivate your own account.',
  alreadyDeactivated: 'This account is already deactivated.',
  notDeactivated: 'This account is not deactivated.',
  adminNotHolder: 'An administrator is not a student and cannot hold a position.',
  deactivatedNotHolder: 'This account is deactivated and cannot hold a position.',
  /** The student's own record (declaring a position, adding a skill or an achievement), asked for by the administrator. */
  adminNoStudentRecord: 'An administrator keeps no student record.',
  roleChanged: 'Role changed.',
  deactivated: 'Account deactivated. Every session of this account has ended.',
  reactivated: 'Account reactivated.',
  signedOut: (sessions: number) =>
    sessions === 1 ? 'Signed out of 1 session.' : `Signed out of ${sessions} sessions.`,
  usersLoadFailed: 'The users could not be loaded. Please try again.',
  userLoadFailed: 'This user could not be loaded. Please try again.',
  summaryLoadFailed: 'The overview could not be loaded. Please try again.',
  noUsers: 'No users match your search and filters.',
  showingUsers: (shown: number, total: number) => `Showing ${shown} of ${total} users`,
} as const;

/** ?q=&role=&state=&page=&pageSize= of /api/admin/users. */
export const AdminUserListQuerySchema = PageQuerySchema.extend({
  /** A part of a name, username or e-mail, or the start of a student id. */
  q: SearchTextSchema,
  role: z.preprocess(
    emptyAsMissing,
    z.enum(ROLES, { error: ADMIN_USER_MESSAGES.roleInvalid }).optional(),
  ),
  state: z.preprocess(emptyAsMissing, z.enum(ACCOUNT_STATES).optional()),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** GET /api/admin/users/export: the list's filters, without its paging (a page number sent along is dropped). */
export const AdminUserExportQuerySchema = AdminUserListQuerySchema.omit({ page: true, pageSize: true });
export type AdminUserExportQuery = z.infer<typeof AdminUserExportQuerySchema>;

const ClubRefSchema = z.object({ id: z.string(), name: z.string() });

/** A row of the users list. */
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  studentId: z.string().nullable(),
  role: z.enum(ROLES),
  club: ClubRefSchema.nullable(),
  state: z.enum(ACCOUNT_STATES),
  emailVerifiedAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = pagedListSchema(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** One user as /admin/users/:id shows it. */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  onboardingComplete: z.boolean(),
  importedAt: z.string().nullable(),
  /** How the account signs in: a password, Google, both, or neither yet (an unclaimed import). */
  signIn: z.object({ password: z.boolean(), google: z.boolean() }),
  profile: z
    .object({
      program: z.string().nullable(),
      branch: z.string().nullable(),
      batchYear: z.number().int().nullable(),
      currentYear: z.string().nullable(),
    })
    .nullable(),
  /** Sessions that have not expired. */
  activeSessions: z.number().int(),
  /** When the newest session still kept began (signing out deletes a session, so this may be unknown). */
  lastSignInAt: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export const AdminUserResponseSchema = z.object({ user: AdminUserDetailSchema });

/** PUT /api/admin/users/{id}/role: a club coordinator names their club; any other role has none. */
export const RoleChangeRequestSchema = z
  .object({
    role: z.enum(ROLES, { error: ADMIN_USER_MESSAGES.roleInvalid }),
    clubId: z.preprocess(
      emptyAsMissing,
      uuidInput({ error: ADMIN_USER_MESSAGES.clubNotFound }).nullable().optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'CLUB_COORDINATOR' && !value.clubId)
      ctx.addIssue({ code: 'custom', path: ['clubId'], message: ADMIN_USER_MESSAGES.clubRequired });
    if (value.role !== 'CLUB_COORDINATOR' && value.clubId)
      ctx.addIssue({
        code: 'custom',
        path: ['clubId'],
        message: ADMIN_USER_MESSAGES.clubOnlyForCoordinator,
      });
  });
export type RoleChangeRequest = z.infer<typeof RoleChangeRequestSchema>;

/** POST /api/admin/users/{id}/sign-out: how many sessions ended. */
export const SignOutEverywhereResponseSchema = z.object({ sessionsEnded: z.number().int() });

/** GET /api/admin/summary: the counts of the /admin overview. */
export const AdminSummarySchema = z.object({
  users: z.object({
    /** Accounts that are not deactivated, by role (every role present, 0 when none). */
    byRole: z.record(z.enum(ROLES), z.number().int()),
    total: z.number().int(),
    deactivated: z.number().int(),
    unverified: z.number().int(),
    unclaimed: z.number().int(),
  }),
  /** Units in use (not retired): all of them, and the clubs among them. */
  units: z.object({ total: z.number().int(), clubs: z.number().int() }),
  rooms: z.number().int(),
  skills: z.object({ total: z.number().int(), awaitingReview: z.number().int() }),
  /** Lines the audit log gained in the last seven days. */
  auditLastWeek: z.number().int(),
  /** What waits for the administrator's decision: open correction requests and Student ID conflicts (decision 0015). */
  identity: z.object({ openCorrections: z.number().int(), openIdConflicts: z.number().int() }),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;
