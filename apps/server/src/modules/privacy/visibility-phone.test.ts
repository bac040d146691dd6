import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { privacyChoices, userPhotos } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { privacyWorld, type ViewerKind } from '../../../test/privacy-world';

// The mobile number on a person's page (decision 0041), typed by hand: nobody but the person and
// the administrator sees it, until the person chooses to show it; then every onboarded viewer does.
describe('the mobile number a student chooses to show on their page', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof privacyWorld>>;

  beforeAll(async () => {
    world = await privacyWorld(ctx);
  });

  const pageOf = async (viewer: ViewerKind) => {
    const response = await world.get(
      `/api/people/${world.subjects.hidden.id}`,
      world.cookieOf(viewer, 'hidden'),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    if (body.personal) return `personal ${body.personal.phone}`;
    return body.sharedPhone ? `shown ${body.sharedPhone}` : 'none';
  };
  const showPhone = (value: boolean) =>
    ctx.db
      .update(privacyChoices)
      .set({ showPhone: value })
      .where(eq(privacyChoices.userId, world.subjects.hidden.id));

  it.each([
    ['self', 'personal 9812345670', 'personal 9812345670'],
    ['student', 'none', 'shown 9812345670'],
    ['gensec', 'none', 'shown 9812345670'],
    ['president', 'none', 'shown 9812345670'],
    ['coordinator', 'none', 'shown 9812345670'],
    ['admin', 'personal 9812345670', 'personal 9812345670'],
  ] as const)('as %s: hidden "%s", shown "%s"', async (viewer, hidden, shown) => {
    await showPhone(false);
    expect(await pageOf(viewer)).toBe(hidden);
    await showPhone(true);
    expect(await pageOf(viewer)).toBe(shown);
    await showPhone(false);
    expect(await pageOf(viewer)).toBe(hidden);
  });

  // The photo's own address: another student whose subject hid it gets the answer of an unknown photo.
  it.each([
    ['self', 200, 200],
    ['student', 200, 404],
    ['gensec', 200, 200],
    ['president', 200, 200],
    ['coordinator', 200, 200],
    ['admin', 200, 200],
  ] as const)('GET /api/photos/:id as %s: open %s, hidden %s', async (viewer, open, hidden) => {
    for (const [subject, expected] of [
      ['open', open],
      ['hidden', hidden],
    ] as const) {
      const [photo] = await ctx.db
        .select({ id: userPhotos.id })
        .from(userPhotos)
        .where(eq(userPhotos.userId, world.subjects[subject].id));
      const response = await world.get(`/api/photos/${photo!.id}`, world.cookieOf(viewer, subject));
      expect([subject, response.statusCode]).toEqual([subject, expected]);
    }
  });
});
