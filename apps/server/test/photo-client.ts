import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { studentProfiles, userPhotos, users } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent } from './factories';
import { multipart, type Part } from './multipart';

const SECRET_EXIF = 'Shot at 21.2514N 81.6296E by Secret Camera';

export const imagePart = (
  data: Buffer | string,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): Part => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/** A noisy picture: random pixels make a large, detailed file, like a camera's. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A JPEG carrying EXIF data the server must strip, a PNG and a WebP. */
export async function testImages(): Promise<{ jpegWithExif: Buffer; png: Buffer; webp: Buffer }> {
  const jpegWithExif = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Copyright: SECRET_EXIF, ImageDescription: SECRET_EXIF, Make: 'Secret Camera' },
    })
    .toBuffer();
  const png = await sharp({
    create: { width: 300, height: 700, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const webp = await sharp({
    create: { width: 1024, height: 1024, channels: 3, background: { r: 30, g: 160, b: 60 } },
  })
    .webp()
    .toBuffer();
  // The test JPEG really carries the EXIF data the server must strip.
  const metadata = await sharp(jpegWithExif).metadata();
  expect(metadata.format).toBe('jpeg');
  expect(metadata.exif?.toString('latin1')).toContain('Secret Camera');
  return { jpegWithExif, png, webp };
}

/** Requests as the profile page sends them for its photo, and the stored photos. */
export function photoClientOf(ctx: TestContext) {
  const upload = (parts: Part[], cookie?: string) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      payload,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    });
  };
  const remove = (cookie?: string, extra: { url?: string; payload?: object } = {}) =>
    ctx.app.inject({
      method: 'DELETE',
      url: extra.url ?? '/api/me/photo',
      ...(extra.payload ? { payload: extra.payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const fetchPhoto = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const photoRows = () => ctx.db.select().from(userPhotos);
  const photoRowsOf = (userId: string) =>
    ctx.db.select().from(userPhotos).where(eq(userPhotos.userId, userId));

  async function signedInStudent() {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  }

  /** Everything a refused upload must leave as it was: every stored photo and the user's rows. */
  async function snapshot(userId: string) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId));
    const photos = (await photoRows()).map((row) => ({
      ...row,
      image: Buffer.from(row.image).toString('base64'),
    }));
    return { user, profile, photos };
  }
  return { upload, remove, fetchPhoto, photoRows, photoRowsOf, signedInStudent, snapshot };
}
