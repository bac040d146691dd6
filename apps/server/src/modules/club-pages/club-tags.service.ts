import { asc, count, eq, sql } from 'drizzle-orm';
import { CLUB_PAGE_MESSAGES, type ClubTag, type ClubTagInput, type ClubTagList } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { clubPageTags, clubTags } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';

/*
 * The curated list of club tags the administrator keeps: clubs choose theirs from it, so that the
 * directory's filters and search speak one vocabulary ('Robotics', not 'robots' and 'robotix').
 */

const tagRows = (db: Database) =>
  db
    .select({ id: clubTags.id, name: clubTags.name, clubCount: count(clubPageTags.unitId) })
    .from(clubTags)
    .leftJoin(clubPageTags, eq(clubPageTags.tagId, clubTags.id))
    .groupBy(clubTags.id)
    .$dynamic();

/** Every tag, by name, with how many clubs carry it. */
export async function clubTagList(db: Database): Promise<ClubTagList> {
  return { tags: await tagRows(db).orderBy(sql`lower(${clubTags.name})`, asc(clubTags.id)) };
}

async function tagById(db: Database, id: string): Promise<ClubTag> {
  const [tag] = await tagRows(db).where(eq(clubTags.id, id));
  if (!tag) throw AppError.notFound(CLUB_PAGE_MESSAGES.tagNotFound);
  return tag;
}

const sameName = () =>
  AppError.conflict(CLUB_PAGE_MESSAGES.tagExists, { name: CLUB_PAGE_MESSAGES.tagExists });

/** Adds a tag; a name already on the list (in any case) is refused. */
export async function createClubTag(
  db: Database,
  adminId: string,
  input: ClubTagInput,
): Promise<ClubTag> {
  try {
    const id = await asActor(db, adminId, async (tx) => {
      const [row] = await tx.insert(clubTags).values({ name: input.name }).returning();
      return row!.id;
    });
    return tagById(db, id);
  } catch (error) {
    if (uniqueViolationOf(error) === 'club_tags_name_lower_key') throw sameName();
    throw error;
  }
}

/** Renames a tag: every club carrying it shows the new name. */
export async function renameClubTag(
  db: Database,
  adminId: string,
  id: string,
  input: ClubTagInput,
): Promise<ClubTag> {
  try {
    const renamed = await asActor(db, adminId, (tx) =>
      tx.update(clubTags).set({ name: input.name }).where(eq(clubTags.id, id)).returning(),
    );
    if (renamed.length === 0) throw AppError.notFound(CLUB_PAGE_MESSAGES.tagNotFound);
    return tagById(db, id);
  } catch (error) {
    if (uniqueViolationOf(error) === 'club_tags_name_lower_key') throw sameName();
    throw error;
  }
}

/** Removes a tag from the list and from every club that carried it. */
export async function deleteClubTag(db: Database, adminId: string, id: string): Promise<void> {
  const removed = await asActor(db, adminId, (tx) =>
    tx.delete(clubTags).where(eq(clubTags.id, id)).returning({ id: clubTags.id }),
  );
  if (removed.length === 0) throw AppError.notFound(CLUB_PAGE_MESSAGES.tagNotFound);
}
