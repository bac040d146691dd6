import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { FEEDBACK_TYPES, SEARCH_COUNT_LIMIT } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, feedback, orgUnits, positions } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import { resolvableBy, targetNameLookups, targetNameOf } from '../feedback/feedback-desk.service';
import { detailOf, LIMIT, nameMatches, studentsNamed, type Found } from './search-text';
import type { Searcher } from './search.policy';

/*
 * Feedback waiting for the searcher to resolve it: unresolved, in the scope their desk shows (all
 * of it for the officials, their club's for a coordinator), and not about themselves (another
 * official resolves that). Found by its words, its type or the name of what it is about; never by
 * its author, who may have sent it anonymously.
 */

/** The feedback types whose name starts with the text ('compl' finds complaints). */
const typesStartingWith = (q: string) =>
  FEEDBACK_TYPES.filter((type) => type.toLowerCase().startsWith(q.toLowerCase()));

/** How much of the comments a result shows. */
const EXCERPT_LENGTH = 80;

function excerptOf(comments: string): string {
  const flat = comments.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/**
 * The feedback a searcher may resolve (unresolved, in their desk's scope, not about themselves)
 * whose comments hold the text (the comments' trigram index keeps to the unresolved), of a type
 * named so, or about a person, event, unit or position whose name matches. Each way is read
 * through its own index and stops at SEARCH_COUNT_LIMIT ('club' names every club, and so every
 * feedback about one); together, without repeats, they are at most six times that.
 */
function matchingFeedback(db: Database, q: string, resolvable: SQL) {
  const named = studentsNamed(db, q);
  const types = typesStartingWith(q);
  const ways = [
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(feedback)
      .where(and(resolvable, ilike(feedback.comments, containsPattern(q)))),
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(feedback)
      .where(and(resolvable, types.length > 0 ? inArray(feedback.type, types) : sql`false`)),
    // Looked up by the index for each of the students named (as a join, the planner reads the
    // whole index in order to merge it with them: 12 ms against 7 for 'sha' at 20,000 students).
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(feedback)
      .where(
        and(
          resolvable,
          sql`${feedback.targetUserId} = any(array(${db.select({ id: named.id }).from(named)}))`,
        ),
      ),
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(orgUnits)
      .innerJoin(feedback, eq(feedback.targetUnitId, orgUnits.id))
      .where(and(resolvable, nameMatches(q, orgUnits.name))),
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(events)
      .innerJoin(feedback, eq(feedback.targetEventId, events.id))
      .where(and(resolvable, nameMatches(q, events.title))),
    db
      .select({ id: feedback.id, createdAt: feedback.createdAt })
      .from(positions)
      .innerJoin(feedback, eq(feedback.targetPositionId, positions.id))
      .where(and(resolvable, nameMatches(q, positions.title))),
  ].map((way) => way.limit(SEARCH_COUNT_LIMIT));
  const [first, second, ...rest] = ways;
  return union(first!, second!, ...rest).as('matched');
}

/**
 * The feedback the searcher may resolve that matches, newest first, named as the desk's cards name
 * it. A broad fragment counts no further than SEARCH_COUNT_LIMIT ("300+"); past it the results are
 * the newest of those read, and typing more narrows them, as the people search does.
 */
export async function findFeedback(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const matched = matchingFeedback(db, q, await resolvableBy(db, searcher));
  const page = db
    .select({
      id: matched.id,
      createdAt: matched.createdAt,
      total: sql<number>`least(count(*) over (), ${SEARCH_COUNT_LIMIT})::int`.as('total'),
    })
    .from(matched)
    .orderBy(desc(matched.createdAt), desc(matched.id))
    .limit(LIMIT)
    .as('page');
  const f = feedback;
  const rows = await db
    .select({
      id: f.id,
      type: f.type,
      targetType: f.targetType,
      comments: f.comments,
      total: page.total,
      ...targetNameLookups,
    })
    .from(page)
    .innerJoin(f, eq(f.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      // Named as the desk's cards name their target (the details beside the name are left out).
      label: targetNameOf(row),
      detail: detailOf(row.type, excerptOf(row.comments)),
      url: `/viewfeedback?id=${row.id}`,
    })),
  };
}
