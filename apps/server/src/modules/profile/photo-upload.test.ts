import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { imagePart, noisyJpeg, photoClientOf, testImages } from '../../../test/photo-client';

const PHOTO_URL = /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MB = 1024 * 1024;
describe('photo API', () => {
  const ctx = useTestApp();

  let jpegWithExif: Buffer;
  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    ({ jpegWithExif, png, webp } = await testImages());
  });

  const { upload, remove, fetchPhoto, photoRows, photoRowsOf, signedInStudent, snapshot } =
    photoClientOf(ctx);

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
