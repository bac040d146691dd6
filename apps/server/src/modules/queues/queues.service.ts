import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  normalizeRole,
  OFFICIAL_ROLES,
  QUEUE_NAMES,
  type QueueCounts,
  type QueueName,
  type Role,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { notifications, roomBookings, skills, users } from '../../db/schema/index';
import { numberOf } from '../../db/tallies';
import {
  achievementQueue,
  countPendingAchievements,
  countPendingClaims,
  pendingCatalogueSkills,
  reviewTypesOf,
  userSkillQueue,
} from '../endorsements/endorsements.service';
import { resolvableCount } from '../feedback/feedback-desk.service';
import { openCorrectionCount } from '../identity/corrections.service';
import { openIdConflictCount } from '../identity/student-ids.service';
import { positionQueueCount } from '../positions/position-review.service';
import { announceLive } from '../notifications/notify.service';
import { awaitingDecision } from '../rooms/bookings.service';

/*
 * What waits for a person in each queue they decide, counted by the lists' own conditions (the
 * endorsement panel, the feedback desk, the president's approvals), so the bell and the lists
 * cannot disagree; and the settling of queue notices whose queue has emptied (decision 0022).
 */

type Person = { id: string; role: string };

/** The administrator's queues: requests about the institute's own record of a student. */
const ADMINISTRATOR_QUEUES: readonly QueueName[] = ['corrections', 'student-ids'];
/** The queues of the record, which the officials and club coordinators review. */
const RECORD_QUEUES = QUEUE_NAMES.filter((queue) => !ADMINISTRATOR_QUEUES.includes(queue));

/**
 * The queues each role decides: only the president decides room requests, coordinators no
 * catalogue skills; the administrator decides correction requests and Student ID claims alone.
 */
function queuesOf(role: Role): readonly QueueName[] {
  if (role === 'PRESIDENT') return RECORD_QUEUES;
  if ((OFFICIAL_ROLES as readonly string[]).includes(role))
    return RECORD_QUEUES.filter((queue) => queue !== 'bookings');
  if (role === 'CLUB_COORDINATOR') return ['user-skills', 'achievements', 'positions', 'feedback'];
  if (role === 'ADMIN') return ADMINISTRATOR_QUEUES;
  return [];
}

const COUNTERS: Record<QueueName, (db: Database, person: Person, timeZone: string) => Promise<number>> =
  {
    'user-skills': async (db, person) => {
      const { types, within } = await userSkillQueue(db, person, {}, 'UTC');
      return numberOf(db, countPendingClaims(db, person, types, within));
    },
    skills: async (db, person) => {
      const [row] = await db
        .select({ n: count() })
        .from(skills)
        .where(pendingCatalogueSkills(person, reviewTypesOf(person.role)));
      return row?.n ?? 0;
    },
    achievements: async (db, person) => {
      const { types, within } = await achievementQueue(db, person, {}, 'UTC');
      return numberOf(db, countPendingAchievements(db, person, types, within));
    },
    positions: async (db, person) => {
      const [row] = await (await positionQueueCount(db, person)).query;
      return row?.n ?? 0;
    },
    // What the person may resolve: feedback about themselves waits for another official.
    feedback: (db, person) => resolvableCount(db, person),
    bookings: async (db, _person, timeZone) => {
      const [row] = await db
        .select({ n: count() })
        .from(roomBookings)
        .where(awaitingDecision({ timeZone }));
      return row?.n ?? 0;
    },
    corrections: (db) => openCorrectionCount(db),
    'student-ids': (db) => openIdConflictCount(db),
  };

async function countsOf(
  db: Database,
  person: Person,
  timeZone: string,
  only?: readonly string[],
): Promise<QueueCounts['queues']> {
  const queues = queuesOf(normalizeRole(person.role)).filter((queue) => !only || only.includes(queue));
  const counts = await Promise.all(queues.map((queue) => COUNTERS[queue](db, person, timeZone)));
  return queues.map((queue, i) => ({ queue, count: counts[i]! }));
}

/**
 * Marks read the person's unread queue notices (of `only` these queues, when given) whose queue
 * holds nothing for them now (decided by another official, withdrawn, or no longer theirs to decide). Cheap when they have none unread, as
 * every student. Resolves to whether any changed. The notifications module is handed it at start
 * (app.ts): it may not import the modules whose queues are counted here, which notify through it.
 */
export async function settleQueueNotices(
  db: Database,
  userId: string,
  timeZone: string,
  only?: readonly string[],
): Promise<boolean> {
  const open = await db
    .selectDistinct({ queue: notifications.outcome, role: users.role })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'queue'),
        isNull(notifications.readAt),
      ),
    );
  const queues = open.map((row) => row.queue ?? '').filter((queue) => !only || only.includes(queue));
  if (queues.length === 0) return false;
  const counts = await countsOf(db, { id: userId, role: open[0]!.role }, timeZone, queues);
  const waiting = new Set(counts.filter((c) => c.count > 0).map((c) => c.queue as string));
  const empty = queues.filter((queue) => !waiting.has(queue));
  if (empty.length === 0) return false;
  const settled = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'queue'),
        isNull(notifications.readAt),
        sql`${notifications.outcome} in (${sql.join(
          empty.map((queue) => sql`${queue}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: notifications.id });
  return settled.length > 0;
}

/**
 * What waits for the person in each of their queues, and their unread notices other than queue
 * notices. Their emptied queues' notices settle first, telling their open tabs.
 */
export async function queueCounts(db: Database, person: Person, timeZone: string): Promise<QueueCounts> {
  if (await settleQueueNotices(db, person.id, timeZone)) await announceLive(db, [person.id]);
  const [queues, [unread]] = await Promise.all([
    countsOf(db, person, timeZone),
    db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, person.id),
          isNull(notifications.readAt),
          ne(notifications.kind, 'queue'),
        ),
      ),
  ]);
  return { queues, unreadNotices: unread?.n ?? 0 };
}
