import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { studentProfiles, userPhotos, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';

const PHOTO_URL = /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MB = 1024 * 1024;
const SECRET_EXIF = 'Shot at 21.2514N 81.6296E by Secret Camera';

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data body built by hand, as a browser's form would send it. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----cosa-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const imagePart = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/** A noisy picture: random pixels make a large, detailed file, like a camera's. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('photo API', () => {
  const ctx = useTestApp();

  let jpegWithExif: Buffer;
  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    jpegWithExif = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: SECRET_EXIF, ImageDescription: SECRET_EXIF, Make: 'Secret Camera' },
      })
      .toBuffer();
    png = await sharp({
      create: { width: 300, height: 700, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    webp = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: { r: 30, g: 160, b: 60 } },
    })
      .webp()
      .toBuffer();
    // The test JPEG really carries the EXIF data the server must strip.
    const metadata = await sharp(jpegWithExif).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif?.toString('latin1')).toContain('Secret Camera');
  });

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

  describe('PUT /api/me/photo', () => {
    it.each([
      ['a JPEG', () => imagePart(jpegWithExif, 'me.jpg', 'image/jpeg')],
      ['a PNG', () => imagePart(png, 'me.png', 'image/png')],
      ['a WebP', () => imagePart(webp, 'me.webp', 'image/webp')],
    ])('accepts %s and serves it as a 512x512 WebP without metadata', async (_name, part) => {
      const { user, cookie } = await signedInStudent();
      const response = await upload([part()], cookie);
      expect(response.statusCode).toBe(200);
      const { photoUrl } = response.json();
      expect(response.json()).toEqual({ photoUrl: expect.stringMatching(PHOTO_URL) });

      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/profile',
        headers: { cookie },
      });
      expect(profile.json().profile.personal.photoUrl).toBe(photoUrl);

      const viewer = await signInAs(ctx, (await createStudent(ctx.db)).user);
      const served = await fetchPhoto(photoUrl, viewer);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('Secret Camera');
      const [row] = await photoRowsOf(user.id);
      expect(Buffer.from(row!.image).toString('latin1')).not.toContain('Secret Camera');
    });

    it('gives a new picture a new address; the old address answers 404', async () => {
      const { cookie } = await signedInStudent();
      const first = (await upload([imagePart(png, 'a.png', 'image/png')], cookie)).json()
        .photoUrl as string;
      const second = await upload([imagePart(webp, 'b.webp', 'image/webp')], cookie);
      expect(second.statusCode).toBe(200);
      const secondUrl = second.json().photoUrl as string;
      expect(secondUrl).toMatch(PHOTO_URL);
      expect(secondUrl).not.toBe(first);
      expect((await fetchPhoto(first, cookie)).statusCode).toBe(404);
      expect((await fetchPhoto(secondUrl, cookie)).statusCode).toBe(200);
    });

    it('refuses a file over 5 MB with 413 and stores nothing', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const response = await upload(
        [imagePart(Buffer.concat([jpegWithExif, randomBytes(5 * MB + 1 - jpegWithExif.length)]))],
        cookie,
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe('The photo must be 5 MB or smaller.');
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('accepts a file of exactly 5 MB', async () => {
      const { cookie } = await signedInStudent();
      const response = await upload(
        [imagePart(Buffer.concat([jpegWithExif, Buffer.alloc(5 * MB - jpegWithExif.length)]))],
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().photoUrl).toMatch(PHOTO_URL);
    });

    it('accepts a real photo just under 5 MB', async () => {
      const { cookie } = await signedInStudent();
      const big = await noisyJpeg(1800, 1600);
      expect(big.length).toBeGreaterThan(2 * MB);
      expect(big.length).toBeLessThan(5 * MB);
      const response = await upload([imagePart(big)], cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().photoUrl).toMatch(PHOTO_URL);
    });

    it('refuses a text file that calls itself a JPEG', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const response = await upload(
        [imagePart('Dear diary, this is not a picture at all.\n'.repeat(20), 'photo.jpg', 'image/jpeg')],
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please choose a JPEG, PNG or WebP image.');
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('refuses a GIF and a TIFF, whatever they are called', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const base = sharp({
        create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 0, b: 255 } },
      });
      for (const [bytes, filename] of [
        [await base.clone().gif().toBuffer(), 'photo.jpg'],
        [await base.clone().tiff().toBuffer(), 'photo.png'],
      ] as const) {
        const response = await upload([imagePart(bytes, filename)], cookie);
        expect(response.statusCode, filename).toBe(400);
        expect(response.json().error.message).toBe('Please choose a JPEG, PNG or WebP image.');
      }
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('refuses a small file that decodes to an enormous picture', async () => {
      const { user, cookie } = await signedInStudent();
      const bomb = await sharp({
        create: { width: 9000, height: 9000, channels: 3, background: { r: 255, g: 255, b: 255 } },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(5 * MB);
      const before = await snapshot(user.id);
      const response = await upload([imagePart(bomb, 'photo.png', 'image/png')], cookie);
      expect(response.statusCode).toBe(400);
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('refuses an SVG with a script and never stores it', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>fetch("/api/auth/session")</script>' +
        '<rect width="400" height="400" fill="red"/></svg>';
      for (const [filename, type] of [
        ['avatar.svg', 'image/svg+xml'],
        ['avatar.png', 'image/png'],
      ] as const) {
        const response = await upload([imagePart(svg, filename, type)], cookie);
        expect(response.statusCode, filename).toBe(400);
        expect(response.json().error.message).toBe('Please choose a JPEG, PNG or WebP image.');
      }
      expect(await photoRowsOf(user.id)).toEqual([]);
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('refuses a truncated JPEG', async () => {
      const { user, cookie } = await signedInStudent();
      const whole = await noisyJpeg(400, 400);
      const before = await snapshot(user.id);
      const response = await upload(
        [imagePart(whole.subarray(0, Math.floor(whole.length / 2)))],
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'This image could not be read. Please choose another file.',
      );
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('refuses a request without a file in the field "image"', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const missing = {
        code: 'VALIDATION_FAILED',
        message: 'Choose an image to upload.',
        fields: { image: 'Choose an image to upload.' },
      };
      const answers = {
        wrongField: await upload(
          [{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: png }],
          cookie,
        ),
        onlyText: await upload([{ name: 'image', data: 'no file here' }], cookie),
        emptyFile: await upload([imagePart(Buffer.alloc(0), 'empty.png', 'image/png')], cookie),
        noParts: await upload([], cookie),
        json: await ctx.app.inject({
          method: 'PUT',
          url: '/api/me/photo',
          payload: { image: png.toString('base64') },
          headers: { origin: TEST_ORIGIN, cookie },
        }),
      };
      for (const [name, response] of Object.entries(answers)) {
        expect(response.statusCode, name).toBe(400);
        expect(response.json().error, name).toEqual(missing);
      }
      expect(await snapshot(user.id)).toEqual(before);
    });

    it('keeps the current picture when an upload is refused', async () => {
      const { user, cookie } = await signedInStudent();
      const photoUrl = (await upload([imagePart(png, 'me.png', 'image/png')], cookie)).json()
        .photoUrl as string;
      const before = await snapshot(user.id);
      expect(
        (await upload([imagePart('not an image', 'photo.jpg', 'image/jpeg')], cookie)).statusCode,
      ).toBe(400);
      expect(await snapshot(user.id)).toEqual(before);
      expect((await fetchPhoto(photoUrl, cookie)).statusCode).toBe(200);
    });

    it('asks a signed-out visitor to sign in and stores nothing', async () => {
      const before = await photoRows();
      const response = await upload([imagePart(png, 'me.png', 'image/png')]);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
      expect(await photoRows()).toEqual(before);
    });

    it('sends a student who has not onboarded to finish registration', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const response = await upload([imagePart(png, 'me.png', 'image/png')], await signInAs(ctx, user));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
      expect(await photoRowsOf(user.id)).toEqual([]);
    });

    it('answers 429 after 20 uploads in an hour, and still lets the user remove the photo', async () => {
      const { user, cookie } = await signedInStudent();
      for (let change = 1; change <= 20; change += 1) {
        const response = await upload([imagePart(png, 'me.png', 'image/png')], cookie);
        expect(response.statusCode, `change ${change}`).toBe(200);
      }
      const before = await snapshot(user.id);
      const refused = await upload([imagePart(webp, 'me.webp', 'image/webp')], cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many attempts. Please wait 60 minutes and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(await snapshot(user.id)).toEqual(before);
      expect((await remove(cookie)).statusCode).toBe(200);
      // Another user is not held back by this one's changes.
      const { cookie: otherCookie } = await signedInStudent();
      expect((await upload([imagePart(png, 'me.png', 'image/png')], otherCookie)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/me/photo', () => {
    it('removes the picture: the answer and the profile show none, and the old address answers 404', async () => {
      const { user, cookie } = await signedInStudent();
      const photoUrl = (await upload([imagePart(jpegWithExif)], cookie)).json().photoUrl as string;
      const response = await remove(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ photoUrl: null });
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/profile',
        headers: { cookie },
      });
      expect(profile.json().profile.personal.photoUrl).toBeNull();
      expect((await fetchPhoto(photoUrl, cookie)).statusCode).toBe(404);
      expect(await photoRowsOf(user.id)).toEqual([]);
      const again = await remove(cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ photoUrl: null });
    });

    it("removes only the user's own picture, whatever id the request names", async () => {
      const other = await signedInStudent();
      const otherUrl = (await upload([imagePart(png, 'other.png', 'image/png')], other.cookie)).json()
        .photoUrl as string;
      const otherId = otherUrl.split('/').pop()!;
      const me = await signedInStudent();
      const myUrl = (await upload([imagePart(webp, 'me.webp', 'image/webp')], me.cookie)).json()
        .photoUrl as string;

      const withBody = await remove(me.cookie, {
        url: `/api/me/photo?id=${otherId}&userId=${other.user.id}`,
        payload: { id: otherId, photoId: otherId, userId: other.user.id },
      });
      expect(withBody.statusCode).toBe(200);
      const direct = await remove(me.cookie, { url: otherUrl });
      expect(direct.statusCode).toBe(404);

      expect((await fetchPhoto(otherUrl, other.cookie)).statusCode).toBe(200);
      expect(await photoRowsOf(other.user.id)).toHaveLength(1);
      expect((await fetchPhoto(myUrl, me.cookie)).statusCode).toBe(404);
      expect(await photoRowsOf(me.user.id)).toEqual([]);
    });

    it('asks a signed-out visitor to sign in and removes nothing', async () => {
      const { cookie } = await signedInStudent();
      const photoUrl = (await upload([imagePart(png, 'me.png', 'image/png')], cookie)).json()
        .photoUrl as string;
      const before = await photoRows();
      const response = await remove();
      expect(response.statusCode).toBe(401);
      expect(await photoRows()).toEqual(before);
      expect((await fetchPhoto(photoUrl, cookie)).statusCode).toBe(200);
    });

    it('sends a student who has not onboarded to finish registration', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const response = await remove(await signInAs(ctx, user));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
    });
  });

  describe('GET /api/photos/:id', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const { cookie } = await signedInStudent();
      const photoUrl = (await upload([imagePart(png, 'me.png', 'image/png')], cookie)).json()
        .photoUrl as string;
      const response = await fetchPhoto(photoUrl);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('sends a student who has not onboarded to finish registration', async () => {
      const { cookie } = await signedInStudent();
      const photoUrl = (await upload([imagePart(png, 'me.png', 'image/png')], cookie)).json()
        .photoUrl as string;
      const response = await fetchPhoto(
        photoUrl,
        await signInAs(ctx, await createUser(ctx.db, { onboardingComplete: false })),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
    });

    it('answers 404 for an id no photo has, and 400 for one that is not an id', async () => {
      const { cookie } = await signedInStudent();
      const missing = await fetchPhoto(`/api/photos/${randomUUID()}`, cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
      expect((await fetchPhoto('/api/photos/not-a-uuid', cookie)).statusCode).toBe(400);
    });
  });
});
