import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedbackExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, feedback, orgUnits, positions, users } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { cursorText, keysetAfter, onKeptPlan, readAhead } from '../../lib/keyset';
import { deskFilters, scopeOf, targetOf, type DeskViewer } from './feedback-desk.read';

const targetUser = alias(users, 'target_user');
const eventUnit = alias(orgUnits, 'event_unit');
const targetUnit = alias(orgUnits, 'target_unit');
const parentUnit = alias(orgUnits, 'parent_unit');
const positionUnit = alias(orgUnits, 'position_unit');
const author = alias(users, 'author');
const resolver = alias(users, 'resolver');

/**
 * The rows of the export, named by joins: at 200,000 rows the cards' per-row lookups cost several
 * times more. The author is joined for feedback that is not anonymous only, so an anonymous
 * author's row is never even read; no id of the author is selected at all.
 */
const exportRows = (db: Database) =>
  db
    .select({
      f: {
        id: feedback.id,
        type: feedback.type,
        targetType: feedback.targetType,
        rating: feedback.rating,
        comments: feedback.comments,
        isAnonymous: feedback.isAnonymous,
        isResolved: feedback.isResolved,
        actionsTaken: feedback.actionsTaken,
        resolvedAt: feedback.resolvedAt,
        createdAt: feedback.createdAt,
      },
      cursorAt: cursorText(feedback.createdAt),
      userName: targetUser.name,
      userUsername: targetUser.username,
      eventTitle: events.title,
      eventUnit: eventUnit.name,
      unitName: targetUnit.name,
      unitParent: parentUnit.name,
      positionTitle: positions.title,
      positionUnit: positionUnit.name,
      authorName: author.name,
      authorUsername: author.username,
      resolverName: resolver.name,
    })
    .from(feedback)
    .leftJoin(targetUser, eq(targetUser.id, feedback.targetUserId))
    .leftJoin(events, eq(events.id, feedback.targetEventId))
    .leftJoin(eventUnit, eq(eventUnit.id, events.organizingUnitId))
    .leftJoin(targetUnit, eq(targetUnit.id, feedback.targetUnitId))
    .leftJoin(parentUnit, eq(parentUnit.id, targetUnit.parentId))
    .leftJoin(positions, eq(positions.id, feedback.targetPositionId))
    .leftJoin(positionUnit, eq(positionUnit.id, positions.unitId))
    .leftJoin(author, and(eq(author.id, feedback.authorId), sql`not ${feedback.isAnonymous}`))
    .leftJoin(resolver, eq(resolver.id, feedback.resolvedBy));

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportRows>['execute']>>[number];

const TARGET_TYPE_LABELS: Record<ExportRow['f']['targetType'], string> = {
  User: 'Person',
  Event: 'Event',
  'Club/Organization': 'Club or organization',
  POR: 'Position',
};

/** The columns of the feedback CSV: an anonymous row says who it is about, never who gave it. */
const COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Given', value: (row) => row.f.createdAt },
  { header: 'Type', value: (row) => row.f.type },
  { header: 'About', value: (row) => TARGET_TYPE_LABELS[row.f.targetType] },
  { header: 'Target', value: (row) => targetOf(row).label },
  { header: 'Target detail', value: (row) => targetOf(row).detail },
  { header: 'Rating', value: (row) => row.f.rating },
  { header: 'Comments', value: (row) => row.f.comments },
  { header: 'Anonymous', value: (row) => (row.f.isAnonymous ? 'Yes' : 'No') },
  { header: 'Author', value: (row) => (row.f.isAnonymous ? null : row.authorName) },
  { header: 'Author username', value: (row) => (row.f.isAnonymous ? null : row.authorUsername) },
  { header: 'Status', value: (row) => (row.f.isResolved ? 'Resolved' : 'Unresolved') },
  { header: 'Actions taken', value: (row) => row.f.actionsTaken },
  { header: 'Resolved by', value: (row) => row.resolverName },
  { header: 'Resolved at', value: (row) => row.f.resolvedAt },
];

/** Newest first, as the list: rows after the last one written by (created at, id). */
const after = (rows: { createdAt: SQLWrapper; id: SQLWrapper }, last: ExportRow | null) =>
  last
    ? keysetAfter([
        { column: rows.createdAt, value: last.cursorAt, direction: 'desc', cast: 'timestamptz' },
        { column: rows.id, value: last.f.id, direction: 'desc', cast: 'uuid' },
      ])
    : undefined;

/**
 * The feedback list of /viewfeedback as CSV: the viewer's scope and the list's filters, newest
 * first, a page at a time. The officials' and a student's pages come straight from the date index;
 * a club coordinator's from the club's own rows (few), whose ids the page then names.
 */
export async function feedbackExport(db: Database, viewer: DeskViewer, query: FeedbackExportQuery) {
  const { rows: scoped, where } = await scopeOf(db, viewer);
  const { ofType, status } = deskFilters(scoped, query);
  const newestFirst = [desc(feedback.createdAt), desc(feedback.id)];
  const read: PageReader<ExportRow> =
    scoped === feedback
      ? onKeptPlan(db, (tx, last) =>
          exportRows(tx)
            .where(and(where, ofType, status, after(feedback, last)))
            .orderBy(...newestFirst)
            .limit(EXPORT_PAGE_SIZE),
        )
      : (last) => {
          const ids = db
            .select({ id: scoped.id })
            .from(scoped)
            .where(and(ofType, status, after(scoped, last)))
            .orderBy(desc(scoped.createdAt), desc(scoped.id))
            .limit(EXPORT_PAGE_SIZE);
          return exportRows(db)
            .where(inArray(feedback.id, ids))
            .orderBy(...newestFirst);
        };
  return { read: readAhead(read), columns: COLUMNS };
}
