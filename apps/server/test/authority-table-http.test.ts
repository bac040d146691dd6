import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { achievements, positionHolders, userSkills } from '../src/db/schema/index';
import { AUTHORITY_TABLE, rowName, type Actor, type Row, type Subject } from './authority-table';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import {
  councilOfCategory,
  createAchievement,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from './factories';

/*
 * The table of who may verify, appoint and end what, through the API on a real campus: each row
 * acts on a record of its own, and a refused row (403) leaves it as it was. Revoking is the rule's
 * alone here (authority-table.test.ts): its endpoint belongs to the credentials' status; confirming
 * a holding goes through its own endpoint in holding-confirmations.test.ts.
 */
describe('who may verify, appoint and end what: through the API', () => {
  const ctx = useTestApp();
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });

  type Campus = Awaited<ReturnType<typeof buildCampus>>;
  let campus: Campus;

  async function buildCampus() {
    const cosa = await createOrgUnit(ctx.db, { name: 'COSA', type: 'council', parentId: null });
    const scitech = await councilOfCategory(ctx.db, 'technical');
    const coding = await createOrgUnit(ctx.db, { name: 'Coding Club', category: 'technical' });
    const music = await createOrgUnit(ctx.db, { name: 'Music Club', category: 'cultural' });
    const open = { skillsRequired: [], positionCount: 200 };
    const codingPosition = await createPosition(ctx.db, { unitId: coding.id, ...open });
    const musicPosition = await createPosition(ctx.db, { unitId: music.id, ...open });
    const codingMembership = await createPosition(ctx.db, { unitId: coding.id, ...open });
    const codingEvent = await createEvent(ctx.db, { organizingUnitId: coding.id });
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: coding.id });
    const people: Record<Actor, { id: string }> = {
      'Coding Club coordinator': coordinator,
      'SciTech general secretary': await createUser(ctx.db, { role: 'GENSEC_SCITECH' }),
      'Cultural general secretary': await createUser(ctx.db, { role: 'GENSEC_CULTURAL' }),
      president: await createUser(ctx.db, { role: 'PRESIDENT' }),
      administrator: await createUser(ctx.db, { role: 'ADMIN' }),
      student: (await createStudent(ctx.db)).user,
    };
    const cookies = Object.fromEntries(
      await Promise.all(
        Object.entries(people).map(async ([actor, user]) => [actor, await signInAs(ctx, user)]),
      ),
    ) as Record<Actor, string>;
    return {
      cosa,
      scitech,
      coding,
      music,
      codingPosition,
      codingMembership,
      musicPosition,
      codingEvent,
      people,
      cookies,
    };
  }

  beforeAll(async () => {
    campus = await buildCampus();
  });

  const newStudent = async () => (await createStudent(ctx.db)).user.id;
  const endorsedSkill = async () =>
    (await createSkill(ctx.db, { type: 'technical', isEndorsed: true })).id;
  /** A council office of its own for the row: a single seat, vacant. */
  const office = (unitId: string) =>
    createPosition(ctx.db, { unitId, skillsRequired: [], positionCount: 1 });

  /** The request a row sends, and how its record stands afterwards (the same when refused). */
  type Attempt = {
    method: 'POST' | 'PUT';
    url: string;
    payload?: object;
    state: () => Promise<unknown>;
  };

  async function verifyAttempt(subject: Subject): Promise<Attempt> {
    // The finding's student: a member of the Coding Club (a verified holding of its position).
    const ravi = await newStudent();
    await createPositionHolder(ctx.db, { userId: ravi, positionId: campus.codingMembership.id });
    const achievement = async (values: Parameters<typeof createAchievement>[1]) => {
      const row = await createAchievement(ctx.db, { userId: ravi, ...values });
      return {
        method: 'POST' as const,
        url: `/api/endorsements/achievements/${row.id}/verify`,
        state: async () =>
          (await ctx.db.select().from(achievements).where(eq(achievements.id, row.id)))[0]!.verified,
      };
    };
    const claim = async (positionId: string | null) => {
      const row = await createUserSkill(ctx.db, {
        userId: ravi,
        skillId: await endorsedSkill(),
        positionId,
      });
      return {
        method: 'POST' as const,
        url: `/api/endorsements/user-skills/${row.id}/endorse`,
        state: async () =>
          (await ctx.db.select().from(userSkills).where(eq(userSkills.id, row.id)))[0]!.isEndorsed,
      };
    };
    const record = async (positionId: string, verification: 'self_declared' | 'pending') => {
      const row = await createPositionHolder(ctx.db, {
        userId: ravi,
        positionId,
        verification,
        ...(verification === 'pending'
          ? { proposedBy: campus.people['Coding Club coordinator'].id }
          : {}),
      });
      return {
        method: 'POST' as const,
        url: `/api/endorsements/positions/${row.id}/verify`,
        state: async () =>
          (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, row.id)))[0]!
            .verification,
      };
    };
    switch (subject) {
      case 'college-level achievement at a Coding Club event':
        return achievement({ type: 'technical', level: 'college', eventId: campus.codingEvent.id });
      case 'International achievement at a Coding Club event':
        return achievement({
          type: 'technical',
          level: 'international',
          eventId: campus.codingEvent.id,
        });
      case 'achievement with no level at a Coding Club event':
        return achievement({ type: 'technical', level: null, eventId: campus.codingEvent.id });
      case 'national technical achievement tied to no event':
        return achievement({ type: 'technical', level: 'national' });
      case 'cultural achievement tied to no event':
        return achievement({ type: 'cultural' });
      case 'skill claim naming a Coding Club position':
        return claim(campus.codingPosition.id);
      case 'skill claim naming no position':
        return claim(null);
      case 'self-declared Coding Club position':
        return record(campus.codingPosition.id, 'self_declared');
      case 'self-declared Music Club position':
        return record(campus.musicPosition.id, 'self_declared');
      case "Coding Club coordinator's appointment awaiting the council":
        return record(campus.codingPosition.id, 'pending');
      default:
        throw new Error(`no record to verify for ${subject}`);
    }
  }

  async function appointAttempt(subject: Subject): Promise<Attempt> {
    const positionId = {
      'President, COSA': async () => (await office(campus.cosa.id)).id,
      'General Secretary, SciTech': async () => (await office(campus.scitech.id)).id,
      'Coding Club position': async () => campus.codingPosition.id,
      'Music Club position': async () => campus.musicPosition.id,
    }[subject as 'Coding Club position'];
    if (!positionId) throw new Error(`no position to appoint to for ${subject}`);
    const position = await positionId();
    const userId = await newStudent();
    const held = () => ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, userId));
    return {
      method: 'POST',
      url: '/api/position-holders',
      payload: { userId, positionId: position, tenureYear: currentTenure(), status: 'active' },
      state: async () => (await held()).length,
    };
  }

  async function endAttempt(subject: Subject): Promise<Attempt> {
    const holding = {
      "the president's holding": async () => ({
        userId: campus.people.president.id,
        positionId: (await office(campus.cosa.id)).id,
      }),
      "the SciTech general secretary's holding": async () => ({
        userId: campus.people['SciTech general secretary'].id,
        positionId: (await office(campus.scitech.id)).id,
      }),
      'Coding Club holding': async () => ({
        userId: await newStudent(),
        positionId: campus.codingPosition.id,
      }),
      'Music Club holding': async () => ({
        userId: await newStudent(),
        positionId: campus.musicPosition.id,
      }),
    }[subject as 'Coding Club holding'];
    if (!holding) throw new Error(`no holding to end for ${subject}`);
    const values = await holding();
    const row = await createPositionHolder(ctx.db, { ...values, status: 'active' });
    return {
      method: 'PUT',
      url: `/api/position-holders/${row.id}`,
      payload: { ...values, tenureYear: row.tenureYear, status: 'terminated' },
      state: async () =>
        (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, row.id)))[0]!.status,
    };
  }

  const SUCCESS = { verify: 200, appoint: 201, end: 200 } as const;
  const rows = AUTHORITY_TABLE.filter(
    ([, action]) => action !== 'revoke' && action !== 'confirm',
  ) as (Row & {
    1: 'verify' | 'appoint' | 'end';
  })[];

  it.each(rows.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const [actor, action, subject, outcome] = row;
    const attempt =
      action === 'verify'
        ? await verifyAttempt(subject)
        : action === 'appoint'
          ? await appointAttempt(subject)
          : await endAttempt(subject);
    const before = await attempt.state();
    const response = await send(attempt.method, attempt.url, campus.cookies[actor], attempt.payload);
    if (outcome === 'allowed') {
      expect(response.statusCode, response.body).toBe(SUCCESS[action]);
      expect(await attempt.state()).not.toEqual(before);
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.message).toEqual(expect.any(String));
      expect(await attempt.state()).toEqual(before);
    }
  });
});
