import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { imagePart, noisyJpeg, photoClientOf, testImages } from '../../../test/photo-client';

const MB = 1024 * 1024;

describe('photo API', () => {
  const ctx = useTestApp();

  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    ({ png, webp } = await testImages());
  });

  const { upload, remove, fetchPhoto, photoRows, photoRowsOf, signedInStudent, snapshot } =
    photoClientOf(ctx);

  describe('PUT /api/me/photo', () => {
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

    it('refuses a strip of a picture far longer than wide, which would take minutes to enlarge', async () => {
      const { user, cookie } = await signedInStudent();
      const before = await snapshot(user.id);
      const strip = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: { r: 9, g: 9, b: 9 } } })
          .png()
          .toBuffer();
      for (const bytes of [await strip(16_000, 2), await strip(3, 200)]) {
        expect(bytes.length).toBeLessThan(2000);
        const response = await upload([imagePart(bytes, 'photo.png', 'image/png')], cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(
          'This image is too long and thin. Please choose one whose longer side is at most ten times the shorter.',
        );
      }
      expect(await snapshot(user.id)).toEqual(before);
      // Ten to one is still a picture.
      expect(
        (await upload([imagePart(await strip(640, 64), 'photo.png', 'image/png')], cookie)).statusCode,
      ).toBe(200);
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
});
