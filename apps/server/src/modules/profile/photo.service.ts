import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PHOTO_SIZE, PROFILE_MESSAGES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { userPhotos } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { photoUrlOf } from './profile.service';
import { profileShownTo, type Viewer } from '../privacy/visibility.service';

/** Formats judged from the bytes, never from the file name or the declared type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** Decoding more pixels than a 50-megapixel camera gives is refused (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * The longest side may be at most this many times the shorter. Filling a square (or a banner) from
 * a strip of 16,000 × 2 pixels enlarges it 256 times over, a gigapixel of work from 500 bytes; no
 * photo or logo is that thin.
 */
const MAX_ASPECT = 10;

/**
 * Re-encodes an uploaded image to a square WebP without metadata (no location, no camera data),
 * turned upright as the camera meant. Refuses anything that is not a readable JPEG, PNG, WebP or
 * HEIF image, whatever its name says, including truncated files and SVG.
 */
export async function normalizePhoto(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width, height } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw AppError.badRequest(PROFILE_MESSAGES.photoUnsupported, {
      image: PROFILE_MESSAGES.photoUnsupported,
    });
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw AppError.badRequest(PROFILE_MESSAGES.photoUnsupported, {
      image: PROFILE_MESSAGES.photoUnsupported,
    });
  if (Math.max(width, height) > MAX_ASPECT * Math.max(1, Math.min(width, height)))
    throw AppError.badRequest(PROFILE_MESSAGES.photoOutOfShape, {
      image: PROFILE_MESSAGES.photoOutOfShape,
    });
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw AppError.badRequest(PROFILE_MESSAGES.photoUnreadable, {
      image: PROFILE_MESSAGES.photoUnreadable,
    });
  }
}

/** Replaces the user's picture in one statement (a new id, so cached copies of the old one are never shown). */
export async function savePhoto(db: Database, userId: string, image: Buffer): Promise<string> {
  const [row] = await db
    .insert(userPhotos)
    .values({ userId, image })
    .onConflictDoUpdate({
      target: userPhotos.userId,
      set: { id: crypto.randomUUID(), image, createdAt: new Date() },
    })
    .returning({ id: userPhotos.id });
  return photoUrlOf(row!.id)!;
}

/** Removes the user's picture; the default avatar shows again. Removing none is not an error. */
export async function deletePhoto(db: Database, userId: string): Promise<void> {
  await db.delete(userPhotos).where(eq(userPhotos.userId, userId));
}

/**
 * A stored picture's bytes, or null when there is none with this id or the viewer may not see it:
 * another student whose owner chose not to show their photo (decision 0041) learns nothing more
 * from its address than from an unknown one.
 */
export async function readPhoto(db: Database, viewer: Viewer, photoId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ image: userPhotos.image })
    .from(userPhotos)
    .where(and(eq(userPhotos.id, photoId), profileShownTo(viewer, userPhotos.userId)))
    .limit(1);
  return row?.image ?? null;
}
