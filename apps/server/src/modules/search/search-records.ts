import { and, asc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { UNIT_TYPE_LABELS } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { searchDocument } from '../../db/schema/helpers';
import { announcements, events, notifications, orgUnits, positions } from '../../db/schema/index';
import { detailOf, foundOf, LIMIT, textMatch, totalColumn, type Found } from './search-text';
import { positionUrl, seesEveryAccount, unitUrl, type Searcher } from './search.policy';

/* The records everyone may find (clubs and units, events, positions) and the announcements the searcher may read. */

/** The council, its councils and clubs in use (the administrator also finds retired ones). */
export async function findUnits(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const everyone = seesEveryAccount(searcher);
  const { where, order } = textMatch(q, orgUnits.name, orgUnits.searchDocument);
  const rows = await db
    .select({
      id: orgUnits.id,
      name: orgUnits.name,
      type: orgUnits.type,
      category: orgUnits.category,
      retired: sql<boolean>`${orgUnits.retiredAt} is not null`,
      total: totalColumn,
    })
    .from(orgUnits)
    .where(and(everyone ? undefined : isNull(orgUnits.retiredAt), where))
    .orderBy(order, asc(orgUnits.name), asc(orgUnits.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => ({
    id: row.id,
    label: row.name,
    detail: detailOf(UNIT_TYPE_LABELS[row.type], row.category, row.retired ? 'Retired' : null),
    url: unitUrl(searcher, row.id),
  }));
}

/** Approved events (every signed-in user may open any), by title and description. */
export async function findEvents(db: Database, q: string, timeZone: string): Promise<Found> {
  const { where, order } = textMatch(q, events.title, events.searchDocument);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      unit: orgUnits.name,
      status: events.status,
      day: sql<
        string | null
      >`to_char(${events.scheduleStart} at time zone ${timeZone}::text, 'FMDD Mon YYYY')`,
      total: totalColumn,
    })
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(and(where, eq(events.approval, 'approved')))
    .orderBy(order, sql`${events.scheduleStart} desc nulls last`, asc(events.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => ({
    id: row.id,
    label: row.title,
    detail: detailOf(row.unit, row.day, row.status === 'cancelled' ? 'Cancelled' : null),
    url: `/events/${row.id}`,
  }));
}

/** Positions in use, by title and description, with their unit. */
export async function findPositions(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const { where, order } = textMatch(q, positions.title, positions.searchDocument);
  const rows = await db
    .select({
      id: positions.id,
      title: positions.title,
      unit: orgUnits.name,
      type: positions.positionType,
      total: totalColumn,
    })
    .from(positions)
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .where(and(isNull(positions.retiredAt), where))
    .orderBy(order, asc(positions.title), asc(positions.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => ({
    id: row.id,
    label: row.title,
    detail: detailOf(row.unit, row.type),
    url: positionUrl(searcher),
  }));
}

/**
 * Announcements the searcher may read: those sent to them (they hold its notification, as their
 * inbox and home page read them) and those they posted; nobody else's.
 */
export async function findAnnouncements(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const { where, order } = textMatch(
    q,
    announcements.title,
    searchDocument(announcements.title, announcements.body),
  );
  const received = exists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(
        and(eq(notifications.userId, searcher.id), eq(notifications.announcementId, announcements.id)),
      ),
  );
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      authorId: announcements.authorId,
      total: totalColumn,
    })
    .from(announcements)
    .where(and(or(eq(announcements.authorId, searcher.id), received), where))
    .orderBy(order, sql`${announcements.createdAt} desc`, asc(announcements.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => {
    const mine = row.authorId === searcher.id;
    return {
      id: row.id,
      label: row.title,
      detail: mine ? 'You posted this' : 'Sent to you',
      url: mine ? '/announcements' : '/notifications',
    };
  });
}
