import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  CLUB_PAGE_MESSAGES,
  MEMBERSHIP_MESSAGES,
  type ClubPage,
  type ClubPageInput,
  type Follow,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { clubFollows, clubPages, clubPageTags, clubTags, orgUnits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { coordinatedClub, type MembershipActor } from '../club-membership/club-access.service';
import { clubPageOf } from './club-page.read';

/** The page's address, for reading it back after a change. */
async function slugOf(db: Database, unitId: string): Promise<string> {
  const [page] = await db
    .select({ slug: clubPages.slug })
    .from(clubPages)
    .where(eq(clubPages.unitId, unitId))
    .limit(1);
  if (!page) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
  return page.slug;
}

/**
 * The coordinator saves the page's words and tags in one transaction. Its locks come in the order
 * every writer of a page takes them: the unit, then the tags, then the page's tags, then the page
 * (an administrator's edit of the unit or a tag then rewrites the pages' search words: another
 * order deadlocked, migration 0043).
 * The page row is locked before its tags are replaced, so two saves at once cannot leave more than
 * four tags between them; a tag the administrator removed meanwhile is refused and nothing changes.
 */
export async function saveClubPage(
  db: Database,
  actor: MembershipActor,
  unitId: string,
  input: ClubPageInput,
): Promise<ClubPage> {
  await coordinatedClub(db, actor, unitId);
  await asActor(db, actor.id, async (tx) => {
    const [unit] = await tx
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(eq(orgUnits.id, unitId))
      // Saves of one club wait for each other here, before any of the page's rows: between two
      // statements another save could otherwise add tags this one then had to wait for.
      .for('no key update');
    if (!unit) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
    const tagIds = [...(input.tagIds ?? [])].sort();
    if (tagIds.length > 0) {
      // The chosen tags, locked against their removal or renaming until this transaction ends.
      const known = await tx
        .select({ id: clubTags.id })
        .from(clubTags)
        .where(inArray(clubTags.id, tagIds))
        .orderBy(clubTags.id)
        .for('share');
      if (known.length !== tagIds.length)
        throw AppError.badRequest(CLUB_PAGE_MESSAGES.unknownTag, {
          tagIds: CLUB_PAGE_MESSAGES.unknownTag,
        });
    }
    // The page's tags now, locked: a tag the administrator deletes meanwhile waits, or is waited for.
    await tx
      .select({ tagId: clubPageTags.tagId })
      .from(clubPageTags)
      .where(eq(clubPageTags.unitId, unitId))
      .orderBy(clubPageTags.tagId)
      .for('update');
    const [page] = await tx
      .update(clubPages)
      .set({
        tagline: input.tagline ?? null,
        about: input.about ?? null,
        contact: input.contact ?? null,
        howToJoin: input.howToJoin ?? null,
        updatedBy: actor.id,
      })
      .where(eq(clubPages.unitId, unitId))
      .returning({ unitId: clubPages.unitId });
    if (!page) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
    await tx.delete(clubPageTags).where(eq(clubPageTags.unitId, unitId));
    if (tagIds.length > 0)
      await tx.insert(clubPageTags).values(tagIds.map((tagId) => ({ unitId, tagId })));
  });
  return clubPageOf(db, actor, await slugOf(db, unitId));
}

/** The unit a student may follow: an active club or council body; 404 otherwise. */
async function followableUnit(db: Database, unitId: string): Promise<void> {
  const [unit] = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(
      and(
        eq(orgUnits.id, unitId),
        inArray(orgUnits.type, ['club', 'committee']),
        isNull(orgUnits.retiredAt),
      ),
    )
    .limit(1);
  if (!unit) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
}

/** A student follows a club; following it twice is following it once. */
export async function follow(db: Database, studentId: string, unitId: string): Promise<Follow> {
  await followableUnit(db, unitId);
  await db.insert(clubFollows).values({ userId: studentId, unitId }).onConflictDoNothing();
  return { following: true };
}

/** A student stops following a club; not following it is not an error. */
export async function unfollow(db: Database, studentId: string, unitId: string): Promise<Follow> {
  await followableUnit(db, unitId);
  await db
    .delete(clubFollows)
    .where(and(eq(clubFollows.userId, studentId), eq(clubFollows.unitId, unitId)));
  return { following: false };
}
