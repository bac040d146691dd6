import { z } from 'zod';
import { emptyAsMissing, PageQuerySchema, pagedListSchema } from './common';
import { OFFICIAL_ROLES, RECORD_HOLDER_ROLES, ROLES, type Role } from './roles';
import { moneyNoticeTitle } from './money-notice-titles';
import { electionNoticeTitle } from './election-notice-titles';
import { privacyNoticeTitle } from './privacy-notice-titles';
import { clubNoticeTitle } from './club-notice-titles';

/**
 * What a notification is about. The first six tell a person of a decision about them; 'queue'
 * tells an official what waits for them, one grouped notification per queue; 'announcement'
 * carries a council announcement to its audience.
 */
export const NOTIFICATION_KINDS = [
  'achievement',
  'skill',
  'position',
  'feedback',
  'appointment',
  'booking',
  'queue',
  'announcement',
  'identity',
  'event',
  'club',
  'election',
  'money',
  'privacy',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a notification reaches its person: only in the portal, by e-mail at once, or in a daily e-mail digest. */
export const DELIVERIES = ['app', 'instant', 'digest'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const DELIVERY_LABELS: Record<Delivery, string> = {
  app: 'In the portal only',
  instant: 'E-mail at once',
  digest: 'Daily e-mail digest',
};

/** How the preferences page names each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  achievement: 'My achievements verified or declined',
  skill: 'My skills endorsed or declined',
  position: 'My declared positions verified or declined',
  feedback: 'My feedback resolved',
  appointment: 'Appointments to a position',
  booking: 'My room bookings approved or rejected',
  queue: 'What waits for my review or decision',
  announcement: 'Announcements',
  identity: 'My institute record corrected or my Student ID settled',
  event: 'Events: my seats and the waitlist, changes, reminders and decisions on proposals',
  club: 'Clubs: join requests, invitations and my memberships',
  election: 'Elections: nominations and voting open, my nomination decided, a reminder to vote, results',
  money:
    'Club money: claims waiting for my decision or payment, and my claims decided, paid or withdrawn',
  privacy: 'My data: a copy ready, my account’s erasure scheduled or cancelled',
};

/** Until a person chooses: decisions about them by e-mail at once, queues in the digest, announcements in the portal. */
export const DEFAULT_DELIVERY: Record<NotificationKind, Delivery> = {
  achievement: 'instant',
  skill: 'instant',
  position: 'instant',
  feedback: 'instant',
  appointment: 'instant',
  booking: 'instant',
  queue: 'digest',
  announcement: 'app',
  identity: 'instant',
  event: 'instant',
  club: 'instant',
  election: 'instant',
  money: 'instant',
  privacy: 'instant',
};

/**
 * Who decides a queue: the officials and club coordinators review the record, the administrator
 * decides correction requests and Student ID claims.
 */
export const QUEUE_DECIDER_ROLES: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN'];

/**
 * Who can be sent each kind: decisions about a student's own record (their institute facts and
 * Student ID among them) go to those who have one; room bookings to the officials, who alone
 * request rooms; queues to those who decide one; announcements to everyone but the administrator;
 * feedback notices to everyone. The settings page offers, and the server accepts, only these.
 */
const NOTIFICATION_KIND_ROLES: Record<NotificationKind, readonly Role[]> = {
  achievement: RECORD_HOLDER_ROLES,
  skill: RECORD_HOLDER_ROLES,
  position: RECORD_HOLDER_ROLES,
  feedback: ROLES,
  appointment: RECORD_HOLDER_ROLES,
  booking: OFFICIAL_ROLES,
  queue: QUEUE_DECIDER_ROLES,
  announcement: RECORD_HOLDER_ROLES,
  identity: RECORD_HOLDER_ROLES,
  event: RECORD_HOLDER_ROLES,
  club: RECORD_HOLDER_ROLES,
  election: RECORD_HOLDER_ROLES,
  money: ROLES,
  privacy: RECORD_HOLDER_ROLES,
};

/** The kinds a person of this role can be sent, in the settings page's order. */
export const notificationKindsFor = (role: Role): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_ROLES[kind].includes(role));

/** The server's refusal of a choice for a kind the person is never sent. */
export const NOT_RECEIVED_MESSAGE = 'You do not receive this kind of notification.';

/** The hour (institute time) of the daily digest until a person chooses another. */
export const DEFAULT_DIGEST_HOUR = 18;

/** The queues an official is told about, one grouped notification each. */
export const QUEUE_NAMES = [
  'user-skills',
  'skills',
  'achievements',
  'positions',
  'feedback',
  'bookings',
  'corrections',
  'student-ids',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** The page that lists each queue's items, where its notice and the bell's line lead. */
export const QUEUE_PAGES: Record<QueueName, string> = {
  'user-skills': '/gensec-endorse?tab=user-skills',
  skills: '/gensec-endorse?tab=skills',
  achievements: '/gensec-endorse?tab=achievements',
  positions: '/gensec-endorse?tab=positions',
  feedback: '/viewfeedback?status=unresolved',
  bookings: '/president-approval?status=Pending',
  corrections: '/admin/corrections',
  'student-ids': '/admin/student-ids',
};

// What waits now, whoever added it: counted when asked, so an item decided by another official
// is gone from it at once.
const WAITING_TEXTS: Record<QueueName, [string, string, string]> = {
  'user-skills': ['skill claim', 'skill claims', 'your endorsement'],
  skills: ['new catalogue skill', 'new catalogue skills', 'your endorsement'],
  achievements: ['achievement', 'achievements', 'your verification'],
  positions: ['declared position', 'declared positions', 'your verification'],
  feedback: ['feedback item', 'feedback items', 'resolution'],
  bookings: ['room request', 'room requests', 'your decision'],
  corrections: ['correction request', 'correction requests', 'your decision'],
  'student-ids': ['Student ID claim', 'Student ID claims', 'your decision'],
};

/** One queue's line in the bell: '5 achievements wait for your verification'. */
export function queueWaitingText(queue: QueueName, count: number): string {
  const [one, many, what] = WAITING_TEXTS[queue];
  return count === 1 ? `1 ${one} waits for ${what}` : `${count} ${many} wait for ${what}`;
}

/** How many items wait in one of the person's queues now. */
const QueueCountSchema = z.object({ queue: z.enum(QUEUE_NAMES), count: z.number().int() });

/**
 * GET /api/notifications/queues: what waits for the person in each queue they decide (none for a
 * role that decides none), and their unread notifications other than queue notices: the bell's
 * badge is the two together, each item once.
 */
export const QueueCountsSchema = z.object({
  queues: z.array(QueueCountSchema),
  unreadNotices: z.number().int(),
});
export type QueueCounts = z.infer<typeof QueueCountsSchema>;

/** What a notification tells, as stored: the text is made from it by notificationTitle. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The decision: 'verified', 'declined', 'endorsed', 'resolved', 'approved', 'rejected', 'appointed'; the queue's name for 'queue'. */
  outcome: z.string().nullable(),
  /** The thing's name: an achievement's title, a skill, a position, a room; an announcement's title. */
  subject: z.string(),
  /** More: a decline's reason, the actions taken on feedback, an announcement's text. */
  detail: z.string().nullable(),
  /** Where the portal shows the thing. */
  link: z.string(),
  /** For 'queue': how many items arrived since the official last read it. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

// A queue's notification counts what arrived since the official last read it, not what waits now
// (another official may have taken some): 'new', never 'waiting'.
const QUEUE_NOUNS: Record<QueueName, [string, string]> = {
  'user-skills': ['new skill claim', 'new skill claims'],
  skills: ['new skill for the catalogue', 'new skills for the catalogue'],
  achievements: ['new achievement', 'new achievements'],
  positions: ['new declared position', 'new declared positions'],
  feedback: ['new feedback item', 'new feedback items'],
  bookings: ['new room request', 'new room requests'],
  corrections: ['new correction request', 'new correction requests'],
  'student-ids': ['new Student ID claim', 'new Student ID claims'],
};

/** The one line that names a notification, in the inbox, the bell and the e-mail's subject. */
export function notificationTitle(
  n: Pick<Notification, 'kind' | 'outcome' | 'subject' | 'itemCount'>,
): string {
  switch (n.kind) {
    case 'achievement':
      return `Your achievement "${n.subject}" was ${n.outcome ?? 'reviewed'}`;
    case 'skill':
      return `Your skill "${n.subject}" was ${n.outcome ?? 'reviewed'}`;
    case 'position':
      return `Your position "${n.subject}" was ${n.outcome ?? 'reviewed'}`;
    case 'feedback':
      return `Your feedback on ${n.subject} was resolved`;
    case 'appointment':
      return `You were appointed ${n.subject}`;
    case 'booking':
      return `Your booking of ${n.subject} was ${n.outcome ?? 'decided'}`;
    case 'queue': {
      const [one, many] = QUEUE_NOUNS[(n.outcome as QueueName) ?? 'feedback'] ?? [
        'new item',
        'new items',
      ];
      return `${n.itemCount} ${n.itemCount === 1 ? one : many} to review`;
    }
    case 'announcement':
      return `Announcement: ${n.subject}`;
    case 'identity':
      return `${n.subject}: ${n.outcome ?? 'changed'}`;
    case 'event':
      return eventNoticeTitle(n.outcome, n.subject);
    case 'club':
      return clubNoticeTitle(n.outcome, n.subject);
    case 'election':
      return electionNoticeTitle(n.outcome, n.subject);
    case 'money':
      return moneyNoticeTitle(n.outcome, n.subject);
    case 'privacy':
      return privacyNoticeTitle(n.outcome);
  }
}

/** An event notice's line: what happened (the outcome) to the event named by the subject. */
function eventNoticeTitle(outcome: string | null, title: string): string {
  switch (outcome) {
    case 'registered':
      return `You are registered for "${title}"`;
    case 'promoted':
      return `A seat freed up: you are now registered for "${title}"`;
    case 'changed':
      return `"${title}" has changed`;
    case 'cancelled':
      return `"${title}" was cancelled`;
    case 'reminder_24h':
      return `Reminder: "${title}" starts in 24 hours`;
    case 'reminder_1h':
      return `Reminder: "${title}" starts in an hour`;
    case 'proposed':
      return `New event proposal: "${title}"`;
    case 'approved':
      return `Your event "${title}" was approved`;
    case 'changes_requested':
      return `Changes were asked for your event "${title}"`;
    case 'rejected':
      return `Your event "${title}" was rejected`;
    default:
      return `"${title}": news about the event`;
  }
}

const NOTIFICATION_FILTERS = ['all', 'unread'] as const;

export const NotificationListQuerySchema = PageQuerySchema.extend({
  show: z.preprocess(
    emptyAsMissing,
    z.enum(NOTIFICATION_FILTERS, 'Choose all or unread.').default('all'),
  ),
  /** 'grouped': each queue's newest notice only (the inbox); 'none': no queue notices (the bell, which counts the queues itself). */
  queues: z.preprocess(
    emptyAsMissing,
    z.enum(['grouped', 'none'], 'Choose grouped or none.').default('grouped'),
  ),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListSchema = pagedListSchema(NotificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationPreferencesSchema = z.object({
  deliveries: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(DELIVERIES)])) as Record<
      NotificationKind,
      z.ZodEnum<{ app: 'app'; instant: 'instant'; digest: 'digest' }>
    >,
  ),
  /** Per kind, whether it is also pushed to the person's devices that have push on (decision 0042). */
  push: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      NotificationKind,
      z.ZodBoolean
    >,
  ),
  digestHour: z.number().int().min(0).max(23),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** A change of preferences: any kinds' delivery or push, and the digest's hour. */
export const UpdatePreferencesRequestSchema = z.strictObject({
  deliveries: z
    .strictObject(
      Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [
          kind,
          z.enum(DELIVERIES, 'Choose how this reaches you.').optional(),
        ]),
      ) as Record<
        NotificationKind,
        z.ZodOptional<z.ZodEnum<{ app: 'app'; instant: 'instant'; digest: 'digest' }>>
      >,
    )
    .optional(),
  push: z
    .strictObject(
      Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, z.boolean('Choose on or off.').optional()]),
      ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
    )
    .optional(),
  digestHour: z
    .number('Choose an hour.')
    .int('Choose an hour.')
    .min(0, 'Choose an hour.')
    .max(23, 'Choose an hour.')
    .optional(),
});
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequestSchema>;

const UnsubscribeTokenSchema = z
  .string()
  .min(1, 'This unsubscribe link is not valid.')
  .max(400, 'This unsubscribe link is not valid.');

/**
 * An unsubscribe: the token in the body ({ token }) from the portal's page, or in the query string
 * from a mail program's one-click request (RFC 8058), whose form body says
 * List-Unsubscribe=One-Click and whatever else the program adds: other fields are ignored.
 */
export const UnsubscribeRequestSchema = z.object({
  token: z.preprocess(emptyAsMissing, UnsubscribeTokenSchema.optional()),
});
/** The link's own query: its token, and whatever a mail program or a tracker adds (utm_source…), which is ignored. */
export const UnsubscribeQuerySchema = z.object({
  token: z.preprocess(emptyAsMissing, UnsubscribeTokenSchema.optional()),
});
export const UnsubscribeResultSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
