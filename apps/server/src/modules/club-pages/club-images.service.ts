import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CLUB_BANNER_SIZE, PROFILE_MESSAGES, type ClubImageKind } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { clubImages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { coordinatedClub, type MembershipActor } from '../club-membership/club-access.service';
import { MAX_INPUT_PIXELS, normalizePhoto } from '../profile/photo.service';
import { clubImageUrlOf } from './club-cards.read';

/**
 * A club's picture re-encoded as a member's photo is (its format judged from the bytes, no
 * metadata, WebP): the logo a square, the banner a wide strip cut around what draws the eye.
 */
async function normalizeClubImage(kind: ClubImageKind, input: Buffer): Promise<Buffer> {
  const square = await normalizePhoto(input);
  if (kind === 'logo') return square;
  // The photo's checks passed (its format, its size, its shape): the same bytes are drawn again, wide.
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 })
      .rotate()
      .resize(CLUB_BANNER_SIZE.width, CLUB_BANNER_SIZE.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw AppError.badRequest(PROFILE_MESSAGES.photoUnreadable, {
      image: PROFILE_MESSAGES.photoUnreadable,
    });
  }
}

/** The coordinator replaces the club's logo or banner; the picture gets a new address. */
export async function saveClubImage(
  db: Database,
  actor: MembershipActor,
  unitId: string,
  kind: ClubImageKind,
  upload: Buffer,
): Promise<{ url: string | null }> {
  await coordinatedClub(db, actor, unitId);
  const image = await normalizeClubImage(kind, upload);
  const id = await asActor(db, actor.id, async (tx) => {
    const [row] = await tx
      .insert(clubImages)
      .values({ unitId, kind, image })
      .onConflictDoUpdate({
        target: [clubImages.unitId, clubImages.kind],
        set: { id: crypto.randomUUID(), image, createdAt: new Date() },
      })
      .returning({ id: clubImages.id });
    return row!.id;
  });
  return { url: clubImageUrlOf(id) };
}

/** The coordinator removes the club's logo or banner; removing none is not an error. */
export async function deleteClubImage(
  db: Database,
  actor: MembershipActor,
  unitId: string,
  kind: ClubImageKind,
): Promise<{ url: null }> {
  await coordinatedClub(db, actor, unitId);
  await asActor(db, actor.id, (tx) =>
    tx.delete(clubImages).where(and(eq(clubImages.unitId, unitId), eq(clubImages.kind, kind))),
  );
  return { url: null };
}

/** A club picture's bytes, or null when none has this id. */
export async function readClubImage(db: Database, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ image: clubImages.image })
    .from(clubImages)
    .where(eq(clubImages.id, id))
    .limit(1);
  return row?.image ?? null;
}
