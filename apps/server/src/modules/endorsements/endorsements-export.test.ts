import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { achievements } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import { createAchievement, createEvent, createStudent, createUser } from '../../../test/factories';
import {
  ACHIEVEMENTS_HEADER,
  CLAIMS_HEADER,
  FORMULA,
  MARATHON,
  ROBOT_WARS,
  seedEndorsementQueue,
  SOLDERING,
  TABLA_MEMBER,
  TABLA_OUTSIDER,
} from '../../../test/endorsement-export-queue';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

describe("the endorsement panel's exports", () => {
  const ctx = useTestApp();
  const download = (path: string, cookie: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/endorsements/${path}`,
      headers: cookie ? { cookie } : {},
    });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) =>
    signInAs(ctx, await createUser(ctx.db, { role, ...overrides }));
  let clubId = '';

  // The exports only read, so every test reads one queue: a club member's and an outsider's items, and some no longer waiting.
  beforeAll(async () => {
    ({ clubId } = await seedEndorsementQueue(ctx));
  });

  it('asks a signed-out visitor to sign in', async () => {
    for (const path of ['user-skills/export', 'achievements/export']) {
      const response = await download(path, undefined);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a student, and a general secretary asking for a type not theirs', async () => {
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    const scitech = await signedIn('GENSEC_SCITECH');
    for (const path of ['user-skills/export', 'achievements/export']) {
      expect((await download(path, student)).json().error.code).toBe('FORBIDDEN');
      const otherType = await download(`${path}?type=cultural`, scitech);
      expect(otherType.statusCode).toBe(403);
      expect(otherType.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a type filter the panel does not know', async () => {
    const president = await signedIn('PRESIDENT');
    for (const path of ['user-skills/export?type=music', 'achievements/export?type=music']) {
      const response = await download(path, president);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['type']);
    }
  });

  it('gives the president every waiting item, oldest first, named, on the institute clock, formulas defused', async () => {
    const president = await signedIn('PRESIDENT');
    expect(csvRecords(await download('user-skills/export', president), 'skill-claims')).toEqual([
      CLAIMS_HEADER,
      SOLDERING,
      TABLA_OUTSIDER,
      TABLA_MEMBER,
    ]);
    expect(csvRecords(await download('achievements/export', president), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
      ROBOT_WARS,
      FORMULA,
      MARATHON,
    ]);
  });

  it("honours the list's type filter and a general secretary's own type", async () => {
    const president = await signedIn('PRESIDENT');
    expect(
      csvRecords(await download('user-skills/export?type=cultural&page=2', president), 'skill-claims'),
    ).toEqual([CLAIMS_HEADER, TABLA_OUTSIDER, TABLA_MEMBER]);
    expect(
      csvRecords(await download('achievements/export?type=sports', president), 'achievements'),
    ).toEqual([ACHIEVEMENTS_HEADER, MARATHON]);
    const cultural = await signedIn('GENSEC_CULTURAL');
    expect(csvRecords(await download('user-skills/export', cultural), 'skill-claims')).toEqual([
      CLAIMS_HEADER,
      TABLA_OUTSIDER,
      TABLA_MEMBER,
    ]);
    expect(csvRecords(await download('achievements/export', cultural), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
      FORMULA,
    ]);
  });

  it('gives a club coordinator only the items tied to their club, of achievements those at its events at college level', async () => {
    // An achievement at one of the club's own events, at the institute's level: the only kind a
    // coordinator verifies. Removed afterwards, so the other tests read the shared queue unchanged.
    const expo = await createEvent(ctx.db, { title: 'Robo Expo', organizingUnitId: clubId });
    const { user: builder } = await createStudent(ctx.db, {
      name: 'Ishita Bose',
      username: 'ishita.bose',
      email: 'ishita.bose@iitbhilai.ac.in',
      studentId: '22110099',
    });
    const atClubEvent = await createAchievement(ctx.db, {
      userId: builder.id,
      achievementCode: 'ACH-90205',
      title: 'Best Robot Design',
      description: 'Judged best design at the expo.',
      category: 'Exhibition',
      type: 'technical',
      level: 'college',
      eventId: expo.id,
      dateAchieved: '2025-01-30',
      position: 'First',
      createdAt: new Date('2025-02-07T04:30:00Z'),
    });
    try {
      const coordinator = await signedIn('CLUB_COORDINATOR', { clubUnitId: clubId });
      // The member's claim naming the club's position; not the member's Tabla claim, tied to no unit.
      expect(csvRecords(await download('user-skills/export', coordinator), 'skill-claims')).toEqual([
        CLAIMS_HEADER,
        SOLDERING,
      ]);
      // Not the member's national and state achievements: neither is at the club's events.
      expect(csvRecords(await download('achievements/export', coordinator), 'achievements')).toEqual([
        ACHIEVEMENTS_HEADER,
        [
          'ACH-90205',
          '2025-02-07 10:00',
          'Ishita Bose',
          '22110099',
          'ishita.bose@iitbhilai.ac.in',
          'Best Robot Design',
          'Judged best design at the expo.',
          'Exhibition',
          'Technical',
          'College',
          'Robo Expo',
          '2025-01-30',
          'First',
        ],
      ]);
      const unlinked = await signedIn('CLUB_COORDINATOR');
      expect(csvRecords(await download('achievements/export', unlinked), 'achievements')).toEqual([
        ACHIEVEMENTS_HEADER,
      ]);
    } finally {
      await ctx.db.delete(achievements).where(eq(achievements.id, atClubEvent.id));
    }
  });

  it('sends just the header when nothing waits', async () => {
    const president = await signedIn('PRESIDENT');
    const claims = await download('user-skills/export?type=academic', president);
    expect(claims.body).toBe(`\uFEFF${CLAIMS_HEADER.join(',')}\r\n`);
    expect(
      csvRecords(await download('achievements/export?type=academic', president), 'achievements'),
    ).toEqual([ACHIEVEMENTS_HEADER]);
  });
});
